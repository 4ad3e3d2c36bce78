// A fresh PlaceOccupancy object for the tests of one of its modules (worker/occupancy/place/): the
// module runs inside the object, on its SqlStorage, with the tables the object created.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { PlaceOccupancy } from "../../worker/occupancy/place-occupancy";

export function inFreshObject<R>(run: (storage: DurableObjectStorage, object: PlaceOccupancy) => R | Promise<R>): Promise<R> {
  const stub = env.PLACE_OCCUPANCY.getByName(`module-test:${crypto.randomUUID()}`);
  return runInDurableObject(stub, (object: PlaceOccupancy, state) => run(state.storage, object));
}
