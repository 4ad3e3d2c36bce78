// One number, one word (docs/when-to-go.md#one-number-one-word): the same venue and hour reads the
// same on the profile's "Next 12 hours", in the app's "where can I go at 9" and on a plan. Each
// screen's own words (client/live/whenToGo.ts, client/pages/app/tonight.ts, planText.ts) applied to
// the real answers of the worker, at a fixed now; a closed hour reads Closed on all three.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { forecastRow, placeEdge } from "../../client/live/whenToGo";
import { suggestionLevel } from "../../client/pages/app/tonight";
import { forecastLine } from "../../client/pages/app/plans/planText";
import type { ForecastAnswer, PublicPlace } from "../../common/schemas/answers";
import type { Plan } from "../../common/schemas/plans";
import type { SuggestionsAnswer } from "../../common/schemas/saved";
import { api } from "./helpers";
import { hoursOn } from "./hours-fixtures";
import { createPlace, eveningsBeforeJune10th2031, useFixedClock } from "./occupancy-fixtures";
import { befriend, person, send } from "./social-fixtures";

/** Tuesday 10 June 2031, 8:10 PM in New York (EDT, UTC−4). */
const now = Date.UTC(2031, 5, 11, 0, 10);
useFixedClock(now);
/** 9 PM and 4 PM the next day (closed: it opens at 5 PM), in New York. */
const NINE_PM = "2031-06-11T01:00:00.000Z";
const FOUR_PM_TOMORROW = "2031-06-11T20:00:00.000Z";

async function venueHourOnEveryScreen(placeId: number, at: string) {
  const place = await (await api(`/api/place/${placeId}`)).json<PublicPlace>();
  const forecast = await (await api(`/api/places/${placeId}/forecast`)).json<ForecastAnswer>();
  const hour = forecast.hours.find((item) => item.start === at)!;
  const profile = forecastRow(hour, place.timezone, "en-US", placeEdge(place)).value;

  const [lat, lng] = [place.latitude, place.longitude];
  const suggestions = await (await api(`/api/places/suggestions?lat=${lat}&lng=${lng}&radius_m=100&at=${at}`)).json<SuggestionsAnswer>();
  const app = suggestionLevel(suggestions.places.find((entry) => entry.id === placeId)!, true);

  const [maya, sam] = await Promise.all([person("Maya"), person("Sam")]);
  await befriend(maya, sam);
  const created = await send("POST", "/api/plans", maya.headers, { place_id: placeId, starts_at: at, invitees: [sam.id] });
  expect(created.status, await created.clone().text()).toBe(201);
  const plan = forecastLine((await created.json<Plan>()).forecast);
  return { profile, app, plan };
}

describe("the same venue-hour on the profile, in the app and on a plan", () => {
  it("reads one level word and one percent, the same on all three", async () => {
    const placeId = await createPlace({ livelyThreshold: 40, packedThreshold: 100, hours: hoursOn("17:00", "02:00") });
    // A spot of its own, so the suggestions near it are this place.
    await env.DB.prepare("UPDATE places SET latitude = ?, longitude = ? WHERE id = ?").bind(41.5, -70 - placeId / 1000, placeId).run();
    await eveningsBeforeJune10th2031(placeId, (hour, weekday) => (hour === 21 ? 50 + weekday : 20));

    const nine = await venueHourOnEveryScreen(placeId, NINE_PM);
    expect(nine.profile).toMatch(/^Lively · \d+%$/);
    expect(nine.app).toBe(nine.profile);
    expect(nine.plan).toBe(`Forecast: ${nine.profile}`);

    const closed = await venueHourOnEveryScreen(placeId, FOUR_PM_TOMORROW);
    expect(closed).toEqual({ profile: "Closed", app: "Closed", plan: "Closed at that time" });
  });
});
