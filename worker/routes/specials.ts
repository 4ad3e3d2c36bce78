// Specials (issue 30 §2; docs/menus-and-specials.md#specials): public with on_now, next_start and
// ends_at, cached at the edge no longer than the next start or end; owners and the admin create,
// change and delete them, and read every one with its lift against the usual.
import { Hono } from "hono";
import { DAY_MS } from "../../common/local-time";
import {
  ownedSpecialsAnswerSchema,
  specialCreateSchema,
  specialIdParamSchema,
  specialSchema,
  specialsAnswerSchema,
  specialUpdateSchema,
  type OwnedSpecialsAnswer,
  type SpecialsAnswer,
} from "../../common/schemas/special";
import { okAnswerSchema } from "../../common/schemas/answers";
import { SPECIAL_LIMITS } from "../../common/menu-vocabulary";
import { placeIdSchema, requirePlaceOwner } from "../auth/middleware";
import { getDb } from "../db/client";
import { hourTotalsBetween } from "../db/local-hours";
import { occupancyConfig } from "../db/occupancy";
import { placeTimezone } from "../db/reviews";
import { deleteSpecial, findSpecial, insertSpecial, listSpecials, updateSpecial } from "../db/specials";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import { cacheKey, edgeOnly, PROFILE_CACHE_SECONDS, purgePaths, servedFromCache, specialsPath } from "../lib/public-cache";
import { bySchedule, nextChange, specialAnswer } from "../lib/special-schedule";
import { hoursOfWeekNeeded, INSIGHT_HISTORY_DAYS } from "../occupancy/event-insights";
import { measuredSpecialEvents, specialLifts } from "../occupancy/special-lift";

const tag = "Specials";
const NO_SUCH_SPECIAL = "No such special at this place.";
const MAX_SPECIAL_BYTES = 4 * 1024;
const specialParams = params({ id: placeIdSchema, sid: specialIdParamSchema });

/** What the public sees and /api/live's filter reads change when a special does. */
const purgeSpecials = (c: Parameters<typeof purgePaths>[0], placeId: number) => purgePaths(c, specialsPath(placeId), "/api/live");

