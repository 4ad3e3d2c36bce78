// The forecast backtest (forecast.ts) runs the worker's own pure forecast in Node. Worker modules
// import each other without an extension, as the bundler allows; Node needs one, so a relative
// import that names no file resolves to the same path with `.ts`, as Vite would resolve it.
// Loaded by `npm run bench` with `node --import`.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const relative = specifier.startsWith("./") || specifier.startsWith("../");
      if (!relative || /\.[cm]?[jt]sx?$/.test(specifier) || (error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});
