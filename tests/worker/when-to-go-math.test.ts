// Popular times and the forecast on hand-computed cases (docs/when-to-go.md): the weighted usual
// with a missing week, closed hours from a past-midnight close, the autumn DST night, the live
// bands, the forecast with and without an event, and too little history.
import { describe, expect, it } from "vitest";
import { hoursOn } from "./hours-fixtures";
import { dayOfDate, HOUR_MS, type VenueDay } from "../../common/local-time";
import type { PlaceHours } from "../../common/schemas/answers";
import { NO_HOURS } from "../../common/schemas/place";
import { forecast, levelFactor, recentLevel, todayLevel, type VenueEvent } from "../../worker/occupancy/forecast";
import type { HourTotal } from "../../worker/occupancy/hours";
import { historyOf, popularTimes, sameWeekdaysBefore, usualAt, vsUsual, type WhenPlace } from "../../worker/occupancy/popular-times";

const zone = "America/New_York";
const day = (date: string) => dayOfDate(date)!;
/** Tuesday 19 May 2026 (EDT, UTC−4). */
const today = day("2026-05-19");
const TUESDAY = 1;
const WEDNESDAY = 2;

/** Every day 17:00–00:00. */
const eveningHours = hoursOn("17:00", "00:00");
const place = (hours: PlaceHours = NO_HOURS): WhenPlace => ({ timeZone: zone, dayStartHour: 5, packedThreshold: 100, hours });

/** A full hour (60 sampled minutes) of `people` at local `hour` of venue day `venueDay`, in EDT. */
function at(venueDay: VenueDay, hour: number, people: number, offsetHours = -4): HourTotal {
  return { wallHour: venueDay * 24 + hour + (hour < 5 ? 24 : 0), offset: offsetHours * HOUR_MS, peopleMinutes: people * 60, samples: 60 };
}
/** Local wall time of venue day `venueDay` (EDT) as an instant. */
const instant = (venueDay: VenueDay, hour: number, minute = 0) => (venueDay * 24 + hour + 4) * HOUR_MS + minute * 60_000;

/** `people` at every hour 17–23 of the 28 venue days before today. */
function evenings(people: (d: VenueDay, hour: number) => number | null): HourTotal[] {
  const hours: HourTotal[] = [];
  for (let d = today - 28; d < today; d++) {
    for (let hour = 17; hour <= 23; hour++) {
      const value = people(d, hour);
      if (value !== null) hours.push(at(d, hour, value));
    }
  }
  return hours;
}

