// "Tell me when" (docs/watches.md): an account's watches on places (add, list, stop) and the
// one-tap stop a notification carries, which needs no sign-in: its path is signed.
import * as v from "valibot";
import { Hono } from "hono";
import { accountIdOf, requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { placeExists } from "../db/places";
import { addWatch, deleteWatch, deleteWatchById, watchAnswerOf, watchById, watchesOf, watchOf } from "../db/watches";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import { isStopSignature } from "../watches/stop-link";
import { okAnswerSchema, type OkAnswer } from "../../common/schemas/answers";
import { idParamSchema } from "../../common/schemas/fields";
import { MAX_WATCHES, WATCH_CAP_MESSAGE, watchBodySchema, watchListSchema, watchSchema, type WatchList } from "../../common/schemas/watches";

const tag = "Watches";
const watchParam = params({ id: idParamSchema("Watch id must be a positive whole number.") });
const NO_SUCH_WATCH = "No such watch.";

export const watchRoutes = new Hono<AppEnv>()
  .get(
    "/me/watches",
    describe({
      tag,
      summary: "This account's watches, the newest first",
      access: "signed-in",
      answers: { 200: watchListSchema },
      errors: [403],
    }),
    requireUser,
    async (c) => {
      const rows = await watchesOf(getDb(c.env), accountIdOf(c));
      return c.json({ watches: rows.map(watchAnswerOf) } satisfies WatchList);
    },
  )
  .post(
    "/me/watches",
    describe({
      tag,
      summary: "Watch a place: be told when it goes quiet or lively, the reported wait drops under `minutes`, an event or a special starts",
      description:
        `\`window\` (optional) limits it to days and hours in the venue's time. At most ${MAX_WATCHES} watches per account (409 beyond). ` +
        "`special_starts` is accepted now and notifies once venues post specials.",
      access: "signed-in",
      answers: { 201: watchSchema },
      errors: [403, 404, 409],
    }),
    requireUser,
    jsonBody(watchBodySchema),
    async (c) => {
      const userId = accountIdOf(c);
      const body = c.req.valid("json");
      const db = getDb(c.env);
      if (!(await placeExists(db, body.place_id))) throw notFound("No such place.");
      const id = await addWatch(db, userId, body);
      if (id === "cap") throw conflict(WATCH_CAP_MESSAGE);
      const row = await watchOf(db, userId, id);
      if (!row) throw notFound(NO_SUCH_WATCH);
      return c.json(watchAnswerOf(row), 201);
    },
  )
  .delete(
    "/me/watches/:id",
    describe({
      tag,
      summary: "Stop one of this account's watches",
      description: "Another account's watch is a 404, like one that does not exist.",
      access: "signed-in",
      answers: { 200: okAnswerSchema },
      errors: [403, 404],
    }),
    requireUser,
    watchParam,
    noBody(),
    async (c) => {
      if (!(await deleteWatch(getDb(c.env), accountIdOf(c), c.req.valid("param").id))) throw notFound(NO_SUCH_WATCH);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  )
  .post(
    "/watches/:id/stop/:signature",
    describe({
      tag,
      summary: "Stop a watch from its notification (the path a notification's `stop_url` names)",
      description:
        "No sign-in: the service worker calls it without credentials, and the signature in the path is the proof. " +
        "It works once: the watch is deleted, and a wrong signature or a watch already stopped is a 404.",
      access: "public",
      answers: { 200: okAnswerSchema },
      errors: [404],
    }),
    params({
      id: idParamSchema("Watch id must be a positive whole number."),
      signature: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, "Not a stop link.")),
    }),
    noBody(),
    async (c) => {
      const { id, signature } = c.req.valid("param");
      const db = getDb(c.env);
      const watch = await watchById(db, id);
      if (!watch || !(await isStopSignature(c.env.JWT_SECRET, watch, signature)) || !(await deleteWatchById(db, id))) throw notFound(NO_SUCH_WATCH);
      return c.json({ ok: true } satisfies OkAnswer);
    },
  );
