// Builds the app with its D1 statements counted (./worker.ts) for `npm run bench`: the app's own
// vite.config.ts with the worker's entry swapped and its own output folder.
import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = path.resolve(import.meta.dirname, "../../..");
const stateDir = process.env.THIRD_PLACE_STATE;

export default defineConfig({
  root,
  plugins: [
    react(),
    cloudflare({
      configPath: path.join(root, "wrangler.toml"),
      config: { main: path.join(import.meta.dirname, "worker.ts") },
      persistState: stateDir ? { path: stateDir } : false,
    }),
  ],
  build: { outDir: path.join(root, "dist-bench", "d1-count"), manifest: false },
  logLevel: "warn",
});
