// Issue 31's render ratio, as issue 38 decided it: what the worker's server rendering of a profile
// costs against the profile's own API answer. Both are timed to their last byte, one request at a
// time, on the D1-counting build (tests/bench/d1-count), whose /__bench/forget-page drops the
// rendered page from the edge cache: each render sample is a page-cache miss whose API answers are
// warm, as after a review or a Live Look purges the page. The cached page is what nearly every
// visitor gets within its minute (the goal, ≤ 1.5 × the answer); the miss is a guard (≤ 3.5 ×).
import { fixed, passFail, percentile } from "./bench-api.ts";
import { PROFILE_ROUTE } from "./when-to-go.ts";

/** Samples of each: one at a time, after one unmeasured round warms every cache. */
const SAMPLES = 200;
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

export async function benchProfileRender(baseUrl: string): Promise<boolean> {
  const forgetPage = async () => {
    const response = await fetch(`${baseUrl}/__bench/forget-page?path=${encodeURIComponent(PROFILE_ROUTE)}`, { method: "POST" });
    if (!(await response.json())) throw new Error(`the rendered ${PROFILE_ROUTE} was not in the edge cache`);
  };
  // Warm: the answers the render reads, the head, and the page itself in the cache.
  await timed(`${baseUrl}${PROFILE_ROUTE}`);
  await timed(`${baseUrl}${PLACE_ANSWER}`, SIGNED_OUT);
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const answer: number[] = [];
  const rendered: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    answer.push(await timed(`${baseUrl}${PLACE_ANSWER}`, SIGNED_OUT));
    await forgetPage();
    rendered.push(await timed(`${baseUrl}${PROFILE_ROUTE}`));
    // The page's cache write finishes after its answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    cached.push(await timed(`${baseUrl}${PROFILE_ROUTE}`));
  }
  const ratio = median(rendered) / median(answer);
  const cachedRatio = median(cached) / median(answer);
  const ok = ratio <= MISS_RATIO_BUDGET && cachedRatio <= CACHED_RATIO_BUDGET;
  console.log(`\n## Server render of ${PROFILE_ROUTE} against its API answer (${SAMPLES} of each, one at a time, to the last byte)`);
  console.log("| request | p50 ms | p99 ms |");
  console.log("|---|---|---|");
  const row = (label: string, samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(`| ${label} | ${fixed(percentile(sorted, 0.5), 2)} | ${fixed(percentile(sorted, 0.99), 2)} |`);
  };
  row(`GET ${PLACE_ANSWER} (edge-cached)`, answer);
  row(`GET ${PROFILE_ROUTE}, rendered (page not cached, its answers cached)`, rendered);
  row(`GET ${PROFILE_ROUTE}, cached page`, cached);
  console.log(
    `Cached page p50 ÷ API answer p50 = ${fixed(cachedRatio, 2)} (budget ≤ ${CACHED_RATIO_BUDGET}); ` +
      `page-cache miss p50 ÷ API answer p50 = ${fixed(ratio, 2)} (budget ≤ ${MISS_RATIO_BUDGET}) → ${passFail(ok)}`,
  );
  return ok;
}
