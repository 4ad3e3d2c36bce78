// Creates .dev.vars with random local secrets when it is missing. `npm test` runs this before
// `vite build`, which copies .dev.vars next to the built worker: a build without it serves an app
// with no JWT_SECRET, whose sign-in fails.
import { ensureDevVars } from "./local-state.ts";

ensureDevVars();
