// Builds the app for `npm run faults` (./worker.ts): the app's own config with the worker's entry
// swapped and its own output folder, never deployed (docs/faults.md#the-faults-build).
import path from "node:path";
import { appVariant } from "../bench/app-variant.ts";

export default appVariant(path.join(import.meta.dirname, "worker.ts"), "dist-faults");
