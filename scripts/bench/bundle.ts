// Bundle budget: the gzipped JavaScript each route group loads on first view, from Vite's manifest.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../local-state.ts";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const clientDir = path.join(root, "dist", "client");

/** Route groups and the page modules that open them. */
const groups: Record<string, string[]> = {
  marketing: [
    "client/pages/marketing/Home.tsx",
    "client/pages/marketing/About.tsx",
    "client/pages/marketing/Faq.tsx",
    "client/pages/marketing/ForBusinesses.tsx",
    "client/pages/marketing/ForConsumers.tsx",
    "client/pages/marketing/PartnerLogin.tsx",
    "client/pages/SubmitBusiness.tsx",
  ],
  "live map": ["client/pages/live/LiveMap.tsx"],
  profile: ["client/pages/live/BarProfile.tsx"],
  app: ["client/pages/app/Tonight.tsx"],
  dashboard: ["client/pages/dashboard/Dashboard.tsx"],
  admin: ["client/pages/admin/Admin.tsx"],
};

const MARKETING_BUDGET_KB = 110;
/** A venue profile (/profile/:barId), popular times and forecast included (issue 15). */
const PROFILE_BUDGET_KB = 115;
/** The consumer app's home, /app "Tonight" (issue 28). */
const APP_BUDGET_KB = 130;

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

export function benchBundles(): boolean {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
  const entryFiles = closure(manifest, entryKey);
  const dashboardOrAdmin = new Set(
    Object.values(manifest)
      .filter((chunk) => chunk.src && /client\/pages\/(dashboard|admin)\//.test(chunk.src))
      .map((chunk) => chunk.file),
  );

  let ok = true;
  console.log("\n## Bundle: gzipped JavaScript on first view of each route group");
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
      if (group === "marketing" && (kb > MARKETING_BUDGET_KB || hasLeaflet || hasUplot || hasPrivate)) ok = false;
      if (group === "profile" && (kb > PROFILE_BUDGET_KB || hasUplot || hasPrivate)) ok = false;
      if (group === "app" && (kb > APP_BUDGET_KB || hasUplot || hasPrivate)) ok = false;
      if (group !== "live map" && hasLeaflet) ok = false;
    }
  }
  console.log(
    `Budget: marketing ≤ ${MARKETING_BUDGET_KB} KB with no Leaflet, uPlot, dashboard or admin code; profile ≤ ${PROFILE_BUDGET_KB} KB ` +
      `with no uPlot (popular times are SVG/CSS), dashboard or admin code; /app ≤ ${APP_BUDGET_KB} KB with no uPlot, dashboard or admin code; ` +
      `Leaflet only on /live-look → ${ok ? "PASS" : "FAIL"}`,
  );
  return ok;
}
