// Builds and previews the bare worker the way vite.config.ts does the app (no client, no state).
import { cloudflare } from "@cloudflare/vite-plugin";
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [cloudflare({ configPath: "./wrangler.toml", persistState: false })],
  logLevel: "warn",
});
