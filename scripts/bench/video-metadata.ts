// Removing a video's metadata costs the same per megabyte at any size (issue 30 §4,
// docs/live-looks.md#videos): the CPU time of stripVideoMetadata() on a 1 MB and a 25 MB clip made
// like a phone's (moov first, a location in udta, 450 samples), as time per MB: the median of 41
// runs of each, taking turns run by run (so the machine's other load falls on both alike), after 10
// warm-up runs; the 25 MB figure ÷ the 1 MB one ≤ 1.3. Also a 25 MB crafted file of
// 8-byte boxes, which the box bound refuses after 10,000 boxes. Pure CPU in this process: no server.
// Runnable alone: node --import ./scripts/bench/resolve-ts.ts scripts/bench/video-metadata.ts
import { fileURLToPath } from "node:url";
import { syntheticClip, tinyBoxes } from "../../tests/worker/video-boxes.ts";
import { stripVideoMetadata, TooManyVideoPartsError } from "../../worker/lib/video-metadata.ts";
import { fixed, passFail, percentile } from "./bench-api.ts";

const MB = 1024 * 1024;
const RUNS = 41;
const WARM_UP = 10;
const BUDGET = 1.3;

/** CPU milliseconds (user + system) of one run of `work`. */
function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/** Median CPU milliseconds of each job over RUNS runs after WARM_UP, the jobs taking turns. */
function medianCpuMs(jobs: (() => void)[]): number[] {
  const times = jobs.map((): number[] => []);
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    jobs.forEach((job, i) => {
      const ms = cpuMs(job);
      if (run >= WARM_UP) times[i].push(ms);
    });
  }
  return times.map((list) => percentile(list.toSorted((a, b) => a - b), 0.5));
}

export function benchVideoMetadata(): boolean {
  console.log(`\n## Video metadata removal: CPU per MB of stripVideoMetadata(), median of ${RUNS} runs after ${WARM_UP} warm-up runs`);
  console.log("| clip | size MB | CPU p50 ms | ms per MB |");
  console.log("|---|---|---|---|");
  const clips = [1, 25].map((size) => syntheticClip(size * MB));
  const medians = medianCpuMs(clips.map((clip) => () => void stripVideoMetadata(clip, "video/mp4")));
  const perMb = clips.map((clip, i) => medians[i] / (clip.byteLength / MB));
  clips.forEach((clip, i) => console.log(`| synthetic MP4, moov first | ${fixed(clip.byteLength / MB, 2)} | ${fixed(medians[i], 2)} | ${fixed(perMb[i], 3)} |`));
  const crafted = tinyBoxes(25 * MB - 1024);
  let refused = true;
  const [craftedMs] = medianCpuMs([
    () => {
      try {
        stripVideoMetadata(crafted, "video/mp4");
        refused = false;
      } catch (error) {
        if (!(error instanceof TooManyVideoPartsError)) refused = false;
      }
    },
  ]);
  console.log(`| crafted: 3.3 million 8-byte boxes | ${fixed(crafted.byteLength / MB, 2)} | ${fixed(craftedMs, 2)} | ${refused ? "refused" : "NOT refused"} |`);
  const ratio = perMb[1] / perMb[0];
  const ok = ratio <= BUDGET && refused;
  console.log(`ms per MB at 25 MB ÷ at 1 MB: ${fixed(ratio, 2)} (budget ≤ ${BUDGET}); crafted file refused by the box bound: ${refused ? "yes" : "no"} → ${passFail(ok)}`);
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = benchVideoMetadata() ? 0 : 1;
