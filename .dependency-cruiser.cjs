// The layer rules of docs/code-layout.md, checked by `npm run lint:deps` (part of `npm test`).
// Type-only imports count (tsPreCompilationDeps): a type that needs another layer's module is a
// dependency on it, and it is how the import circles of issue 27 began.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No import circle in worker/, client/ or common/. A type two modules both need goes to a module both may import (e.g. worker/occupancy/device-status.ts).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "browser-never-imports-worker",
      comment: "client/ and common/ run in the browser; what the worker shares with them lives in common/.",
      severity: "error",
      from: { path: "^(client|common)/" },
      to: { path: "^(worker|drizzle)/" },
    },
    {
      name: "worker-never-imports-client",
      comment:
        "The worker serves the client's built files and runs none of its code, except the public pages' server renderer (docs/server-rendering.md), which only worker/site/render.ts imports.",
      severity: "error",
      from: { path: "^(worker|common|drizzle)/", pathNot: "^worker/site/render\\.ts$" },
      to: { path: "^client/" },
    },
    {
      name: "only-the-renderer-enters-the-client",
      comment: "worker/site/render.ts imports client/server.tsx and nothing else of client/.",
      severity: "error",
      from: { path: "^worker/site/render\\.ts$" },
      to: { path: "^client/", pathNot: "^client/server\\.tsx$" },
    },
    {
      name: "server-rendering-never-reaches-maps-or-charts",
      comment:
        "The worker's bundle holds the public pages and what they import, even lazily: never Leaflet or uPlot, which touch the window when loaded and render in the browser only.",
      severity: "error",
      from: { path: "^client/server\\.tsx$" },
      to: { path: "^client/(map|charts)/|node_modules/(leaflet|uplot)/", reachable: true },
    },
    {
      name: "queries-never-import-the-place-object",
      comment:
        "worker/db/ holds queries as plain functions taking db. They may not reach the PlaceOccupancy Durable Object's module or the modules of its concerns (worker/occupancy/place/), not even for a type or through another module: the object calls queries, never the other way round.",
      severity: "error",
      from: { path: "^worker/db/" },
      to: { path: "^worker/occupancy/(place-occupancy\\.ts$|place/)", reachable: true },
    },
    {
      name: "routes-never-import-the-schema",
      comment: "Routes call queries in worker/db/; only those (and migrations) know the Drizzle tables.",
      severity: "error",
      from: { path: "^worker/routes/" },
      to: { path: "^drizzle/schema\\.ts$" },
    },
    {
      name: "charts-and-maps-never-fetch",
      comment:
        "client/charts/ and client/map/ draw what they are given; the page that uses them reads the API (client/api/) and passes data or a loader in.",
      severity: "error",
      from: { path: "^client/(charts|map)/" },
      to: { path: "^client/api/" },
    },
    {
      name: "admin-never-imports-dashboard",
      comment: "The admin console and the owner dashboard are separate routes with separate bundles.",
      severity: "error",
      from: { path: "^client/pages/admin/" },
      to: { path: "^client/pages/dashboard/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // The live page's one import of its Leaflet map, which the worker's build drops
    // (import.meta.env.SSR): not cruised, so server-rendering-never-reaches-maps-or-charts holds
    // for everything else the worker renders (docs/server-rendering.md#the-live-maps-map).
    exclude: { path: "^client/live/venueMapImport\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};
