// When a special is on: weekly runs on the venue's clock across DST changes and past midnight, and
// one-offs between two instants (worker/lib/special-schedule.ts; docs/menus-and-specials.md#schedule).
import { describe, expect, it } from "vitest";
import { nextChange, scheduleState } from "../../worker/lib/special-schedule";
import type { SpecialSchedule } from "../../common/schemas/special";

const NY = "America/New_York";
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const weekly = (days: string[], from: string, to: string) => ({ kind: "weekly", days, from, to }) as SpecialSchedule;
const stateAt = (schedule: SpecialSchedule, now: string) => {
  const state = scheduleState(schedule, NY, at(now));
  return { onNow: state.onNow, nextStart: iso(state.nextStart), endsAt: iso(state.endsAt) };
};

const happyHour = weekly(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], "17:00", "19:00");

describe("weekly specials", () => {
  it("is on between its local times on its days, and says when it ends and starts next", () => {
    // Tuesday 2026-03-10 18:00 EDT.
    expect(stateAt(happyHour, "2026-03-10T22:00:00Z")).toEqual({ onNow: true, endsAt: "2026-03-10T23:00:00.000Z", nextStart: "2026-03-11T21:00:00.000Z" });
    // Tuesday 19:00 EDT: the end is excluded.
    expect(stateAt(happyHour, "2026-03-10T23:00:00Z")).toEqual({ onNow: false, endsAt: "2026-03-11T23:00:00.000Z", nextStart: "2026-03-11T21:00:00.000Z" });
    // Friday 20:00 EDT: next is Monday.
    expect(stateAt(happyHour, "2026-03-14T00:00:00Z").nextStart).toBe("2026-03-16T21:00:00.000Z");
  });

  it("keeps its wall-clock times across the spring change", () => {
    // Saturday 2026-03-07 18:00 EST, daily 17–19: today's run is 22:00Z–00:00Z, tomorrow's (EDT) starts at 21:00Z.
    const daily = weekly(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], "17:00", "19:00");
    expect(stateAt(daily, "2026-03-07T23:00:00Z")).toEqual({ onNow: true, endsAt: "2026-03-08T00:00:00.000Z", nextStart: "2026-03-08T21:00:00.000Z" });
    // Sunday 2026-11-01, the autumn change: 17:00 EST is 22:00Z.
    expect(stateAt(daily, "2026-11-01T20:00:00Z")).toEqual({ onNow: false, endsAt: "2026-11-02T00:00:00.000Z", nextStart: "2026-11-01T22:00:00.000Z" });
  });

  it("runs past midnight into the next morning, counted from the day it starts", () => {
    const lateNight = weekly(["Friday"], "22:00", "02:00");
    // Saturday 2026-03-14 01:00 EDT: Friday's run is on until 02:00 EDT (06:00Z).
    expect(stateAt(lateNight, "2026-03-14T05:00:00Z")).toEqual({ onNow: true, endsAt: "2026-03-14T06:00:00.000Z", nextStart: "2026-03-21T02:00:00.000Z" });
    // Saturday 03:00 EDT: over; next Friday.
    expect(stateAt(lateNight, "2026-03-14T07:00:00Z").onNow).toBe(false);
    // Thursday 23:00: not a Friday night.
    expect(stateAt(lateNight, "2026-03-13T03:00:00Z").onNow).toBe(false);
  });

  it("ends an hour later on the wall clock when spring-forward skips its end, and at the first 01:30 in autumn", () => {
    // Saturday 2026-03-07 23:00 EST (04:00Z) to 02:30, which does not exist that night: 03:30 EDT = 07:30Z.
    const overnight = weekly(["Saturday"], "23:00", "02:30");
    expect(stateAt(overnight, "2026-03-08T06:45:00Z")).toMatchObject({ onNow: true, endsAt: "2026-03-08T07:30:00.000Z" });
    expect(stateAt(overnight, "2026-03-08T07:30:00Z").onNow).toBe(false);
    // Saturday 2026-10-31 22:00 EDT to 01:30, which happens twice: the first (EDT, 05:30Z).
    const autumn = weekly(["Saturday"], "22:00", "01:30");
    expect(stateAt(autumn, "2026-11-01T05:00:00Z")).toMatchObject({ onNow: true, endsAt: "2026-11-01T05:30:00.000Z" });
    expect(stateAt(autumn, "2026-11-01T06:00:00Z").onNow).toBe(false);
  });

  it("changes state next at the nearest start or end", () => {
    expect(iso(nextChange(happyHour, NY, at("2026-03-10T22:00:00Z")))).toBe("2026-03-10T23:00:00.000Z");
    expect(iso(nextChange(happyHour, NY, at("2026-03-10T12:00:00Z")))).toBe("2026-03-10T21:00:00.000Z");
  });
});

describe("one-off specials", () => {
  const once = { kind: "once", starts_at: "2026-05-01T20:00:00.000Z", ends_at: "2026-05-03T04:00:00.000Z" } as SpecialSchedule;

  it("is on between its instants and has nothing next once over", () => {
    expect(stateAt(once, "2026-05-01T19:00:00Z")).toEqual({ onNow: false, nextStart: "2026-05-01T20:00:00.000Z", endsAt: "2026-05-03T04:00:00.000Z" });
    expect(stateAt(once, "2026-05-02T12:00:00Z")).toEqual({ onNow: true, nextStart: null, endsAt: "2026-05-03T04:00:00.000Z" });
    expect(stateAt(once, "2026-05-03T04:00:00Z")).toEqual({ onNow: false, nextStart: null, endsAt: null });
    expect(nextChange(once, NY, at("2026-05-03T04:00:00Z"))).toBeNull();
  });
});