export const specialRoutes = new Hono<AppEnv>()
  .get(
    "/places/:id/specials",
    describe({
      tag,
      summary: "A place's specials: weekly ones and one-offs not over, with on_now, next_start and ends_at",
      description:
        "Public and the same for everyone: cached at the edge for a minute at most, and never past the next start or end of one of them. Times are ISO instants; `days`, `from` and `to` are on the venue's clock.",
      access: "public",
      answers: { 200: specialsAnswerSchema },
      errors: [404],
    }),
    params({ id: placeIdSchema }),
    async (c) => {
      const { id } = c.req.valid("param");
      return servedFromCache(c, cacheKey(c.req.url, specialsPath(id)), async () => {
        const db = getDb(c.env);
        const timeZone = await placeTimezone(db, id);
        if (!timeZone) throw notFound("No such place.");
        const now = Date.now();
        const records = await listSpecials(db, id);
        const specials = records
          .map((record) => specialAnswer(record, timeZone, now))
          // A one-off that is over is the owners' only.
          .filter((special) => special.ends_at !== null)
          .sort(bySchedule);
        const changes = records.map((record) => nextChange(record.schedule, timeZone, now)).filter((moment): moment is number => moment !== null);
        const seconds = Math.min(PROFILE_CACHE_SECONDS, ...changes.map((moment) => Math.floor((moment - now) / 1000)));
        return c.json({ specials } satisfies SpecialsAnswer, 200, { "cache-control": seconds > 0 ? edgeOnly(seconds) : "no-cache" });
      });
    },
  )
  .get(
    "/place/:id/specials",
    describe({
      tag,
      summary: "Every special of a place, with its lift against the usual once it has run for 2 weeks",
      description: "Method: docs/menus-and-specials.md#lift (the popular-events method applied to the special's hours). One-offs that are over are listed too.",
      access: "place-owner",
      answers: { 200: ownedSpecialsAnswerSchema },
    }),
    requirePlaceOwner(),
    async (c) => {
      const db = getDb(c.env);
      const place = await occupancyConfig(db, c.var.placeId);
      if (!place) throw notFound("No such place.");
      const now = Date.now();
      const records = await listSpecials(db, place.placeId);
      // Hourly sums only in the hours of the week the measured specials ran, as the event insights read them.
      const events = measuredSpecialEvents(records, place.timeZone, now);
      const hoursOfWeek = events.length === 0 ? [] : hoursOfWeekNeeded(events, place, now);
      const hours = hoursOfWeek.length === 0 ? [] : await hourTotalsBetween(db, place, now - INSIGHT_HISTORY_DAYS * DAY_MS, now, hoursOfWeek);
      const lifts = specialLifts(records, hours, place, now);
      const specials = records
        .map((record) => {
          const lift = lifts.get(record.id)!;
          return { ...specialAnswer(record, place.timeZone, now), lift_percent: lift.percent, lift_runs: lift.runs, lift_text: lift.text };
        })
        .sort(bySchedule);
      return c.json({ specials } satisfies OwnedSpecialsAnswer);
    },
  )
  .post(
    "/place/:id/specials",
    describe({
      tag,
      summary: "Create a special",
      description: `Weekly: \`{title, text, days, from, to}\` (a \`to\` at or before \`from\` ends the next morning). One-off: \`{title, text, starts_at, ends_at}\` (at most ${SPECIAL_LIMITS.oneOffDays} days). At most ${SPECIAL_LIMITS.perPlace} per place (409).`,
      access: "place-owner",
      answers: { 201: specialSchema },
      errors: [409],
    }),
    requirePlaceOwner(),
    jsonBody(specialCreateSchema, MAX_SPECIAL_BYTES),
    async (c) => {
      const db = getDb(c.env);
      const placeId = c.var.placeId;
      const now = Date.now();
      const id = await insertSpecial(db, placeId, c.req.valid("json"), now);
      if (id === null) throw conflict(`A place has at most ${SPECIAL_LIMITS.perPlace} specials. Delete one first.`);
      await purgeSpecials(c, placeId);
      const [special, timeZone] = await Promise.all([findSpecial(db, placeId, id), placeTimezone(db, placeId)]);
      return c.json(specialAnswer(special!, timeZone!, now), 201);
    },
  )
  .patch(
    "/place/:id/specials/:sid",
    describe({
      tag,
      summary: "Change a special",
      description: "Any of title, text and a whole schedule (days, from and to, or starts_at and ends_at); a new schedule restarts its lift's 2 weeks.",
      access: "place-owner",
      answers: { 200: specialSchema },
    }),
    requirePlaceOwner(),
    specialParams,
    jsonBody(specialUpdateSchema, MAX_SPECIAL_BYTES),
    async (c) => {
      const db = getDb(c.env);
      const { id: placeId, sid } = c.req.valid("param");
      const now = Date.now();
      if (!(await updateSpecial(db, placeId, sid, c.req.valid("json"), now))) throw notFound(NO_SUCH_SPECIAL);
      await purgeSpecials(c, placeId);
      const [special, timeZone] = await Promise.all([findSpecial(db, placeId, sid), placeTimezone(db, placeId)]);
      return c.json(specialAnswer(special!, timeZone!, now));
    },
  )
  .delete(
    "/place/:id/specials/:sid",
    describe({ tag, summary: "Delete a special", access: "place-owner", answers: { 200: okAnswerSchema } }),
    requirePlaceOwner(),
    specialParams,
    noBody(),
    async (c) => {
      const { id: placeId, sid } = c.req.valid("param");
      if (!(await deleteSpecial(getDb(c.env), placeId, sid))) throw notFound(NO_SUCH_SPECIAL);
      await purgeSpecials(c, placeId);
      return c.json({ ok: true as const });
    },
  );
