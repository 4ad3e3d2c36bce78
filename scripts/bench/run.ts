// `npm run bench`: builds the app, serves it on workerd with a fresh seeded state beside a minimal
// durable write, then measures it. Every figure is printed from this one run; loopback only.
import { cpus, loadavg, totalmem } from "node:os";
import { run } from "../local-state.ts";
import { servePreview, serveBuiltApp } from "../serve-built-app.ts";
import { benchAnalytics, prepareHistories } from "./analytics.ts";
import { benchBadInput } from "./bad-input.ts";
import { BenchApi } from "./bench-api.ts";
import { benchBundles } from "./bundle.ts";
import { benchCraftedPhotos } from "./crafted-photos.ts";
import { prepareForecastBacktest, reportForecastBacktest } from "./forecast.ts";
import { measureFreshness, reportFreshness, startFreshnessVenue } from "./freshness.ts";
import { benchHistoryImport } from "./history.ts";
import { benchEventInsights, benchExport, prepareInsightEvents } from "./insights.ts";
import { benchIngest } from "./ingest.ts";
import { benchLighthouse, benchLighthouseMonitored } from "./lighthouse.ts";
import { benchSuggestions, prepareSuggestionPlaces } from "./suggestions.ts";
import { benchProfileD1Reads, benchWhenToGoLatency, prepareColdCopies } from "./when-to-go.ts";

const started = performance.now();
console.log(`# Third Place benchmarks — ${new Date().toISOString()}`);
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
    `load average ${loadavg()[0].toFixed(1)} at the start`,
);
// A build of the app points .wrangler/deploy/config.json at its output, and `vite preview` serves
// the build that file names (and reads the .dev.vars beside it): each variant of the app is built
// just before it is served, and the app's own build is made again at the end.
run("npx", ["vite", "build", "--logLevel", "warn", "--config", "tests/bench/durable-write/vite.config.ts"]);
run("npx", ["vite", "build", "--logLevel", "warn"]);
// The app again with its D1 statements counted, for the D1 reads of profile views.
const D1_COUNT = { configFile: "tests/bench/d1-count/vite.config.ts", outDir: "dist-bench/d1-count" };

const results: Record<string, boolean> = { bundle: benchBundles() };

const durableWrite = await servePreview({ configFile: "tests/bench/durable-write/vite.config.ts", readyPath: "/" });
const app = await serveBuiltApp(async (env) => {
  await prepareHistories(env);
  await prepareInsightEvents(env);
  await prepareColdCopies(env);
  await prepareForecastBacktest(env);
  await prepareSuggestionPlaces(env);
});
try {
  const api = await BenchApi.signIn(app.baseUrl);
  const freshnessVenue = await startFreshnessVenue(api);
  results.ingest = await benchIngest(app, durableWrite, api);
  // The live map takes up to a minute to follow a new count; analytics are measured meanwhile.
  const freshness = measureFreshness(api, freshnessVenue);
  results.analytics = await benchAnalytics(api);
  results.eventInsights = await benchEventInsights(api);
  results.export = await benchExport(api, app.processGroup);
  results.forecastAccuracy = reportForecastBacktest();
  results.whenToGoLatency = await benchWhenToGoLatency(app);
  results.freshness = reportFreshness(await freshness);
  results.suggestions = await benchSuggestions(app);
  results.historyImport = await benchHistoryImport(app, api);
  results.badInput = await benchBadInput(app.baseUrl);
  results.craftedPhotos = await benchCraftedPhotos(api);
  results.lighthouse = await benchLighthouse(app.baseUrl);
} finally {
  durableWrite.stop();
  app.stop();
}
results.lighthouseMonitored = await benchLighthouseMonitored();
run("npx", ["vite", "build", "--logLevel", "warn", "--config", D1_COUNT.configFile]);
const counted = await serveBuiltApp(undefined, D1_COUNT);
try {
  results.profileD1Reads = await benchProfileD1Reads(counted.baseUrl);
} finally {
  counted.stop();
  run("npx", ["vite", "build", "--logLevel", "warn"]);
}

const failed = Object.entries(results).filter(([, passed]) => !passed).map(([name]) => name);
console.log(failed.length ? `\nOver budget: ${failed.join(", ")}` : "\nAll budgets met.");
console.log(`Bench took ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()[0].toFixed(1)} at the end.`);
process.exitCode = failed.length ? 1 : 0;
