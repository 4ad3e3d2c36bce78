// Live Looks (issue 17; docs/live-looks.md): short posts from people at a venue now, public for
// 3 hours. Posting needs an account and the venue open, a few posts an hour per account and venue;
// a post that contradicts a fresh sensor level strongly is marked "not checked" (issue 36 #4). No IP
// address or user agent is stored with a post or a report.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { accountIdOf, assertCanManagePlace, placeIdSchema, requireAdmin, requirePlaceOwner, requireUser } from "../auth/middleware";
import { getDb, type Database } from "../db/client";
import { livePlaceRow, toLivePlace } from "../db/occupancy";
import {
  accountPostTimes,
  deleteLiveLook,
  findLiveLook,
  findLiveLookWithClock,
  insertLiveLook,
  isPublicAt,
  listModeratedLiveLooks,
  openReportsOf,
  publicLiveLooks,
  recentWaits,
  reportLiveLook,
  setLiveLookHidden,
  toLiveLookAnswer,
} from "../db/live-looks";
import type { AppEnv } from "../env";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../lib/errors";
import { isolateSlot } from "../lib/isolate-slot";
import { accountRetryAfter, contradictsSensor, encodeCursor, OWNER_WINDOW_MS, reporterHash, waitSummary } from "../lib/live-look-rules";
import { noticeWaitReport } from "../watches/wait-reports";
import { bodyTooLarge } from "../lib/body";
import { describe, fileField, imageFile, jsonBody, noBody, params, query } from "../lib/openapi";
import { sameSiteOnly } from "../lib/origin";
import { cacheKey, edgeOnly, liveLooksPath, profilePagePaths, purgePaths, servedFromCache } from "../lib/public-cache";
import { clientKey, enforceRateLimit, rateLimit } from "../lib/rate-limit";
import { deleteImages, imageField, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, readForm, videoField, writeWithImages, type CheckedFile, type FormInput } from "../lib/uploads";
import { parseOrThrow } from "../lib/validation";
import {
  liveLookAnswerSchema,
  liveLooksAnswerSchema,
  moderatedLiveLookAnswerSchema,
  moderatedLiveLooksAnswerSchema,
  okAnswerSchema,
  okMessageAnswerSchema,
  type LiveLookAnswer,
  type LiveLooksAnswer,
  type ModeratedLiveLookAnswer,
  type ModeratedLiveLooksAnswer,
  type OkAnswer,
} from "../../common/schemas/answers";
import { venueDayAt } from "../../common/local-time";
import {
  LIVE_LOOK_ACCOUNT_LIMIT_MESSAGE,
  LIVE_LOOK_CLOSED_MESSAGE,
  liveLookHideSchema,
  liveLookIdSchema,
  liveLookReportSchema,
  liveLookSchema,
  liveLooksQuerySchema,
} from "../../common/schemas/live-look";
import { LIVE_LOOK_ACCOUNT_LIMIT } from "../../common/vocabulary";
import { moderationQuerySchema } from "../../common/schemas/review-moderation";

/** One photo at the image limit plus the text fields. */
const MAX_POST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/** A video post: the video at its limit, its poster at the image limit and the text fields (docs/live-looks.md#videos). */
const MAX_VIDEO_POST_BYTES = MAX_VIDEO_BYTES + MAX_IMAGE_BYTES + 64 * 1024;
const MAX_REPORT_BYTES = 4 * 1024;
/**
 * One post that may carry a video (a body past a photo post's limit, or of no declared length) at a
 * time in an isolate, from reading its body to storing it: one at the limits holds about 85 MB, two
 * would pass the isolate's 128 MB. Another is refused, not queued (docs/live-looks.md#one-video-post-at-a-time).
 */
const videoPost = isolateSlot();
const VIDEO_POST_RETRY_SECONDS = 5;
const videoPostBusy = () =>
  new ApiError(503, `Another video is being posted right now. Post yours again in ${VIDEO_POST_RETRY_SECONDS} seconds.`, {
    headers: { "Retry-After": String(VIDEO_POST_RETRY_SECONDS) },
  });
/**
 * The public list is cached at the edge for a minute, like the profile's other answers: a post is
 * public for 3 hours, so showing one up to a minute past its expiry costs nothing, while a busy
 * profile reads D1 once a minute at most. Posting, hiding, restoring and deleting purge it.
 */
const LIVE_LOOKS_CACHE_SECONDS = 60;
const NO_SUCH_LIVE_LOOK = "No such Live Look.";
const ADMIN_JUDGES = "Only the admin can show this Live Look again or dismiss its reports.";
const REPORTED_ADMIN_JUDGES = "Visitors reported this Live Look, so only the admin can show it again.";

