// Issue 31's render ratio, as issue 38 decided it: what the worker's server rendering of a profile
// costs against the profile's own API answer. Both are timed to their last byte, one request at a
// time, on the D1-counting build (tests/bench/d1-count), whose /__bench/forget-page drops the
// rendered page from the edge cache: each miss sample is a page-cache miss whose API answers are
// warm, as after a review or a Live Look purges the page. The cached page is what nearly every
// visitor gets within its minute (the goal, ≤ 1.5 × the answer); the miss is a guard (≤ 3.5 ×).
//
// Measured in rounds, each ratio the median of the rounds' (docs/performance.md#server-render): in
// each round the same number of misses, then of answers and cached pages in pairs (their order
// alternating), both kept at the edge. A cached page is never timed right after a miss, whose
// React render and cache write are still settling in the worker.
import { fixed, passFail, percentile } from "./bench-api.ts";
import { PROFILE_ROUTE } from "./when-to-go.ts";

const ROUNDS = 5;
/** Samples of each kind in a round: one at a time, after one unmeasured round warms every cache. */
const PER_ROUND = 40;
/** Issue 38: the cached page's p50 ÷ the answer's. */
const CACHED_RATIO_BUDGET = 1.5;
/** Issue 38: a page-cache miss's p50 ÷ the answer's (a guard, not a goal). */
const MISS_RATIO_BUDGET = 3.5;
/** The profile's own answer: the signed-out browser's read, with the empty bearer it sends. */
const PLACE_ANSWER = `/api/place/${PROFILE_ROUTE.split("/").pop()}`;
const SIGNED_OUT = { authorization: "Bearer " };

/** Milliseconds from sending the request to the answer's last byte; throws on a status other than 200. */
async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

const median = (samples: number[]) => percentile([...samples].sort((a, b) => a - b), 0.5);

interface Round {
  answer: number[];
  cached: number[];
  miss: number[];
}

export async function benchProfileRender(baseUrl: string): Promise<boolean> {
  const pageUrl = `${baseUrl}${PROFILE_ROUTE}`;
  const answerUrl = `${baseUrl}${PLACE_ANSWER}`;
  const bench = (what: string, method = "GET") =>
    fetch(`${baseUrl}/__bench/${what}?path=${encodeURIComponent(PROFILE_ROUTE)}`, { method }).then((response) => response.json() as Promise<boolean>);
  /** Until the page is kept: a miss's cache write ends after its answer. */
  const untilKept = async () => {
    for (let tries = 0; !(await bench("kept-page")); tries++) {
      if (tries === 200) throw new Error(`the rendered ${PROFILE_ROUTE} was not kept at the edge`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  const round = async (): Promise<Round> => {
    const figures: Round = { answer: [], cached: [], miss: [] };
    for (let i = 0; i < PER_ROUND; i++) {
      await untilKept();
      if (!(await bench("forget-page", "POST"))) throw new Error(`the rendered ${PROFILE_ROUTE} was not in the edge cache`);
      figures.miss.push(await timed(pageUrl));
    }
    await untilKept();
    for (let i = 0; i < PER_ROUND; i++) {
      const answer = () => timed(answerUrl, SIGNED_OUT).then((ms) => figures.answer.push(ms));
      const cached = () => timed(pageUrl).then((ms) => figures.cached.push(ms));
      if (i % 2 === 0) await answer().then(cached);
      else await cached().then(answer);
    }
    return figures;
  };

  // Warm: the answers the render reads, the head, the page itself and the answer, all kept.
  await timed(pageUrl);
  // What a page costs is mostly its size (docs/performance.md#server-render): the HTML and its data island.
  const html = await (await fetch(pageUrl)).text();
  const dataIsland = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
  const kb = (text: string) => fixed(new TextEncoder().encode(text).length / 1024, 1);
  await round();
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round());

  const ratios = (of: (r: Round) => number[]) => rounds.map((r) => median(of(r)) / median(r.answer));
  const cachedRatios = ratios((r) => r.cached);
  const missRatios = ratios((r) => r.miss);
  const cachedRatio = median(cachedRatios);
  const missRatio = median(missRatios);
  const ok = missRatio <= MISS_RATIO_BUDGET && cachedRatio <= CACHED_RATIO_BUDGET;
  console.log(
    `\n## Server render of ${PROFILE_ROUTE} against its API answer (${ROUNDS} rounds of ${PER_ROUND} of each, one at a time, to the last byte)`,
  );
  console.log("| request | p50 ms | p99 ms |");
  console.log("|---|---|---|");
  const row = (label: string, of: (r: Round) => number[]) => {
    const sorted = rounds.flatMap(of).sort((a, b) => a - b);
    console.log(`| ${label} | ${fixed(percentile(sorted, 0.5), 2)} | ${fixed(percentile(sorted, 0.99), 2)} |`);
  };
  row(`GET ${PLACE_ANSWER} (edge-cached)`, (r) => r.answer);
  row(`GET ${PROFILE_ROUTE}, cached page`, (r) => r.cached);
  row(`GET ${PROFILE_ROUTE}, page-cache miss (its answers cached)`, (r) => r.miss);
  console.log(`The page's HTML: ${kb(html)} KB, of which its data island ${kb(dataIsland)} KB`);
  const list = (values: number[]) => values.map((value) => fixed(value, 2)).join(", ");
  console.log(`Rounds' cached page ÷ answer: ${list(cachedRatios)}; miss ÷ answer: ${list(missRatios)}`);
  console.log(
    `Cached page p50 ÷ API answer p50, median of rounds = ${fixed(cachedRatio, 2)} (budget ≤ ${CACHED_RATIO_BUDGET}); ` +
      `page-cache miss = ${fixed(missRatio, 2)} (budget ≤ ${MISS_RATIO_BUDGET}) → ${passFail(ok)}`,
  );
  return ok;
}
