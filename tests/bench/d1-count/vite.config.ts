// Builds the app with its D1 statements counted (./worker.ts) for `npm run bench`: the app's own
// config with the worker's entry swapped and its own output folder.
import path from "node:path";
import { appVariant } from "../app-variant.ts";

export default appVariant(path.join(import.meta.dirname, "worker.ts"), "dist-bench/d1-count");
