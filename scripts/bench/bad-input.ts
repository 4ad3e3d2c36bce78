// Hostile input costs what ordinary input costs (security review, hole 1): each route that takes
// an e-mail address gets a short malformed one and a 60 KB pathological one, taking turns request
// by request; the slowest long-input median divided by that route's short-input median.
import { fixed, passFail, percentile } from "./bench-api.ts";

const REQUESTS = 30;
const WARM_UP = 3;
const BUDGET = 3;
/** The review's address: seconds of CPU for the old, backtracking e-mail pattern. */
const LONG_EMAIL = `a@${".".repeat(59_997)}@`;
const SHORT_EMAIL = "a@b";

const ROUTES: Record<string, (email: string) => object> = {
  "/api/auth/login": (email) => ({ email, password: "x" }),
  "/api/auth/signup": (email) => ({ name: "Bench", email, password: "a long enough password" }),
  "/api/submit-business": (email) => ({ businessName: "Bench Bar", address: "1 Avenue A", submitterEmail: email }),
};

let client = 0;

export async function benchBadInput(baseUrl: string): Promise<boolean> {
  console.log(`\n## Bad input: median of ${REQUESTS} requests one at a time, a 60 KB pathological e-mail against a short malformed one`);
  console.log("| route | short p50 ms | 60 KB p50 ms | 60 KB ÷ short |");
  console.log("|---|---|---|---|");
  let worst = 0;
  let allRefused = true;
  for (const [path, body] of Object.entries(ROUTES)) {
    const timed = async (email: string) => {
      // Every request from its own address, so the sign-in limits never answer instead of validation.
      client++;
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": `198.18.${client >> 8}.${client & 0xff}` },
        body: JSON.stringify(body(email)),
      });
      await response.arrayBuffer();
      allRefused &&= response.status === 400;
      return performance.now() - started;
    };
    for (let i = 0; i < WARM_UP; i++) await Promise.all([timed(SHORT_EMAIL), timed(LONG_EMAIL)]);
    const short: number[] = [];
    const long: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      short.push(await timed(SHORT_EMAIL));
      long.push(await timed(LONG_EMAIL));
    }
    const [shortP50, longP50] = [short, long].map((values) => percentile(values.toSorted((a, b) => a - b), 0.5));
    worst = Math.max(worst, longP50 / shortP50);
    console.log(`| ${path} | ${fixed(shortP50)} | ${fixed(longP50)} | ${fixed(longP50 / shortP50, 2)} |`);
  }
  const ok = worst <= BUDGET && allRefused;
  console.log(`Budget: slowest 60 KB ÷ short ≤ ${BUDGET}${allRefused ? "" : " (some answers were not 400)"} → ${fixed(worst, 2)} ${passFail(ok)}`);
  return ok;
}
