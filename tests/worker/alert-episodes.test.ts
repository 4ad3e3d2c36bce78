// Alert episodes on hand-computed cases (worker/alerts/episodes.ts): a condition held for the
// rule's minutes fires once, re-arms after it clears, and a sensor silent while the venue is
// closed neither fires nor re-arms. Times are fixed numbers, never the clock.
import { describe, expect, it } from "vitest";
import { DEFAULT_ALERT_RULES, type AlertRules } from "../../common/schemas/alerts";
import { evaluateLive, evaluateSensor, IDLE, IDLE_LIVE, IDLE_SENSOR, sameEpisodes, stepEpisode, type LiveEpisodes, type SensorEpisodes, type SensorReading } from "../../worker/alerts/episodes";

const T = Date.UTC(2031, 4, 13, 22, 0);
const minute = 60_000;
const rules = (changes: Partial<AlertRules> = {}): AlertRules => ({ ...DEFAULT_ALERT_RULES, ...changes });

/** Runs the live rules over percents one minute apart; the minutes (from 0) at which an alert fired. */
function firesOver(percents: (number | null)[], ruleSet: AlertRules, usualPercent: number | null = null, type = "near_capacity") {
  let episodes: LiveEpisodes = IDLE_LIVE;
  const at: number[] = [];
  percents.forEach((percent, i) => {
    const outcome = evaluateLive(ruleSet, episodes, { percent, people: percent, usualPercent }, T + i * minute);
    episodes = outcome.episodes;
    if (outcome.fired.some((alert) => alert.type === type)) at.push(i);
  });
  return at;
}

describe("stepEpisode", () => {
  it("fires once when the condition has held for the hold time, and not again while it holds", () => {
    let episode = IDLE;
    const fired: number[] = [];
    for (let i = 0; i <= 20; i++) {
      const step = stepEpisode(episode, { holds: true }, T + i * minute, 10 * minute);
      episode = step.episode;
      if (step.fire) fired.push(i);
    }
    expect(fired).toEqual([10]);
  });

  it("re-arms only after the condition clears; null (no verdict) keeps the state", () => {
    let { episode } = stepEpisode(IDLE, { holds: true }, T, 0);
    expect(episode).toEqual({ since: T, fired: true });
    expect(stepEpisode(episode, null, T + minute, 0)).toEqual({ episode, fire: false });
    episode = stepEpisode(episode, { holds: false }, T + 2 * minute, 0).episode;
    expect(episode).toEqual(IDLE);
    expect(stepEpisode(episode, { holds: true }, T + 3 * minute, 0).fire).toBe(true);
  });

  it("counts from the evidence's own start when given", () => {
    expect(stepEpisode(IDLE, { holds: true, since: T - 30 * minute }, T, 30 * minute).fire).toBe(true);
    expect(stepEpisode(IDLE, { holds: true, since: T - 29 * minute }, T, 30 * minute).fire).toBe(false);
  });
});

describe("sameEpisodes", () => {
  // The place's object writes an episode state only when it changed: a held condition is no write.
  it("is true for equal states however they were made, false when a since or fired differs", () => {
    const held: LiveEpisodes = { near_capacity: { since: 1_000, fired: false }, busier_than_usual: IDLE };
    expect(sameEpisodes(held, JSON.parse(JSON.stringify(held)))).toBe(true);
    expect(sameEpisodes(held, { ...held, near_capacity: { since: 2_000, fired: false } })).toBe(false);
    expect(sameEpisodes(held, { ...held, near_capacity: { since: 1_000, fired: true } })).toBe(false);
    expect(sameEpisodes(IDLE_LIVE, held)).toBe(false);
  });
});

