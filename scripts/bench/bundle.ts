// Bundle budgets. The public pages (issue 38): the gzipped JavaScript a phone fetches before its
// first interaction, measured in Chromium on the served build. The single-page app's route groups:
// what each loads on first view, from Vite's manifest.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/e2e/chromium.ts";
import { root } from "../local-state.ts";
import { serveBuiltApp } from "../serve-built-app.ts";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const clientDir = path.join(root, "dist", "client");

/** The single-page app's route groups and the page modules that open them. */
const groups: Record<string, string[]> = {
  app: ["client/pages/app/shell/AppShell.tsx", "client/pages/app/NearMe.tsx"],
  dashboard: ["client/pages/dashboard/Dashboard.tsx"],
  admin: ["client/pages/admin/Admin.tsx"],
};

/** The consumer app's first view, /app: its shell and the Near me tab (issue 28; "Tonight" became these). */
const APP_BUDGET_KB = 130;

/**
 * Issue 38: the public pages' JavaScript before the first interaction (KB gzipped): the marketing
 * pages ship only the islands' entry, a profile its islands that hydrate early, the live map its map.
 */
const FIRST_INTERACTION_BUDGET_KB: Record<string, number> = {
  "/": 25,
  "/about": 25,
  "/faq": 25,
  "/bars": 25,
  "/consumers": 25,
  "/submit-business": 25,
  // Partner Log-In, linked from every public page: a page of islands since issue 38 (its way in
  // hydrates at the first touch), held to the marketing pages' budget, no longer the app's 110 KB.
  "/businesses": 25,
  "/profile/the-copper-lantern": 80,
  "/live-look": 120,
};
/** After `load`, how long the page is left before its scripts are counted (issue 38's method). */
const IDLE_AFTER_LOAD_MS = 2000;
/** Chromium's viewport for the count: a phone (the budgets are a phone's). */
const PHONE = { width: 390, height: 844 };

function closure(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

const fileText = (file: string) => readFileSync(path.join(clientDir, file), "utf8");
const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((total, file) => total + gzipSync(readFileSync(path.join(clientDir, file))).length, 0) / 1024;

interface PageScripts {
  route: string;
  files: { name: string; kb: number; text: string }[];
}

/** Every script each public page fetched by `load` and IDLE_AFTER_LOAD_MS after, on a phone, untouched. */
async function scriptsBeforeInteraction(): Promise<PageScripts[]> {
  const app = await serveBuiltApp();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const pages: PageScripts[] = [];
    for (const route of Object.keys(FIRST_INTERACTION_BUDGET_KB)) {
      const context = await browser.newContext({ viewport: PHONE });
      // The live map's basemap tiles from a local stand-in, so the count holds offline.
      await context.route(/basemaps\.cartocdn\.com/, (tile) => tile.fulfill({ status: 204 }));
      const page = await context.newPage();
      const bodies: Promise<PageScripts["files"][number]>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        bodies.push(response.body().then((body) => ({ name: new URL(response.url()).pathname, kb: gzipSync(body).length / 1024, text: body.toString() })));
      });
      await page.goto(`${app.baseUrl}${route}`, { waitUntil: "load" });
      await page.waitForTimeout(IDLE_AFTER_LOAD_MS);
      pages.push({ route, files: await Promise.all(bodies) });
      await context.close();
    }
    return pages;
  } finally {
    await browser.close();
    await app.stop();
  }
}

export async function benchBundles(): Promise<boolean> {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith(".html"))!;
  const entryFiles = closure(manifest, entryKey);
  const dashboardOrAdmin = new Set(
    Object.values(manifest)
      .filter((chunk) => chunk.src && /client\/pages\/(dashboard|admin)\//.test(chunk.src))
      .map((chunk) => chunk.file),
  );

  let ok = true;
  console.log("\n## Bundle: the public pages' JavaScript before the first interaction (Chromium, 390 px, load + 2 s, untouched)");
  console.log("| page | JS (KB gz) | budget | largest scripts | Leaflet | uPlot | dashboard/admin code |");
  console.log("|---|---|---|---|---|---|---|");
  for (const { route, files } of await scriptsBeforeInteraction()) {
    const kb = files.reduce((total, file) => total + file.kb, 0);
    const budget = FIRST_INTERACTION_BUDGET_KB[route];
    const largest = [...files].sort((a, b) => b.kb - a.kb).slice(0, 3).map((file) => `${file.name.replace("/assets/", "")} ${file.kb.toFixed(1)}`);
    const hasLeaflet = files.some((file) => file.text.includes("leaflet-container"));
    const hasUplot = files.some((file) => file.text.includes("u-over"));
    const hasPrivate = files.some((file) => dashboardOrAdmin.has(file.name.replace(/^\//, "")));
    console.log(`| ${route} | ${kb.toFixed(1)} | ${budget} | ${largest.join(", ")} | ${hasLeaflet ? "yes" : "no"} | ${hasUplot ? "yes" : "no"} | ${hasPrivate ? "yes" : "no"} |`);
    if (kb > budget || hasUplot || hasPrivate || (hasLeaflet && route !== "/live-look")) ok = false;
  }

  console.log("\n## Bundle: the single-page app's gzipped JavaScript on first view of each route group");
  console.log("| group | route module | initial JS (KB gz) | Leaflet | uPlot | dashboard/admin code |");
  console.log("|---|---|---|---|---|---|");
  for (const [group, modules] of Object.entries(groups)) {
    for (const module of modules) {
      if (!manifest[module]) continue;
      const files = [...closure(manifest, module, new Set(entryFiles))].filter((file) => file.endsWith(".js"));
      const kb = gzipKb(files);
      const hasLeaflet = files.some((file) => fileText(file).includes("leaflet-container"));
      const hasUplot = files.some((file) => fileText(file).includes("u-over"));
      const hasPrivate = files.some((file) => dashboardOrAdmin.has(file));
      console.log(`| ${group} | ${module.replace("client/pages/", "")} | ${kb.toFixed(1)} | ${hasLeaflet ? "yes" : "no"} | ${hasUplot ? "yes" : "no"} | ${hasPrivate ? "yes" : "no"} |`);
      if (group === "app" && (kb > APP_BUDGET_KB || hasUplot || hasPrivate)) ok = false;
      if (hasLeaflet) ok = false;
    }
  }
  console.log(
    `Budget: before the first interaction ${Object.entries(FIRST_INTERACTION_BUDGET_KB).map(([route, kb]) => `${route} ≤ ${kb} KB`).join(", ")}, ` +
      `Leaflet only on /live-look, uPlot and dashboard/admin code on none; /app ≤ ${APP_BUDGET_KB} KB with no uPlot, dashboard or admin code → ${ok ? "PASS" : "FAIL"}`,
  );
  return ok;
}
