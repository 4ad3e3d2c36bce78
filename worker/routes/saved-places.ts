// An account's saved places (docs/app.md#saved-places-and-suggestions): save (again: set `news`),
// unsave, and the list with each place's live level, against its usual, open now, next opening and
// best time tonight. Private: never cached.
import { Hono, type Context } from "hono";
import { requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { placeNameFields } from "../db/occupancy";
import { placeExists } from "../db/places";
import { historyOfRow, nowPlaceOf, savedPlaceRows, savePlace, unsavePlace } from "../db/saved-places";
import type { AppEnv } from "../env";
import { conflict, forbidden, notFound } from "../lib/errors";
import { describe, noBody, params } from "../lib/openapi";
import { readJson } from "../lib/validation";
import { bestTimeOf, placeAt } from "../occupancy/place-now";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { placeIdParamSchema } from "../../common/schemas/fields";
import {
  MAX_SAVED_PLACES,
  saveBodySchema,
  savedEntrySchema,
  savedListSchema,
  type SavedEntry,
  type SavedList,
} from "../../common/schemas/saved";

const tag = "Saved places";
const placeParam = params({ placeId: placeIdParamSchema });

/** The caller's account id; the administrator has none, so saves nothing. */
function accountOf(c: Context<AppEnv>): number {
  const userId = c.var.principal.userId;
  if (userId === null) throw forbidden("Only an account can save places; the administrator has none.");
  return userId;
}

export const savedPlaceRoutes = new Hono<AppEnv>()
  .get(
    "/me/saved",
    describe({
      tag,
      summary: "The caller's saved places with their live level, against usual, open now, next opening and best time tonight",
      description: "The most recently saved first. `percent` (live) and `best_time.percent` are null where the owners hide counts.",
      access: "signed-in",
      answers: { 200: savedListSchema },
      errors: [403],
    }),
    requireUser,
    async (c) => {
      const userId = accountOf(c);
      const db = getDb(c.env);
      const now = Date.now();
      const keep = (write: () => Promise<unknown>) => c.executionCtx.waitUntil(write());
      const rows = await savedPlaceRows(db, userId);
      const places = await Promise.all(
        rows.map(async (row) => {
          const place = nowPlaceOf(row, now);
          const history = await historyOfRow(db, row, place, now, keep);
          return {
            ...placeNameFields(row),
            timezone: row.timeZone,
            ...placeAt(place, history, now, null),
            news: row.news,
            saved_at: row.savedAt.toISOString(),
            best_time: bestTimeOf(place, history, now),
          };
        }),
      );
      return c.json({ places, generated_at: new Date(now).toISOString() } satisfies SavedList);
    },
  )
  .put(
    "/me/saved/:placeId",
    describe({
      tag,
      summary: "Save a place (idempotent; saving again sets `news`)",
      description: `Optional JSON body \`{"news": true}\` opts in to the place's announcements (default false). At most ${MAX_SAVED_PLACES} saved places per account (409 beyond).`,
      access: "signed-in",
      body: { required: false, content: { "application/json": saveBodySchema } },
      answers: { 200: savedEntrySchema },
      errors: [400, 403, 404, 409, 413, 415],
    }),
    requireUser,
    placeParam,
    async (c) => {
      const userId = accountOf(c);
      const { placeId } = c.req.valid("param");
      // A bare PUT with no body saves without news.
      const bare = !c.req.header("content-type") && (c.req.header("content-length") ?? "0") === "0";
      const { news } = bare ? { news: false } : await readJson(c, saveBodySchema);
      const db = getDb(c.env);
      if (!(await placeExists(db, placeId))) throw notFound("No such place.");
      const saved = await savePlace(db, userId, placeId, news);
      if (saved === "cap") {
        throw conflict(`You can save at most ${MAX_SAVED_PLACES} places. Remove one from your saved places to save this one.`);
      }
      return c.json({ place_id: placeId, news, saved_at: saved.savedAt.toISOString() } satisfies SavedEntry);
    },
  )
  .delete(
    "/me/saved/:placeId",
    describe({
      tag,
      summary: "Unsave a place (idempotent: ok whether or not it was saved)",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403],
    }),
    requireUser,
    placeParam,
    noBody(),
    async (c) => {
      await unsavePlace(getDb(c.env), accountOf(c), c.req.valid("param").placeId);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