// Valid posts only count against the post limits, 5 a minute per client (the public-form limiter, in
// its own scope) and 30 a minute per venue from everyone together: a refused post must not use up a
// venue's budget for everyone. Attempts, valid or not, are braked at 20 a minute per client before
// the form is read (docs/live-looks.md#rate-limits).
const attemptLimit = rateLimit({ limiter: "LIVE_LOOK_ATTEMPT_LIMITER", scope: "live-looks" });
const reportLimit = rateLimit({ limiter: "SUBMISSION_LIMITER", scope: "live-look-reports" });

const tag = "Live Looks";
const placeParams = params({ id: placeIdSchema });
const liveLookParams = params({ id: liveLookIdSchema });

/** The post in the path, once the caller is shown to manage its place (the admin manages all). */
async function moderatedLiveLook(c: Context<AppEnv>, id: number) {
  const db = getDb(c.env);
  const look = await findLiveLook(db, id);
  if (!look) throw notFound(NO_SUCH_LIVE_LOOK);
  await assertCanManagePlace(c, c.get("principal"), look.placeId);
  return { db, look };
}

async function moderatedAnswer(db: Database, id: number): Promise<ModeratedLiveLookAnswer> {
  const [answer] = await listModeratedLiveLooks(db, { id });
  return answer;
}

const postForm = {
  required: true,
  content: {
    "multipart/form-data": v.object({
      ...liveLookSchema.entries,
      photo: imageFile,
      video: fileField("MP4 or QuickTime (H.264 or HEVC, AAC) or WebM, at most 25 MB and 15 s; stored without its metadata (location, make, model, software, tags). Not with a photo."),
      poster: fileField("With a video only: a JPEG of its first frame, at most 5 MB; stored without its metadata"),
    }),
  },
};

/**
 * The post's photo, or its video and poster, checked and stripped. A form without a video may be no
 * larger than a photo post: the larger body limit is a video's only.
 */
const fieldProblem = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

async function postFiles(form: FormInput): Promise<Record<"photo" | "video" | "poster", CheckedFile | null>> {
  if (!form.files.has("video")) {
    if (form.size > MAX_POST_BYTES) throw bodyTooLarge(MAX_POST_BYTES);
    if (form.files.has("poster")) throw fieldProblem("poster", "A poster goes with a video.");
    return { photo: await imageField(form, "photo"), video: null, poster: null };
  }
  if (form.files.has("photo")) throw fieldProblem("video", "A Live Look has a photo or a video, not both.");
  const poster = await imageField(form, "poster");
  if (poster && poster.contentType !== "image/jpeg") throw fieldProblem("poster", "The poster must be a JPEG.");
  return { photo: null, video: await videoField(form, "video"), poster };
}

