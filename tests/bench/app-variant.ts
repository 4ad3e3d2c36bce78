// A build of the app for a tool, not for deploying: the app's own Cloudflare config with another
// worker entry (the app's worker wrapped) and its own output folder, and its public pages built as
// the app's are (vite.config.ts). The bench's D1-counting build
// (./d1-count) and the faults build (../faults) are made with it.
import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { compiledCatalogues, formatterWithoutParser } from "../../scripts/compiled-messages.ts";
import { clientEntries, islandsEntry, publicPageStyles } from "../../vite.config.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The Vite config of the app with `main` as the worker's entry, built into `outDir` (relative to the repository). */
export function appVariant(main: string, outDir: string): UserConfig {
  const stateDir = process.env.THIRD_PLACE_STATE;
  return defineConfig({
    root,
    plugins: [
      react(),
      cloudflare({
        configPath: path.join(root, "wrangler.toml"),
        config: { main },
        persistState: stateDir ? { path: stateDir } : false,
      }),
      // The app's catalogues, compiled as the app's build compiles them (vite.config.ts).
      compiledCatalogues(),
      { ...formatterWithoutParser(), applyToEnvironment: (environment) => environment.name === "client" },
      // The public pages as the app's build makes them: their stylesheets in the HTML, and a page of
      // islands loading the islands' entry, which ships only the answers its islands read.
      publicPageStyles,
      islandsEntry,
    ],
    environments: clientEntries,
    build: { outDir: path.join(root, outDir), manifest: false },
    logLevel: "warn",
  });
}
