// The pure rules of watches (docs/watches.md): the level episode (once per episode, a band against
// flapping, a cool-down, silence forgetting the side), windows in the venue's time, the wait drop
// and the notification's words.
import { describe, expect, it } from "vitest";
import { COOLDOWN_MS, quietLine, SILENCE_RESET_MS, stepLevelEpisode, UNKNOWN_EPISODE, type LevelEpisode } from "../../worker/watches/level-episode";
import { inWatchWindow } from "../../worker/watches/window";
import { waitDrop } from "../../worker/watches/wait-reports";
import { watchMessage, type WatchChange } from "../../worker/watches/changes";
import { pagesOf } from "../../worker/watches/fan-out";

const minute = 60_000;
const T = Date.UTC(2031, 4, 16, 23, 0); // Friday 16 May 2031, 19:00 in New York (EDT)
const LIVELY = 40;

/** Steps through counts a minute apart from T; the kinds fired, in order (null: none). */
function run(counts: (number | null)[], start: LevelEpisode = UNKNOWN_EPISODE, from = T) {
  let episode = start;
  const fired: (string | null)[] = [];
  counts.forEach((people, i) => {
    const now = from + i * minute;
    const step = stepLevelEpisode(episode, { people, updatedAt: people === null ? from : now }, LIVELY, now);
    episode = step.episode;
    fired.push(step.fired);
  });
  return { episode, fired };
}

describe("the level episode", () => {
  it("fires quiet once on going from busy to quiet, and lively once on going back", () => {
    expect(quietLine(LIVELY)).toBe(36);
    const { fired } = run([50, 45, 30, 20, 10, 41, 60]);
    expect(fired).toEqual([null, null, "quiet", null, null, "lively", null]);
  });

  it("never fires on the first side it sees", () => {
    expect(run([10, 12, 20]).fired).toEqual([null, null, null]);
    expect(run([80]).episode.side).toBe("busy");
  });

  it("does not flap on a count wobbling at the line: the band between 36 and 40 keeps the side", () => {
    expect(run([45, 39, 41, 38, 40, 37, 39]).fired.every((kind) => kind === null)).toBe(true);
  });

  it("fires the same kind at most once in the cool-down, even after a real round trip", () => {
    const { fired, episode } = run([50, 20, 50, 20]);
    expect(fired).toEqual([null, "quiet", "lively", null]);
    expect(episode.side).toBe("quiet");
    // After the cool-down the next round trip fires again.
    const later = run([50, 20], episode, T + COOLDOWN_MS + 3 * minute);
    expect(later.fired).toEqual(["lively", "quiet"]);
  });

  it("keeps the side through a short silence and forgets it after an hour of none", () => {
    const busy = run([50]).episode;
    const short = stepLevelEpisode(busy, { people: null, updatedAt: T }, LIVELY, T + 10 * minute);
    expect(short.episode).toBe(busy);
    expect(stepLevelEpisode(short.episode, { people: 10, updatedAt: T + 11 * minute }, LIVELY, T + 11 * minute).fired).toBe("quiet");
    const long = stepLevelEpisode(busy, { people: null, updatedAt: T }, LIVELY, T + SILENCE_RESET_MS);
    expect(long.episode.side).toBeNull();
    // A venue opening quiet the next day is not "quiet now".
    expect(stepLevelEpisode(long.episode, { people: 10, updatedAt: T + SILENCE_RESET_MS }, LIVELY, T + SILENCE_RESET_MS).fired).toBeNull();
  });

  it("keeps a band of at least one person at small thresholds", () => {
    expect(quietLine(5)).toBe(4);
    expect(quietLine(1)).toBe(0);
  });
});