describe("near capacity", () => {
  it("fires once after 10 minutes at or above 90 %, and again only after dropping below", () => {
    const percents = [...Array(15).fill(92), 80, ...Array(12).fill(95)];
    expect(firesOver(percents, rules())).toEqual([10, 26]);
  });

  it("with 0 minutes fires on the first reading that meets the condition", () => {
    const ruleSet = rules({ near_capacity: { enabled: true, percent: 90, minutes: 0 } });
    expect(firesOver([50, 90, 91, 89, 90], ruleSet)).toEqual([1, 4]);
  });

  it("a dip resets the clock: 9 minutes, a dip, 9 minutes never fires", () => {
    expect(firesOver([...Array(9).fill(95), 70, ...Array(9).fill(95)], rules())).toEqual([]);
  });

  it("silence (no live percent) clears it; a disabled rule never fires", () => {
    const ruleSet = rules({ near_capacity: { enabled: true, percent: 90, minutes: 0 } });
    expect(firesOver([95, null, 95], ruleSet)).toEqual([0, 2]);
    expect(firesOver(Array(30).fill(100), rules({ near_capacity: { enabled: false, percent: 90, minutes: 0 } }))).toEqual([]);
  });

  it("says what happened in words and numbers", () => {
    const { fired } = evaluateLive(rules({ near_capacity: { enabled: true, percent: 90, minutes: 0 } }), IDLE_LIVE, { percent: 93, people: 93, usualPercent: null }, T);
    expect(fired).toEqual([
      { type: "near_capacity", occurredAt: T, message: "Near capacity: 93% full (alert at 90%).", data: { percent: 93, people: 93, threshold_percent: 90, minutes: 0 } },
    ]);
  });
});

describe("busier than usual", () => {
  const ruleSet = rules({ near_capacity: { enabled: false, percent: 90, minutes: 0 }, busier_than_usual: { enabled: true, points: 20, minutes: 2 } });

  it("fires after 2 minutes at 20 points or more above the hour's usual", () => {
    expect(firesOver([60, 70, 70, 70, 70], ruleSet, 50, "busier_than_usual")).toEqual([3]);
  });

  it("never fires without a usual value (not enough history)", () => {
    expect(firesOver(Array(10).fill(100), ruleSet, null, "busier_than_usual")).toEqual([]);
  });
});

describe("sensor offline and flagged", () => {
  const sensor = (lastSeenAt: number | null, open: boolean, problems: SensorReading["problems"] = []): SensorReading => ({
    deviceId: 7,
    name: "Bar sensor",
    lastSeenAt,
    open,
    problems,
  });

  /** Runs the sensor rules at the given minutes after T with the sensor last seen at T; which minutes fired. */
  function offlineFires(checks: { at: number; open: boolean; lastSeen?: number }[]) {
    let episodes: SensorEpisodes = IDLE_SENSOR;
    const fired: number[] = [];
    for (const check of checks) {
      const outcome = evaluateSensor(rules(), episodes, sensor(T + (check.lastSeen ?? 0) * minute, check.open), T + check.at * minute);
      episodes = outcome.episodes;
      if (outcome.fired.some((alert) => alert.type === "sensor_offline")) fired.push(check.at);
    }
    return fired;
  }

  it("fires once after 30 minutes of silence while open", () => {
    expect(offlineFires([5, 25, 30, 35, 60, 120].map((at) => ({ at, open: true })))).toEqual([30]);
  });

  it("does not fire while the venue is closed, however long the silence", () => {
    expect(offlineFires([30, 60, 600, 900].map((at) => ({ at, open: false })))).toEqual([]);
  });

  it("fires at opening for a sensor still dead, once, and re-arms when it is heard again", () => {
    const checks = [
      { at: 60, open: false },
      { at: 120, open: true },
      { at: 125, open: true },
      { at: 130, open: false }, // closing neither re-arms nor fires
      { at: 600, open: true },
      { at: 605, open: true, lastSeen: 604 }, // back
      { at: 640, open: true, lastSeen: 604 }, // silent again for 36 min
    ];
    expect(offlineFires(checks)).toEqual([120, 640]);
  });

  it("flagged fires once per run of problems", () => {
    const problem = [{ code: "stuck", message: "Stuck: the count has been 12 since Tue 6:00 PM, over 2 hours while open" }];
    let episodes: SensorEpisodes = IDLE_SENSOR;
    const types: string[][] = [];
    for (const problems of [problem, problem, [], problem]) {
      const outcome = evaluateSensor(rules(), episodes, sensor(T, true, problems), T + minute);
      episodes = outcome.episodes;
      types.push(outcome.fired.map((alert) => alert.type));
    }
    expect(types).toEqual([["sensor_flagged"], [], [], ["sensor_flagged"]]);
  });
});
