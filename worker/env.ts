import type { KeyFromD1 } from "./occupancy/place-occupancy";
import type { Principal } from "./auth/tokens";
import type { ActiveIntegrationKey } from "./db/integrations";

/** A sensor's bearer key, as its SHA-256, and the place it was registered at. */
export interface DeviceKey {
  keyHash: string;
  placeId: number;
  /** Set when this request read the key from D1 (its first in this isolate): the place's object need not read it again. */
  readFromD1?: KeyFromD1;
}

/** The Hono environment shared by every router and middleware: bindings plus per-request values. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** Set by requireUser / requireAdmin / requirePlaceOwner. */
    principal: Principal;
    /** Set by requirePlaceOwner: the place in the path, whose ownership it checked. */
    placeId: number;
    /** Set by requireDeviceKey. */
    deviceKey: DeviceKey;
    /** Set by requireIntegrationKey. */
    integrationKey: ActiveIntegrationKey;
  };
}
