import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// THIRD_PLACE_STATE lets tests run the built app against a throw-away D1/R2/DO state.
const stateDir = process.env.THIRD_PLACE_STATE;

export default defineConfig({
  plugins: [react(), cloudflare({ persistState: stateDir ? { path: stateDir } : true })],
  build: {
    // Fail loudly instead of silently shipping a huge marketing bundle.
    chunkSizeWarningLimit: 400,
  },
});
