// Web Push and the inbox of people's accounts (issue 28; docs/push.md). Requests are checked with
// the messages below; answers are strict, like answers.ts.
import * as v from "valibot";
import { isoTime } from "./answers";
import { integerInput } from "./fields";

// What a push carries, decrypted; the service worker shows it (docs/app.md#web-push).

/**
 * A path on the app's own origin ("/profile/…"): a notification never opens another site. One "/"
 * first, then no backslash, whitespace or control character anywhere: a URL parser reads "\" as
 * "/" and drops tabs and newlines, so "/\host" and "/<tab>/host" would open another host.
 */
const appPath = v.pipe(
  v.string(),
  v.regex(/^\/(?!\/)[^\\\s\x00-\x1f\x7f]*$/, "a path on this origin, starting with one / and without backslashes, spaces or control characters"),
  v.maxLength(2000),
);

export const pushPayloadSchema = v.object({
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  body: v.pipe(v.string(), v.maxLength(1000)),
  /** Opened by a click on the notification, typically the place's profile, /profile/{slug}. */
  url: appPath,
  /** Replaces an earlier notification with the same tag (one per watched place). */
  tag: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  /** A capability URL that stops the watch: POSTed to, without credentials, by the "Stop watching" action. */
  stop_url: v.optional(appPath),
});

export type PushPayload = v.InferOutput<typeof pushPayloadSchema>;

/** GET /api/push/public-key: the VAPID public key for PushManager.subscribe({applicationServerKey}). */
export const pushPublicKeyAnswerSchema = v.strictObject({
  /** base64url of the uncompressed P-256 point (65 bytes). */
  public_key: v.string(),
});

export const MAX_PUSH_ENDPOINT = 2000;
const base64url = (field: string, bytes: number, pattern: RegExp) =>
  v.pipe(v.string(`${field} must be base64url text.`), v.regex(pattern, `${field} must be ${bytes} bytes as base64url.`));

/** POST /api/me/push-subscriptions: what PushSubscription.toJSON() gives (expirationTime and others are ignored). */
export const pushSubscriptionBodySchema = v.object(
  {
    endpoint: v.pipe(
      v.string("endpoint must be a web address."),
      v.nonEmpty("endpoint must be a web address."),
      v.maxLength(MAX_PUSH_ENDPOINT, `endpoint must be at most ${MAX_PUSH_ENDPOINT} characters.`),
    ),
    keys: v.object(
      {
        // 65 bytes: 87 base64url characters (88 with one "=").
        p256dh: base64url("keys.p256dh", 65, /^B[A-Za-z0-9_-]{86}=?$/),
        // 16 bytes: 22 base64url characters (24 with "==").
        auth: base64url("keys.auth", 16, /^[A-Za-z0-9_-]{22}(==)?$/),
      },
      "keys must be an object {p256dh, auth}.",
    ),
  },
  "Send a JSON object { endpoint, keys: { p256dh, auth } }.",
);

/** DELETE /api/me/push-subscriptions {endpoint}. */
export const pushUnsubscribeBodySchema = v.object(
  { endpoint: pushSubscriptionBodySchema.entries.endpoint },
  "Send a JSON object { endpoint }.",
);

export const pushSubscribedAnswerSchema = v.strictObject({ id: v.number() });

export const consumerNotificationSchema = v.strictObject({
  id: v.number(),
  /** What it is about, e.g. "quiet_now". */
  kind: v.string(),
  title: v.string(),
  body: v.string(),
  url: v.string(),
  place_id: v.nullable(v.number()),
  read: v.boolean(),
  created_at: isoTime,
});
export type ConsumerNotificationAnswer = v.InferOutput<typeof consumerNotificationSchema>;

export const MAX_INBOX_PAGE = 50;

/** GET /api/me/notifications?limit=&before=: `limit` (1–50, default 20) notifications with ids below `before` (default: the newest). */
export const consumerNotificationsQuerySchema = v.object({
  limit: integerInput(`limit must be a whole number from 1 to ${MAX_INBOX_PAGE}.`, { min: 1, max: MAX_INBOX_PAGE, empty: 20 }),
  before: integerInput("before must be a notification id.", { min: 1, max: 2 ** 31 - 1, empty: 2 ** 31 - 1 }),
});

/** The answer: newest first; `unread` counts the whole inbox. */
export const consumerNotificationsAnswerSchema = v.strictObject({
  notifications: v.array(consumerNotificationSchema),
  unread: v.number(),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: v.nullable(v.number()),
});
export type ConsumerNotificationsAnswer = v.InferOutput<typeof consumerNotificationsAnswerSchema>;

/** POST /api/me/notifications/read: some ({ids}) or all ({all: true}). */
export const consumerNotificationsReadBodySchema = v.union(
  [
    v.strictObject({
      ids: v.pipe(
        v.array(v.pipe(v.number(), v.integer(), v.minValue(1)), "ids must be a list of notification ids."),
        v.nonEmpty("ids must not be empty."),
        v.maxLength(MAX_INBOX_PAGE, `ids may hold at most ${MAX_INBOX_PAGE} ids.`),
      ),
    }),
    v.strictObject({ all: v.literal(true, "all must be true.") }),
  ],
  "Send a JSON object { ids: [...] } or { all: true }.",
);

export const consumerNotificationsReadAnswerSchema = v.strictObject({ marked: v.number(), unread: v.number() });
export type ConsumerNotificationsReadAnswer = v.InferOutput<typeof consumerNotificationsReadAnswerSchema>;

export type PushPublicKeyAnswer = v.InferOutput<typeof pushPublicKeyAnswerSchema>;
export type PushSubscriptionBody = v.InferOutput<typeof pushSubscriptionBodySchema>;
export type PushSubscribedAnswer = v.InferOutput<typeof pushSubscribedAnswerSchema>;