describe("popular times", () => {
  it("weighs the same weekdays 8, 7, 6 … from the most recent, leaving a missing week out", () => {
    expect(sameWeekdaysBefore(today, TUESDAY).slice(0, 4)).toEqual([today - 7, today - 14, today - 21, today - 28]);
    expect(sameWeekdaysBefore(today, 0)[0]).toBe(today - 1); // Monday
    // Tuesdays at 21:00: 60 last week, 40 the week before, none three weeks ago, 20 four weeks ago.
    const tuesdays = [at(today - 7, 21, 60), at(today - 14, 21, 40), at(today - 28, 21, 20), at(today - 7, 22, 50)];
    // Tuesday night's 01:00 (Wednesday morning, same venue day): 30 and 10.
    const lateNight = [at(today - 7, 1, 30), at(today - 14, 1, 10)];
    // Filler: 10 people at noon on every day but the missing week's Tuesday (27 days with data).
    const filler = evenings(() => null);
    for (let d = today - 28; d < today; d++) if (d !== today - 21) filler.push(at(d, 12, 10));
    const history = historyOf([...tuesdays, ...lateNight, ...filler], 5, today);

    // (8 × 60 + 7 × 40 + 5 × 20) ÷ (8 + 7 + 5) = 860 ÷ 20 = 43.
    expect(usualAt(history, TUESDAY, 21)?.people).toBe(43);
    const answer = popularTimes(history, place(), instant(today, 9), null);
    expect(answer.enough_data).toBe(true);
    expect(answer.timezone).toBe(zone);
    expect(answer.days.map((item) => item.weekday)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    const tuesday = answer.days[TUESDAY].hours;
    expect(tuesday.map((item) => item.hour)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4]);
    expect(tuesday.find((item) => item.hour === 21)).toEqual({ hour: 21, usual: 43, closed: false });
    // (8 × 30 + 7 × 10) ÷ 15 = 20.67.
    expect(tuesday.find((item) => item.hour === 1)).toEqual({ hour: 1, usual: 21, closed: false });
    // One day (last Tuesday's 22:00) is not "usual".
    expect(tuesday.find((item) => item.hour === 22)?.usual).toBeNull();
    expect(tuesday.find((item) => item.hour === 12)?.usual).toBe(10);
  });

  it("marks closed hours from the hours table, past-midnight closes on the day they belong to", () => {
    // Monday to Saturday 17:00–02:00; closed on Sunday. Data at every hour, closed or not.
    const barHours: PlaceHours = {
      ...eveningHours,
      monday_close: "02:00",
      tuesday_close: "02:00",
      wednesday_close: "02:00",
      thursday_close: "02:00",
      friday_close: "02:00",
      saturday_close: "02:00",
      sunday_open: "",
      sunday_close: "",
    };
    const hours: HourTotal[] = [];
    for (let d = today - 28; d < today; d++) for (let hour = 0; hour < 24; hour++) hours.push(at(d, hour, 25));
    const answer = popularTimes(historyOf(hours, 5, today), place(barHours), instant(today, 9), null);
    const hourOf = (weekday: number, hour: number) => answer.days[weekday].hours.find((item) => item.hour === hour);
    expect(hourOf(TUESDAY, 16)).toEqual({ hour: 16, usual: null, closed: true });
    expect(hourOf(TUESDAY, 17)).toEqual({ hour: 17, usual: 25, closed: false });
    expect(hourOf(TUESDAY, 1)).toEqual({ hour: 1, usual: 25, closed: false }); // Wednesday 01:00, Tuesday's night
    expect(hourOf(TUESDAY, 2)).toEqual({ hour: 2, usual: null, closed: true });
    expect(hourOf(5, 1)?.closed).toBe(false); // Saturday's night runs into Sunday
    expect(hourOf(6, 20)?.closed).toBe(true); // Sunday evening
    expect(hourOf(6, 1)?.closed).toBe(true); // Sunday's venue day: Monday 01:00
  });

  it("pools the two 01:00 hours of the autumn night and lists 24 hours a day", () => {
    // Saturday 31 October 2026: New York falls back at 02:00 EDT on Sunday morning.
    const saturday = day("2026-11-07");
    const hours = [
      at(saturday - 7, 1, 30, -4), // 01:00 EDT
      at(saturday - 7, 1, 50, -5), // 01:00 EST
      at(saturday - 14, 1, 25, -4),
    ];
    for (let d = saturday - 28; d < saturday; d++) hours.push(at(d, 12, 10));
    const history = historyOf(hours, 5, saturday);
    // Pooled (30 + 50) ÷ 2 = 40; (8 × 40 + 7 × 25) ÷ 15 = 33.
    expect(usualAt(history, 5, 1)?.people).toBe(33);
    const answer = popularTimes(history, place(), Date.UTC(2026, 10, 7, 17), null);
    expect(answer.days.every((item) => item.hours.length === 24)).toBe(true);
    expect(answer.days[5].hours.find((item) => item.hour === 1)?.usual).toBe(33);
  });

  it("says busier or quieter beyond max(10 points, a quarter of usual)", () => {
    expect(vsUsual(50, 40)).toBe("busier");
    expect(vsUsual(49, 40)).toBe("usual");
    expect(vsUsual(31, 40)).toBe("usual");
    expect(vsUsual(30, 40)).toBe("quieter");
    expect(vsUsual(95, 80)).toBe("usual"); // band 20 at 80
    expect(vsUsual(100, 80)).toBe("busier");
    expect(vsUsual(0, 8)).toBe("usual"); // band 10 at 8
    expect(vsUsual(null, 40)).toBeNull();
    expect(vsUsual(40, null)).toBeNull();
  });

  it("puts the live percent against the usual of the current hour", () => {
    const history = historyOf(evenings(() => 40), 5, today);
    const live = { percent: 62, level: "Lively" as const, updatedAt: instant(today, 21, 3) };
    const answer = popularTimes(history, place(eveningHours), instant(today, 21, 5), live);
    expect(answer.live).toEqual({ percent: 62, level: "Lively", vs_usual: "busier", updated_at: new Date(live.updatedAt).toISOString() });
    // At 04:00 the venue is closed: no usual to compare with.
    expect(popularTimes(history, place(eveningHours), instant(today, 4), live).live?.vs_usual).toBeNull();
  });

  it("has not enough data with fewer than 14 venue days of history", () => {
    const history = historyOf(evenings((d) => (d >= today - 13 ? 40 : null)), 5, today);
    const answer = popularTimes(history, place(eveningHours), instant(today, 21), null);
    expect(answer.enough_data).toBe(false);
    expect(answer.days.flatMap((item) => item.hours).every((item) => item.usual === null)).toBe(true);
    expect(historyOf(evenings((d) => (d >= today - 14 ? 40 : null)), 5, today).means.size).toBe(14);
    expect(popularTimes(historyOf(evenings((d) => (d >= today - 14 ? 40 : null)), 5, today), place(eveningHours), 0, null).enough_data).toBe(true);
  });
});

