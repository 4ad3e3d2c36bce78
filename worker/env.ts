import type { Principal } from "./auth/tokens";

/** The device behind a valid ingest key. */
export interface DeviceIdentity {
  id: number;
  placeId: number;
  name: string;
}

/** The Hono environment shared by every router and middleware: bindings plus per-request values. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** Set by requireUser / requireAdmin / requirePlaceOwner. */
    principal: Principal;
    /** Set by requireDevice. */
    device: DeviceIdentity;
  };
}
