// Builds and previews the minimal durable write the way vite.config.ts does the app (no client; its object's state is thrown away).
import { cloudflare } from "@cloudflare/vite-plugin";
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [cloudflare({ configPath: "./wrangler.toml", persistState: false })],
  logLevel: "warn",
});
