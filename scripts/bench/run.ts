// `npm run bench`: builds the app, serves it on workerd with a fresh seeded state beside a minimal
// durable write, then measures it. Every figure is printed from this one run; loopback only.
// Each section runs on its own (sections.ts, docs/architecture.md#bench-method).
import { cpus, loadavg, totalmem } from "node:os";
import { run } from "../local-state.ts";
import { servePreview, serveBuiltApp, type Served } from "../serve-built-app.ts";
import { benchAnalytics, prepareHistories } from "./analytics.ts";
import { benchBadInput } from "./bad-input.ts";
import { BenchApi } from "./bench-api.ts";
import { benchBundles } from "./bundle.ts";
import { benchChat, prepareChat } from "./chat.ts";
import { benchCraftedPhotos } from "./crafted-photos.ts";
import { prepareForecastBacktest, reportForecastBacktest } from "./forecast.ts";
import { benchRealForecast } from "./forecast-real.ts";
import { measureFreshness, reportFreshness, startFreshnessVenue } from "./freshness.ts";
import { benchHistoryImport } from "./history.ts";
import { benchEventInsights, benchExport, prepareInsightEvents } from "./insights.ts";
import { benchIngest } from "./ingest.ts";
import { benchLighthouse, benchLighthouseMonitored } from "./lighthouse.ts";
import { BenchSections, need } from "./sections.ts";
import { startTileStandIn, type TileStandIn } from "./tile-stand-in.ts";
import { benchVideoMetadata } from "./video-metadata.ts";
import { benchSuggestions, prepareSuggestionPlaces } from "./suggestions.ts";
import { benchWatches, prepareWatchers } from "./watches.ts";
import { benchProfileD1Reads, benchWhenToGoLatency, prepareColdCopies } from "./when-to-go.ts";
import { benchProfileRender } from "./profile-render.ts";
import { benchScale } from "./scale.ts";

const started = performance.now();
console.log(`# Third Place benchmarks — ${new Date().toISOString()}`);
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
    `load average ${loadavg()[0].toFixed(1)} at the start`,
);

// `npm run bench -- --only watches` runs one budgeted section (and the steps it needs).
const onlyAt = process.argv.indexOf("--only");
const sections = new BenchSections(console.log, console.error, onlyAt >= 0 ? process.argv[onlyAt + 1]?.split(",") : undefined);
const section = sections.run.bind(sections);
const stopServer = (name: string, server: Served | undefined) => sections.cleanUp(`stopping ${name}`, () => server?.stop());

// Pure CPU in this process, before the builds load the machine, and before any server is served:
// the real-data forecast holds the event loop for half a minute, which can delay the freshness poll
// running beside it, and left the next request on a connection the front had closed meanwhile.
await section("videoMetadata", benchVideoMetadata);
await section("forecastRealData", benchRealForecast);

// A build of the app points .wrangler/deploy/config.json at its output, and `vite preview` serves
// the build that file names (and reads the .dev.vars beside it): each variant of the app is built
// just before it is served, and the app's own build is made again at the end.
run("npx", ["vite", "build", "--logLevel", "warn", "--config", "tests/bench/durable-write/vite.config.ts"]);
run("npx", ["vite", "build", "--logLevel", "warn"]);
// The app again with its D1 statements counted and a way to miss the rendered profile's cache, for
// the D1 reads of profile views and the render's cost.
const D1_COUNT = { configFile: "tests/bench/d1-count/vite.config.ts", outDir: "dist-bench/d1-count" };

await section("bundle", benchBundles);