export const liveLookRoutes = new Hono<AppEnv>()
  .get(
    "/places/:id/live-looks",
    describe({
      tag,
      summary: "A place's public Live Looks (the last 3 hours), newest first, with the reported wait",
      description: `Cached ${LIVE_LOOKS_CACHE_SECONDS} s (the first page). \`limit\` 1–50 (default 12); pass \`next_cursor\` as \`cursor\` for the next page.`,
      access: "public",
      answers: { 200: liveLooksAnswerSchema },
      errors: [404],
    }),
    placeParams,
    query(liveLooksQuerySchema),
    async (c) => {
      const { id: placeId } = c.req.valid("param");
      const page = c.req.valid("query");
      const build = async () => {
        const now = Date.now();
        const db = getDb(c.env);
        const [rows, waits] = await Promise.all([publicLiveLooks(db, placeId, now, page), recentWaits(db, placeId, now)]);
        if (rows === null) throw notFound("No such place.");
        const shown = rows.slice(0, page.limit);
        const last = shown.at(-1);
        const answer: LiveLooksAnswer = {
          live_looks: shown.map(toLiveLookAnswer),
          wait_summary: waitSummary(waits, now),
          next_cursor: rows.length > page.limit && last ? encodeCursor({ createdAt: last.createdAt.getTime(), id: last.id }) : null,
        };
        return c.json(answer, 200, { "cache-control": edgeOnly(LIVE_LOOKS_CACHE_SECONDS) });
      };
      // Only the first page at the default size is cached (the cache key has no query string).
      const firstPage = c.req.query("cursor") === undefined && c.req.query("limit") === undefined;
      return firstPage ? servedFromCache(c, cacheKey(c.req.url, liveLooksPath(placeId)), build) : build();
    },
  )
  .post(
    "/places/:id/live-looks",
    describe({
      tag,
      summary: "Post a Live Look: a short text, an optional photo or video (metadata removed), wait and vibe",
      description:
        `A signed-in account only (401), while the venue is open by its hours (409), at most ${LIVE_LOOK_ACCOUNT_LIMIT} an hour per account and venue (429); a browser's post sent from another website is refused (403). ` +
        "A vibe two levels from the sensor's fresh live level (Packed against Relaxed, or the other way) is kept and marked `not_checked`. The photo is a JPEG, PNG or WebP of at most 5 MB, recognised by its bytes; EXIF, XMP, ICC and text chunks are removed before it is stored. " +
        "Or a video: MP4, QuickTime or WebM of at most 25 MB and 15 s, with an optional JPEG poster; its location, device and software metadata are removed, and a file that cannot be cleaned is refused (415). " +
        "A body larger than a photo post's (or of no declared length) is read only while no other is being read or stored by the same worker instance: else 503 with Retry-After.",
      access: "signed-in",
      body: postForm,
      answers: { 201: liveLookAnswerSchema },
      errors: [400, 401, 403, 404, 409, 413, 415, 422, 429, 503],
    }),
    requireUser,
    // A form any page could submit: refuse what another website made a browser send.
    sameSiteOnly,
    attemptLimit,
    placeParams,
    async (c) => {
      const accountId = accountIdOf(c);
      const { id: placeId } = c.req.valid("param");
      const db = getDb(c.env);
      const now = Date.now();
      const place = await livePlaceRow(db, placeId);
      if (!place) throw notFound("No such place.");
      // Closed wins: nobody is there to look (docs/when-to-go.md#closed-wins).
      const live = toLivePlace(place, now);
      if (live.open_now === false) throw conflict(LIVE_LOOK_CLOSED_MESSAGE);
      const receive = async () => {
        const form = await readForm(c, MAX_VIDEO_POST_BYTES);
        // Everything is checked before anything is stored: a refused post leaves nothing in R2.
        const input = parseOrThrow(liveLookSchema, form.fields);
        const files = await postFiles(form);
        // Only a valid post counts: the account's own first, then the client's, so neither spends the venue's.
        const retryAfter = accountRetryAfter(await accountPostTimes(db, accountId, placeId, now), now);
        if (retryAfter !== null) throw new ApiError(429, LIVE_LOOK_ACCOUNT_LIMIT_MESSAGE, { headers: { "Retry-After": String(retryAfter) } });
        await enforceRateLimit(c.env, "SUBMISSION_LIMITER", `live-looks:${clientKey(c)}`);
        await enforceRateLimit(c.env, "LIVE_LOOK_PLACE_LIMITER", `live-looks:${placeId}`);
        const author = { userId: accountId, notChecked: contradictsSensor(input.vibe, live.level) };
        return { input, row: await writeWithImages(c.env.IMAGES, "live-looks", files, (keys) => insertLiveLook(db, placeId, input, keys, now, author)) };
      };
      // Not a number (no Content-Length, or a garbled one) is taken as a possible video too.
      const mayCarryVideo = !(Number(c.req.header("content-length")) <= MAX_POST_BYTES);
      const { input, row } = mayCarryVideo ? await videoPost(receive, videoPostBusy) : await receive();
      await purgePaths(c, liveLooksPath(placeId), ...(await profilePagePaths(db, placeId)));
      // A shorter reported wait is news for wait_under watchers (docs/watches.md#wait-under); the poster does not wait for it.
      if (input.wait) c.executionCtx.waitUntil(noticeWaitReport(c.env, db, placeId, row.id, now).catch((error) => console.error(`wait watches of place ${placeId} failed: ${error instanceof Error ? error.name : "error"}`)));
      return c.json(toLiveLookAnswer(row) satisfies LiveLookAnswer, 201);
    },
  )

  .post(
    "/live-looks/:id/report",
    describe({
      tag,
      summary: "Report a Live Look; reports from 3 different clients hide it until a moderator looks",
      access: "public",
      answers: { 201: okMessageAnswerSchema },
      errors: [404, 429],
    }),
    reportLimit,
    liveLookParams,
    jsonBody(liveLookReportSchema, MAX_REPORT_BYTES),
    async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      const db = getDb(c.env);
      const now = Date.now();
      const found = await findLiveLookWithClock(db, id);
      // Only what the public sees can be reported.
      if (!found || !isPublicAt(found.look, now)) throw notFound(NO_SUCH_LIVE_LOOK);
      const { look, clock } = found;
      const reporter = await reporterHash(c.env.JWT_SECRET, clientKey(c), id, venueDayAt(clock, now));
      // Only a report that hides the post changes what the public sees, so only that one purges.
      if (await reportLiveLook(db, id, reporter, reason ?? "", now)) await purgePaths(c, liveLooksPath(look.placeId), ...(await profilePagePaths(db, look.placeId)));
      return c.json({ ok: true, message: "Thanks for telling us. We will look at this Live Look." } satisfies v.InferOutput<typeof okMessageAnswerSchema>, 201);
    },
  )

  .post(
    "/live-looks/:id/hide",
    describe({
      tag,
      summary: "Hide a Live Look (the admin, or an owner of its venue)",
      description: "Owners may hide a post that is not hidden yet (409 otherwise). The admin's hide closes the post's open reports; an owner's leaves them open for the admin.",
      access: "signed-in",
      answers: { 200: moderatedLiveLookAnswerSchema },
      errors: [400, 403, 404, 409],
    }),
    requireUser,
    liveLookParams,
    jsonBody(liveLookHideSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db, look } = await moderatedLiveLook(c, id);
      const admin = c.get("principal").role === "admin";
      // An owner's hide would take over a hide by reports or the admin, which only the admin may lift.
      if (!admin && look.hiddenAt !== null) throw conflict("This Live Look is already hidden.");
      await setLiveLookHidden(db, id, { reason: c.req.valid("json").reason }, admin ? "admin" : "owner", Date.now());
      await purgePaths(c, liveLooksPath(look.placeId), ...(await profilePagePaths(db, look.placeId)));
      return c.json(await moderatedAnswer(db, id));
    },
  )

  .post(
    "/live-looks/:id/restore",
    describe({
      tag,
      summary: "Show a hidden Live Look again, or keep a reported one (the admin; an owner of its venue for its owners' own hides)",
      description: "No body. The admin's restore closes the post's open reports. A post older than 3 hours stays off the public profile. Owners may undo only a hide by the venue's owners, and only while the post has no open reports; a post hidden by reports or the admin, or one with open reports, is the admin's to judge (403).",
      access: "signed-in",
      answers: { 200: moderatedLiveLookAnswerSchema },
      errors: [403, 404],
    }),
    requireUser,
    liveLookParams,
    noBody(),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db, look } = await moderatedLiveLook(c, id);
      // Owners undo their own hides only: a post hidden by reports or the admin, or one with open
      // reports, is the admin's to judge (docs/live-looks.md).
      const admin = c.get("principal").role === "admin";
      if (!admin && look.hiddenBy !== "owner") throw forbidden(ADMIN_JUDGES);
      // Reports an owner's hide left open stay the admin's: hide-then-restore must not silence them.
      if (!admin && (await openReportsOf(db, id)) > 0) throw forbidden(REPORTED_ADMIN_JUDGES);
      await setLiveLookHidden(db, id, null, admin ? "admin" : "owner", Date.now());
      await purgePaths(c, liveLooksPath(look.placeId), ...(await profilePagePaths(db, look.placeId)));
      return c.json(await moderatedAnswer(db, id));
    },
  )

  .delete(
    "/live-looks/:id",
    describe({ tag, summary: "Delete a Live Look and its photo or video", access: "admin", answers: { 200: okAnswerSchema }, errors: [404] }),
    requireAdmin,
    liveLookParams,
    async (c) => {
      const { id } = c.req.valid("param");
      const db = getDb(c.env);
      const look = await findLiveLook(db, id);
      if (!look) throw notFound(NO_SUCH_LIVE_LOOK);
      await deleteImages(c.env.IMAGES, await deleteLiveLook(db, id));
      await purgePaths(c, liveLooksPath(look.placeId), ...(await profilePagePaths(db, look.placeId)));
      return c.json({ ok: true } satisfies OkAnswer);
    },
  )

  .get(
    "/place/:id/live-looks",
    describe({
      tag,
      summary: "Every Live Look of a place from the last 7 days, hidden ones marked (its owners and the admin)",
      access: "place-owner",
      answers: { 200: moderatedLiveLooksAnswerSchema },
    }),
    requirePlaceOwner(),
    async (c) => {
      const since = Date.now() - OWNER_WINDOW_MS;
      const answer: ModeratedLiveLooksAnswer = { live_looks: await listModeratedLiveLooks(getDb(c.env), { placeId: c.get("placeId"), since }) };
      return c.json(answer);
    },
  )

  .get(
    "/admin/live-looks",
    describe({ tag, summary: "Reported (or hidden) Live Looks, for moderation", access: "admin", answers: { 200: moderatedLiveLooksAnswerSchema } }),
    requireAdmin,
    query(moderationQuerySchema),
    async (c) => {
      const answer: ModeratedLiveLooksAnswer = { live_looks: await listModeratedLiveLooks(getDb(c.env), { status: c.req.valid("query").status }) };
      return c.json(answer);
    },
  );
