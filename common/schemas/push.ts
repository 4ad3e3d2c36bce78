// What a Web Push message to the installable app carries (docs/app.md#web-push): the server
// encrypts this JSON to the subscription, the service worker shows it as a notification.
import * as v from "valibot";

/** A path on the app's own origin ("/profile/…"): a notification never opens another site. */
const appPath = v.pipe(v.string(), v.regex(/^\/(?!\/)/, "a path on this origin, starting with one /"), v.maxLength(2000));

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
