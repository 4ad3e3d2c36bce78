import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// THIRD_PLACE_STATE lets tests run the built app against a throw-away D1/R2/DO state.
const stateDir = process.env.THIRD_PLACE_STATE;

export default defineConfig({
  plugins: [react(), cloudflare({ persistState: stateDir ? { path: stateDir } : true })],
  build: {
    // The bundle benchmark (npm run bench) reads this to know what each route loads; kept out of
    // the served assets.
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
});