describe("forecast", () => {
  const now = instant(today, 20, 30); // Tuesday 20:30

  it("is the usual per hour scaled by today so far, fading with the hours ahead; best time the quietest open hour", () => {
    // 30 people 17:00–22:59 and 20 at 23:00 every evening; today 60 at 17, 18 and 19.
    const hours = evenings((_, hour) => (hour === 23 ? 20 : 30));
    for (const hour of [17, 18, 19]) hours.push(at(today, hour, 60));
    const history = historyOf(hours, 5, today);
    // Today so far: 180 against a usual of 90 = 2; the 6 days before ran as usual: 1.
    expect(todayLevel(history, place(eveningHours), now)).toBe(2);
    expect(recentLevel(history, place(eveningHours), now)).toBe(1);
    // 1 + 0.8 × 0.95^ahead × (2 − 1): 1.8 for the current hour, 1.8 − 0.8 × (1 − 0.95³) three hours on.
    expect(levelFactor(2, 1, 0)).toBeCloseTo(1.8, 10);
    expect(levelFactor(2, 1, 3)).toBeCloseTo(1 + 0.8 * 0.857375, 10);

    const answer = forecast(history, place(eveningHours), now, []);
    expect(answer.generated_at).toBe(new Date(now).toISOString());
    // From the current hour to Monday's venue day end (05:00 on Tuesday 26 May): 6 days 9 hours.
    expect(answer.hours).toHaveLength(6 * 24 + 9);
    // 30 × 1.8 = 54; 20 × 1.686 = 33.7.
    expect(answer.hours[0]).toEqual({ start: new Date(instant(today, 20)).toISOString(), percent: 54, low: 54, high: 54, closed: false });
    expect(answer.hours[3]).toEqual({ start: new Date(instant(today, 23)).toISOString(), percent: 34, low: 34, high: 34, closed: false });
    expect(answer.hours[4]).toEqual({ start: new Date(instant(today, 24)).toISOString(), percent: null, low: null, high: null, closed: true });
    // Tomorrow 17:00, 21 hours on: 30 × (1 + 0.8 × 0.95²¹) = 30 × 1.272 = 38.2.
    expect(answer.hours[21]).toMatchObject({ start: new Date(instant(today + 1, 17)).toISOString(), percent: 38 });
    expect(answer.best_time).toEqual({
      start: new Date(instant(today, 23)).toISOString(),
      end: new Date(instant(today, 24)).toISOString(),
      percent: 34,
    });
  });

  it("carries a share of a level shift three days ago into every hour", () => {
    // 60 every evening, 78 (30 % up) on the last 3 days; the forecast is made at noon, before today's opening.
    const history = historyOf(evenings((d) => (d >= today - 3 ? 78 : 60)), 5, today);
    const noon = instant(today, 12);
    // Each of the last 3 days against its usual (its same weekdays, itself left out: 60):
    // (21 × 60 + 21 × 78) ÷ (42 × 60) = 2898 ÷ 2520 = 1.15.
    expect(recentLevel(history, place(eveningHours), noon)).toBeCloseTo(1.15, 10);
    expect(todayLevel(history, place(eveningHours), noon)).toBe(1);
    // Wednesday 21:00: its usual 60 × (1 + 0.45 × 0.15) = 64.05.
    const wednesday21 = forecast(history, place(eveningHours), noon, []).hours.find((item) => item.start === new Date(instant(today + 1, 21)).toISOString());
    expect(wednesday21).toMatchObject({ percent: 64 });
  });

  it("follows a trend across weeks through the last days' level", () => {
    // Every evening 100 − (days before today): 72 four weeks ago, rising by one a day to 99 yesterday.
    const history = historyOf(evenings((d) => 100 + d - today), 5, today);
    const noon = instant(today, 12);
    // Each of the last 6 days (v) against its own earlier same weekdays, weighted 7, 6, 5:
    // v − (7 × 7 + 6 × 14 + 5 × 21) ÷ 18 = v − 13.22; Σ v = 99 + … + 94 = 579 → 579 ÷ 499.67 = 1.1588.
    expect(recentLevel(history, place(eveningHours), noon)).toBeCloseTo(579 / (579 - 238 / 3), 10);
    // Tomorrow's 21:00: Wednesdays 94, 87, 80, 73 weighted 8, 7, 6, 5 = 84.85 ("usual": 85), then
    // × (1 + 0.45 × 0.1588) = 90.9: the forecast sits above the usual, where the trend is heading.
    const wednesday21 = forecast(history, place(eveningHours), noon, []).hours.find((item) => item.start === new Date(instant(today + 1, 21)).toISOString());
    expect(wednesday21).toMatchObject({ percent: 91 });
  });

  it("forecasts a public holiday like the venue's Sundays, or by its learnt holiday ratio", () => {
    // 30 every evening, 12 on Sundays; tomorrow (a Wednesday) is a public holiday.
    const sundays = (d: VenueDay) => (d - today + 2) % 7 === 0;
    const history = historyOf(evenings((d) => (sundays(d) ? 12 : 30)), 5, today);
    const noon = instant(today, 12);
    const hourAt = (answer: ReturnType<typeof forecast>, hour: number) =>
      answer.hours.find((item) => item.start === new Date(instant(today + 1, hour)).toISOString());
    expect(hourAt(forecast(history, place(eveningHours), noon, []), 21)).toMatchObject({ percent: 30 });
    // No holiday in its history: the usual of its Sundays, 12.
    const holiday = forecast(history, { ...place(eveningHours), holidays: new Set([today + 1]) }, noon, []);
    expect(hourAt(holiday, 21)).toMatchObject({ percent: 12, low: 12, high: 12 });
    expect(hourAt(holiday, 21 - 24 + 48)).toMatchObject({ percent: 30 }); // the day after runs as usual

    // Monday a week ago was a holiday too, at half its usual (15): learnt ratio 7 × 15 ÷ (7 × 30) = 0.5,
    // so tomorrow is 30 × 0.5 = 15; that Monday is left out of the Mondays' usual (still 30, not 26).
    const learnt = historyOf(evenings((d) => (d === today - 8 ? 15 : sundays(d) ? 12 : 30)), 5, today);
    const withRatio = forecast(learnt, { ...place(eveningHours), holidays: new Set([today - 8, today + 1]) }, noon, []);
    expect(hourAt(withRatio, 21)).toMatchObject({ percent: 15 });
    const nextMonday = withRatio.hours.find((item) => item.start === new Date(instant(today + 6, 21)).toISOString());
    expect(nextMonday).toMatchObject({ percent: 30 });
  });

  it("takes a closed day or a silent sensor as missing, not as zero", () => {
    // 30 every evening, nothing at all last Tuesday.
    const history = historyOf(evenings((d) => (d === today - 7 ? null : 30)), 5, today);
    const noon = instant(today, 12);
    expect(recentLevel(history, place(eveningHours), noon)).toBe(1);
    // Tonight's 21:00 is the usual of the Tuesdays with samples, 30; zeros would have made it
    // (8 × 0 + 7 × 30 + 6 × 30 + 5 × 30) ÷ 26 = 20.8.
    const tonight = forecast(history, place(eveningHours), noon, []).hours.find((item) => item.start === new Date(instant(today, 21)).toISOString());
    expect(tonight).toMatchObject({ percent: 30, low: 30, high: 30 });
  });

  it("gives the range from 1.5 spreads of the same weekdays", () => {
    // Wednesdays at 21:00: 65 last week and 50 the week before; 30 otherwise.
    const hours = evenings((d, hour) => (hour === 21 && d === today - 6 ? 65 : hour === 21 && d === today - 13 ? 50 : hour === 21 && d < today - 13 && (d - today + 6) % 7 === 0 ? null : 30));
    const history = historyOf(hours, 5, today);
    // Mean (8 × 65 + 7 × 50) ÷ 15 = 58; variance (8 × 7² + 7 × 8²) ÷ 15 = 56, spread 7.48.
    expect(usualAt(history, WEDNESDAY, 21)).toEqual({ people: 58, spread: Math.sqrt(56), days: 2 });
    const answer = forecast(history, place(eveningHours), now, []);
    const wednesday21 = answer.hours.find((item) => item.start === new Date(instant(today + 1, 21)).toISOString());
    // Last Wednesday's 21:00 has no usual without itself (one day is not usual): the recent level stays 1.
    expect(recentLevel(history, place(eveningHours), now)).toBe(1);
    // An 80 % range: 58 ± 1.5 × 7.48 = 46.8 … 69.2.
    expect(wednesday21).toMatchObject({ percent: 58, low: 47, high: 69, closed: false });
  });

  it("lifts an event's hours by the learnt lift of past events of its category, and widens an unknown one", () => {
    // 30 every evening; last Tuesday's one-off quiz (category 7) 20:00–22:00 drew 60.
    const history = historyOf(evenings((d, hour) => (d === today - 7 && (hour === 20 || hour === 21) ? 60 : 30)), 5, today);
    const events: VenueEvent[] = [
      { start: instant(today - 7, 20), end: instant(today - 7, 22), categoryId: 7 },
      // Tomorrow: another quiz 20:00–22:00 and an event of a category never held here 22:00–23:00.
      { start: instant(today + 1, 20), end: instant(today + 1, 22), categoryId: 7 },
      { start: instant(today + 1, 22), end: instant(today + 1, 23), categoryId: 9 },
    ];
    const hourAt = (answer: ReturnType<typeof forecast>, hour: number) =>
      answer.hours.find((item) => item.start === new Date(instant(today + 1, hour)).toISOString());

    const without = forecast(history, place(eveningHours), now, []);
    expect(hourAt(without, 20)).toMatchObject({ percent: 30, low: 30, high: 30 });
    expect(hourAt(without, 22)).toMatchObject({ percent: 30, low: 30, high: 30 });

    // Lift: 60 + 60 against a usual of 30 + 30 (last Tuesday left out of its own usual) = 2.
    const withEvents = forecast(history, place(eveningHours), now, events);
    expect(hourAt(withEvents, 19)).toMatchObject({ percent: 30 });
    expect(hourAt(withEvents, 20)).toMatchObject({ percent: 60, low: 60, high: 60 });
    expect(hourAt(withEvents, 21)).toMatchObject({ percent: 60, low: 60, high: 60 });
    expect(hourAt(withEvents, 22)).toMatchObject({ percent: 30, low: 30, high: 45 });
  });

  it("lists both 01:00 hours of the autumn night and skips the spring one's 02:00", () => {
    const autumn = day("2026-10-31"); // Saturday
    const history = historyOf([], 5, autumn);
    const hours = forecast(history, place(), Date.UTC(2026, 10, 1, 0), []).hours; // 20:00 EDT
    // 20:00 EDT on 31 October to 05:00 EST on 7 November.
    expect(hours).toHaveLength(154);
    expect(hours.filter((item) => /T0[56]:00/.test(item.start) && item.start.startsWith("2026-11-01"))).toHaveLength(2);
    const spring = forecast(historyOf([], 5, day("2026-03-07")), place(), Date.UTC(2026, 2, 8, 1), []).hours; // Sat 20:00 EST
    expect(spring.map((item) => item.start)).toContain("2026-03-08T06:00:00.000Z"); // 01:00 EST
    expect(spring.map((item) => item.start)).toContain("2026-03-08T07:00:00.000Z"); // 03:00 EDT
    expect(spring).toHaveLength(6 * 24 + 9 - 1);
  });

  it("has no numbers and no best time without enough history", () => {
    const history = historyOf(evenings((d) => (d >= today - 5 ? 30 : null)), 5, today);
    const answer = forecast(history, place(eveningHours), now, []);
    expect(answer.hours.every((item) => item.percent === null && item.low === null && item.high === null)).toBe(true);
    expect(answer.hours[0].closed).toBe(false);
    expect(answer.best_time).toBeNull();
  });
});
