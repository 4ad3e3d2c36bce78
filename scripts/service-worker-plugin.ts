// Builds the installable app's service worker (client/sw/sw.ts) into the client's output as
// /sw.js, with the list of files it precaches written in (docs/app.md#service-worker). By hand
// rather than vite-plugin-pwa: see docs/app.md#why-not-vite-plugin-pwa.
import { createHash } from "node:crypto";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";
import { staticFiles } from "./bundle-graph.ts";
import { CATALOGUE_MODULE } from "./compiled-messages.ts";

const SW_SOURCE = path.join(import.meta.dirname, "..", "client", "sw", "sw.ts");

/**
 * The page modules the offline app needs: the consumer's pages (/app, the live map, profiles,
 * marketing), the sign-in pages /app sends a signed-out visitor to, and the app's own modules. Dashboard and admin code is never precached on a phone.
 */
const OFFLINE_MODULES = /\/client\/(pages\/(marketing|live|app|auth)\/|pages\/(NotFound|ErrorPage)\.tsx$|app\/)/;

/**
 * The page the service worker keeps as the app's shell and answers every page with offline. Not
 * "/": the worker renders the public pages (docs/server-rendering.md), and Home's HTML with its
 * data island would be hydrated as whatever page was asked for. /app is a page of one person, so the
 * worker sends it as the plain shell, whose app routes any path itself.
 */
export const OFFLINE_SHELL = "/app";

/** Public files the installed app shows (manifest, icons). */
const PUBLIC_FILES = ["/manifest.webmanifest", "/favicon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];

/**
 * The shell plus every JavaScript and CSS file that the entry and the offline page modules load
 * statically, and the languages' compiled catalogues (docs/languages.md): the app loads the
 * visitor's at its start, offline as online.
 */
export function precacheList(bundle: Rolldown.OutputBundle): string[] {
  const offline = (id: string) => OFFLINE_MODULES.test(id.replaceAll("\\", "/")) || CATALOGUE_MODULE.test(id);
  const { js, css } = staticFiles(bundle, (chunk) => chunk.isEntry || (!!chunk.facadeModuleId && offline(chunk.facadeModuleId)));
  return [OFFLINE_SHELL, ...PUBLIC_FILES, ...[...js, ...css].sort().map((file) => `/${file}`)];
}

export function serviceWorker(): Plugin {
  return {
    name: "third-place:service-worker",
    apply: "build",
    // After Vite's own generateBundle, which drops the empty JavaScript of CSS-only chunks: a
    // precached file that is not served fails the worker's install.
    enforce: "post",
    async generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const precache = precacheList(bundle);
      const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
      const result = await build({
        configFile: false,
        logLevel: "warn",
        define: { PRECACHE: JSON.stringify(precache), VERSION: JSON.stringify(version), OFFLINE_SHELL: JSON.stringify(OFFLINE_SHELL) },
        build: {
          write: false,
          minify: true,
          lib: { entry: SW_SOURCE, formats: ["iife"], name: "thirdPlaceServiceWorker", fileName: () => "sw.js" },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const code = outputs[0].output.find((file) => file.type === "chunk")!.code;
      this.emitFile({ type: "asset", fileName: "sw.js", source: code });
    },
  };
}