describe("windows in the venue's time", () => {
  const ny = "America/New_York";
  const at = (iso: string) => Date.parse(iso);

  it("no window: always", () => {
    expect(inWatchWindow(null, ny, T)).toBe(true);
  });

  it("holds from `from` up to `to` on the days named, in the venue's zone", () => {
    const friday = { days: ["Friday" as const], from: "18:00", to: "23:00" };
    expect(inWatchWindow(friday, ny, at("2031-05-16T22:00:00Z"))).toBe(true); // Fri 18:00 EDT
    expect(inWatchWindow(friday, ny, at("2031-05-16T21:59:00Z"))).toBe(false); // Fri 17:59
    expect(inWatchWindow(friday, ny, at("2031-05-17T03:00:00Z"))).toBe(false); // Fri 23:00: the end is out
    expect(inWatchWindow(friday, ny, at("2031-05-15T23:00:00Z"))).toBe(false); // Thu 19:00
    expect(inWatchWindow(friday, "Europe/Berlin", at("2031-05-16T22:00:00Z"))).toBe(false); // Sat 00:00 in Berlin
  });

  it("crosses midnight when `to` is not after `from`, counting the day it starts", () => {
    const late = { days: ["Friday" as const], from: "22:00", to: "02:00" };
    expect(inWatchWindow(late, ny, at("2031-05-17T05:00:00Z"))).toBe(true); // Sat 01:00, Friday's night
    expect(inWatchWindow(late, ny, at("2031-05-17T06:00:00Z"))).toBe(false); // Sat 02:00
    expect(inWatchWindow(late, ny, at("2031-05-16T05:00:00Z"))).toBe(false); // Fri 01:00, Thursday's night
    expect(inWatchWindow(late, ny, at("2031-05-17T02:30:00Z"))).toBe(true); // Fri 22:30
  });

  it("equal times mean the whole day; no days mean every day", () => {
    expect(inWatchWindow({ from: "00:00", to: "00:00" }, ny, T)).toBe(true);
    expect(inWatchWindow({ days: ["Monday"], from: "00:00", to: "00:00" }, ny, T)).toBe(false);
    expect(inWatchWindow({ from: "19:00", to: "19:30" }, ny, T)).toBe(true);
  });
});

describe("the wait drop", () => {
  it("is news only when the reported wait went down (or first appeared)", () => {
    expect(waitDrop(23, 10)).toEqual({ from: 23, to: 10 });
    expect(waitDrop(null, 3)).toEqual({ from: null, to: 3 });
    expect(waitDrop(10, 10)).toBeNull();
    expect(waitDrop(3, 10)).toBeNull();
    expect(waitDrop(10, null)).toBeNull();
  });
});

describe("the notification's words", () => {
  const place = { name: "The Crown", slug: "the-crown", timeZone: "Europe/London", publicCounts: true };
  const quiet: WatchChange = { key: "quiet:1:1", place_id: 1, at: T, kind: "quiet", level: "Relaxed", percent: 20 };

  it("says the level, and the percent only where the owners show numbers", () => {
    expect(watchMessage(quiet, place, null)).toEqual({ title: "The Crown is quiet now", body: "Relaxed · 20%." });
    expect(watchMessage(quiet, { ...place, publicCounts: false }, null)).toEqual({ title: "The Crown is quiet now", body: "Relaxed." });
  });

  it("names the event, the wait against the watch's minutes, the special", () => {
    expect(watchMessage({ ...quiet, kind: "event_starts", event: { id: 3, name: "Jazz Night" } }, place, null).body).toBe("Jazz Night");
    expect(watchMessage({ ...quiet, kind: "wait_under", wait: { from: 23, to: 10 } }, place, 15).body).toBe("Reported wait about 10 min (you asked for under 15).");
    expect(watchMessage({ ...quiet, kind: "wait_under", wait: { from: null, to: 0 } }, place, 5).body).toBe("No wait reported (you asked for under 5).");
    expect(watchMessage({ ...quiet, kind: "special_starts", special: { id: 4, title: "2-for-1 spritz" } }, place, null).title).toBe("A special starts now at The Crown");
  });
});

describe("the fan-out's pages", () => {
  it("cuts the watchers' ids into (after, through] ranges of 100, gaps and all", () => {
    expect(pagesOf([])).toEqual([]);
    expect(pagesOf([3, 5, 9])).toEqual([{ after_id: 0, through_id: 9 }]);
    const ids = Array.from({ length: 250 }, (_, i) => 2 * i + 1);
    expect(pagesOf(ids)).toEqual([
      { after_id: 0, through_id: 199 },
      { after_id: 199, through_id: 399 },
      { after_id: 399, through_id: 499 },
    ]);
  });
});
