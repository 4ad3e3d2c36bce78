import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import compression from "compression";
import { defineConfig, type Connect, type Plugin } from "vite";
import { ISLANDS_ENTRY_META } from "./common/page-render.ts";
import { staticFiles } from "./scripts/bundle-graph.ts";
import { compiledCatalogues, formatterWithoutParser } from "./scripts/compiled-messages.ts";
import { localOutbox } from "./scripts/local-outbox.ts";
import { serviceWorker } from "./scripts/service-worker-plugin.ts";

// THIRD_PLACE_STATE lets tests run the built app against a throw-away D1/R2/DO state.
const stateDir = process.env.THIRD_PLACE_STATE;

/**
 * `npm start` (vite preview) compresses text answers the way Cloudflare's edge does in production,
 * so the local app loads like the deployed one (a 320 KB bundle is 100 KB over the wire). Listed
 * before the Cloudflare plugin so its middleware wraps the plugin's.
 */
const compressLikeTheEdge: Plugin = {
  name: "third-place:compress-like-the-edge",
  configurePreviewServer(server) {
    // Typed for Express; it only uses what Node's request and response have.
    server.middlewares.use(compression() as unknown as Connect.NextHandleFunction);
  },
};

/** Output chunks of the public pages' route modules (client/routes.tsx), named after their files. */
const PUBLIC_PAGE_CHUNK = /\/(Home|About|Faq|ForBusinesses|ForConsumers|PartnerLogin|SubmitBusiness|LiveMap|BarProfile|NotFound)-[\w-]+\.js$/;

/** The consumer app's shell (common/app-shell.ts): the worker paints its frame on /app paths, with its CSS. */
const APP_SHELL_CHUNK = /\/AppShell-[\w-]+\.js$/;

/**
 * The public pages' own CSS as stylesheets in the app's HTML, each tagged with the pages that
 * import it (`data-pages`, by chunk name). The worker renders those pages
 * (docs/server-rendering.md#the-pages-css) and keeps the rendered page's links only; Vite would
 * otherwise load a page's CSS only with its lazy script, and the rendered page painted without it,
 * then moved (a layout shift of 0.17 on Home at 412 px). The app shell's CSS is tagged the same way,
 * for the frame the worker paints on /app paths (docs/app.md#first-paint). Signed-in pages keep
 * loading theirs with their code.
 *
 * The entry's script goes after every stylesheet: a browser asks for files in the order it reads
 * them, and the first paint waits for the stylesheets, not the script (Home's first paint in
 * Lighthouse's slow-4G model: 1.9 s with the script first, 1.0 s after).
 */
export const publicPageStyles: Plugin = {
  name: "third-place:public-page-styles",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, { bundle }) {
      if (!bundle) return;
      const entryCss = staticFiles(bundle, (chunk) => chunk.isEntry).css;
      const pagesOf = new Map<string, string[]>();
      for (const page of Object.values(bundle)) {
        if (page.type !== "chunk" || !(PUBLIC_PAGE_CHUNK.test(`/${page.fileName}`) || APP_SHELL_CHUNK.test(`/${page.fileName}`))) continue;
        for (const css of staticFiles(bundle, (chunk) => chunk === page).css) {
          if (!entryCss.has(css)) pagesOf.set(css, [...(pagesOf.get(css) ?? []), page.name].sort());
        }
      }
      const links = [...pagesOf]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([css, pages]) => `    <link rel="stylesheet" crossorigin href="/${css}" data-pages="${pages.join(" ")}">\n`)
        .join("");
      const entry = /\s*(<script type="module" crossorigin src="[^"]+"><\/script>)/.exec(html);
      if (!entry) throw new Error("index.html has no entry script to put after the stylesheets");
      return html.replace(entry[0], "").replace(/\s*<\/head>/, `\n${links}    ${entry[1]}\n  </head>`);
    },
  },
};

/** The public pages' islands' entry (docs/server-rendering.md#islands), a second input of the client's build. */
const ISLANDS_ENTRY = "client/islands.tsx";

/**
 * Writes the islands' entry's address into the app's HTML, as a `<meta>` the worker reads: the
 * worker loads that entry instead of the app's on a page of islands (worker/site/render.ts). In
 * development, the source module, which Vite serves.
 */
export const islandsEntry: Plugin = {
  name: "third-place:islands-entry",
  transformIndexHtml: {
    order: "post",
    handler(html, { bundle }) {
      const chunk = bundle
        ? Object.values(bundle).find((file) => file.type === "chunk" && file.isEntry && file.facadeModuleId?.replaceAll("\\", "/").endsWith(ISLANDS_ENTRY))
        : null;
      if (bundle && !chunk) throw new Error(`the build has no ${ISLANDS_ENTRY}`);
      const src = chunk ? `/${chunk.fileName}` : `/${ISLANDS_ENTRY}`;
      // Before the scripts, which the worker reads it for.
      return html.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1\n    <meta name="${ISLANDS_ENTRY_META}" content="${src}">`);
    },
  },
};

/**
 * Two entries: the app's (index.html) and the public pages' islands'. The app's entry no longer
 * gathers everything it imports statically into its own file (Rolldown's `$initial` group): React
 * DOM and the router would sit in that file, and an island importing them would load all of the
 * app's entry (docs/server-rendering.md#islands).
 */
export const clientEntries = { client: { build: { rolldownOptions: { input: { index: "index.html", islands: ISLANDS_ENTRY } } } } };

export default defineConfig({
  plugins: [
    compressLikeTheEdge,
    // Mail written as .eml files under the state folder (docs/accounts.md#mail), before the worker.
    localOutbox(stateDir),
    react(),
    cloudflare({
      persistState: stateDir ? { path: stateDir } : true,
      // Servers on a throw-away state (tests, the bench) open no debugger port: the plugin takes the
      // first free one from 9229 on, and of two servers starting at once both took the same one
      // and one never answered.
      inspectorPort: stateDir ? false : undefined,
    }),
    serviceWorker(),
    // The browser formats compiled messages and never parses ICU (docs/languages.md#no-icu-parser-in-the-browser).
    compiledCatalogues(),
    { ...formatterWithoutParser(), applyToEnvironment: (environment) => environment.name === "client" },
    publicPageStyles,
    islandsEntry,
  ],
  environments: clientEntries,
  build: {
    // The bundle benchmark (npm run bench) reads this to know what each route loads; kept out of
    // the served assets.
    manifest: true,
    chunkSizeWarningLimit: 400,
    modulePreload: {
      // The polyfill fetches `<link rel="modulepreload">` tags of the HTML in browsers without
      // modulepreload (Safari before 17): the app's HTML has none (the entry's file holds everything
      // it imports), and Vite's loader of lazy chunks falls back to rel="preload" there by itself.
      // 0.2 KB gzipped off every first view (docs/server-rendering.md#first-view-javascript).
      polyfill: false,
      // The entry chunk lists every lazy route's dependencies so they load in parallel, and every
      // first view pays for that list. Only the public pages keep theirs: they have first-view
      // budgets and Lighthouse scores (docs/performance.md); signed-in pages load theirs on use.
      resolveDependencies: (filename, deps, { hostType }) => (hostType === "js" && !PUBLIC_PAGE_CHUNK.test(filename) ? [] : deps),
    },
  },
});