let durableWrite: Served | undefined;
let app: Awaited<ReturnType<typeof serveBuiltApp>> | undefined;
let api: BenchApi | undefined;
let freshnessVenue: Awaited<ReturnType<typeof startFreshnessVenue>> | undefined;
let tiles: TileStandIn | undefined;
await section("serving the app and a minimal durable write", async () => {
  durableWrite = await servePreview({ configFile: "tests/bench/durable-write/vite.config.ts", readyPath: "/" });
  // The live map's basemap from a local stand-in: Lighthouse's /live-look loads its tiles offline.
  tiles = await startTileStandIn();
  app = await serveBuiltApp(async (env) => {
    // The watches section needs none of the histories: `--only watches` skips making them.
    if (sections.wants("analytics", "eventInsights", "export", "forecastAccuracy", "whenToGoLatency", "suggestions", "profileD1Reads")) {
      await prepareHistories(env);
      await prepareInsightEvents(env);
      await prepareColdCopies(env);
      await prepareForecastBacktest(env);
      await prepareSuggestionPlaces(env);
    }
    if (sections.wants("watches")) await prepareWatchers(env);
    if (sections.wants("chat")) await prepareChat(env);
  }, undefined, { MAP_TILE_URL: tiles.tileUrl, MAP_TILE_ATTRIBUTION: "Bench tiles" });
  api = await BenchApi.signIn(app.baseUrl);
  if (sections.wants("freshness")) freshnessVenue = await startFreshnessVenue(api);
}, false);
const served = () => ({
  app: need(app, "serving the app"),
  durableWrite: need(durableWrite, "serving the minimal durable write"),
  api: need(api, "signing in"),
});

await section("ingest", () => benchIngest(served().app, served().durableWrite, served().api));
// The live map takes up to a minute to follow a new count; analytics are measured meanwhile.
const freshness = Promise.resolve().then(() => measureFreshness(served().api, need(freshnessVenue, "starting the freshness venue")));
// Its error is reported by the freshness section below, not as an unhandled rejection meanwhile.
freshness.catch(() => {});
await section("analytics", () => benchAnalytics(served().api));
await section("eventInsights", () => benchEventInsights(served().api));
await section("export", () => benchExport(served().api, served().app.processGroup));
// Information only: the seed's forecast backtest has no budget (issue 26).
if (sections.wants("forecastAccuracy")) await section("forecastAccuracy", reportForecastBacktest, false);
await section("whenToGoLatency", () => benchWhenToGoLatency(served().app));
await section("freshness", async () => reportFreshness(await freshness));
await section("suggestions", () => benchSuggestions(served().app));
await section("chat", () => benchChat(served().app, served().api));
await section("historyImport", () => benchHistoryImport(served().app, served().api));
await section("badInput", () => benchBadInput(served().app.baseUrl));
await section("craftedPhotos", () => benchCraftedPhotos(served().api));
await section("lighthouse", async () => {
  const passed = await benchLighthouse(served().api);
  console.log(`The tile stand-in served ${tiles?.served() ?? 0} tiles.`);
  return passed;
});
// Last on this server: its fan-out runs the worker's cron as of 2030 (the watched event's start),
// and with it the retention jobs, which then delete every plan, Live Look and check-in of today.
// Before the chat section it took the chat's plan (its socket ticket answered 404).
await section("watches", () => benchWatches(served().app, served().api));
await stopServer("the minimal durable write", durableWrite);
await stopServer("the app", app);
await sections.cleanUp("stopping the tile stand-in", () => tiles?.stop());

await section("lighthouseMonitored", benchLighthouseMonitored);
// The D1-counting build serves the profile's D1 reads and its render timing (its /__bench/ paths).
let counted: Served | undefined;
const countedApp = async () => {
  if (!counted) {
    run("npx", ["vite", "build", "--logLevel", "warn", "--config", D1_COUNT.configFile]);
    // The scale section's steady chat writes in the chat bench's pairs.
    counted = await serveBuiltApp(sections.wants("scale") ? prepareChat : undefined, D1_COUNT);
  }
  return counted;
};
await section("profileD1Reads", async () => benchProfileD1Reads((await countedApp()).baseUrl));
await section("profileRender", async () => benchProfileRender((await countedApp()).baseUrl));
// Last on this server: its ingest adds places and sensors the sections above do not expect.
await section("scale", async () => benchScale(await countedApp()));
await stopServer("the D1-counting app", counted);
if (counted) await section("rebuilding the app", () => run("npx", ["vite", "build", "--logLevel", "warn"]), false);

const exitCode = sections.summary();
console.log(`Bench took ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()[0].toFixed(1)} at the end.`);
process.exitCode = exitCode;
