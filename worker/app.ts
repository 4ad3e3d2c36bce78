import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./env";
import { ApiError, unexpectedErrorLog } from "./lib/errors";
import { strictTransportSecurity } from "./lib/security-headers";
import { adminDeadLetterRoutes } from "./routes/admin-dead-letters";
import { adminSubmissionRoutes } from "./routes/admin-submissions";
import { alertRuleRoutes } from "./routes/alert-rules";
import { announcementRoutes } from "./routes/announcements";
import { followerRoutes } from "./routes/followers";
import { analyticsRoutes } from "./routes/analytics";
import { accountSecurityRoutes } from "./routes/account-security";
import { authRoutes } from "./routes/auth";
import { passkeyRoutes } from "./routes/passkeys";
import { passkeySessionRoutes } from "./routes/passkey-sessions";
import { businessRoutes } from "./routes/businesses";
import { calendarRoutes } from "./routes/calendars";
import { calibrationRoutes } from "./routes/calibration";
import { cityRoutes } from "./routes/cities";
import { configRoutes } from "./routes/config";
import { deviceRoutes } from "./routes/devices";
import { docsRoutes } from "./routes/docs";
import { eventCategoryRoutes } from "./routes/event-categories";
import { eventRoutes } from "./routes/events";
import { featureFlagRoutes } from "./routes/feature-flags";
import { healthRoutes } from "./routes/health";
import { historyRoutes } from "./routes/history";
import { imageRoutes } from "./routes/images";
import { videoRoutes } from "./routes/videos";
import { ingestRoutes } from "./routes/ingest";
import { inviteRoutes } from "./routes/invites";
import { liveLookRoutes } from "./routes/live-looks";
import { liveRoutes } from "./routes/live";
import { liveWidgetRoutes } from "./routes/live-widgets";
import { menuRoutes } from "./routes/menus";
import { notificationRoutes } from "./routes/notifications";
import { consumerNotificationRoutes } from "./routes/consumer-notifications";
import { pushKeyRoutes } from "./routes/push-key";
import { pushSubscriptionRoutes } from "./routes/push-subscriptions";
import { placeOwnerRoutes } from "./routes/place-owners";
import { placeRoutes } from "./routes/places";
import { reviewRoutes } from "./routes/reviews";
import { savedPlaceRoutes } from "./routes/saved-places";
import { blockRoutes } from "./routes/blocks";
import { checkInRoutes } from "./routes/check-ins";
import { friendInviteRoutes } from "./routes/friend-invites";
import { friendRequestRoutes } from "./routes/friend-requests";
import { friendRoutes } from "./routes/friends";
import { planRoutes } from "./routes/plans";
import { conversationRoutes } from "./routes/conversations";
import { messageReportRoutes } from "./routes/message-reports";
import { specialRoutes } from "./routes/specials";
import { offerRoutes } from "./routes/offers";
import { suggestionRoutes } from "./routes/suggestions";
import { watchRoutes } from "./routes/watches";
import { submissionRoutes } from "./routes/submissions";
import { tagRoutes } from "./routes/tags";
import { ttnRoutes } from "./routes/ttn";
import { webhookRoutes } from "./routes/webhooks";
import { whenToGoRoutes } from "./routes/when-to-go";
import { ownerForecastRoutes } from "./routes/owner-forecast";
import { eventInsightRoutes } from "./routes/event-insights";
import { exportRoutes } from "./routes/export";
import { weekComparisonRoutes } from "./routes/week-comparison";

export const app = new Hono<AppEnv>()
  .basePath("/api")
  .use(async (c, next) => {
    await next();
    // API answers may carry private data: never cached unless a route opts in (images, live map,
    // when to go, a profile's public answers: worker/lib/public-cache.ts).
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
    c.res.headers.set("x-content-type-options", "nosniff");
    // No answer may be framed unless its own policy says by whom: only the live widget does
    // (frame-ancestors *, docs/embeds.md); the API's HTML page says 'none'.
    if (!/\bframe-ancestors\b/.test(c.res.headers.get("content-security-policy") ?? "")) c.res.headers.set("x-frame-options", "DENY");
    // The scheme without parsing the whole address again (index.ts did that already).
    const protocol = c.req.url.startsWith("https:") ? "https:" : "http:";
    for (const [name, value] of Object.entries(strictTransportSecurity({ protocol }))) c.res.headers.set(name, value);
  })
  .route("/", authRoutes)
  .route("/", passkeySessionRoutes)
  .route("/", passkeyRoutes)
  .route("/", accountSecurityRoutes)
  .route("/", healthRoutes)
  .route("/", businessRoutes)
  .route("/", eventCategoryRoutes)
  .route("/", eventRoutes)
  .route("/", calendarRoutes)
  .route("/", cityRoutes)
  .route("/", featureFlagRoutes)
  .route("/", imageRoutes)
  .route("/", videoRoutes)
  .route("/", inviteRoutes)
  .route("/", ingestRoutes)
  .route("/", deviceRoutes)
  .route("/", historyRoutes)
  .route("/", analyticsRoutes)
  .route("/", calibrationRoutes)
  .route("/", alertRuleRoutes)
  .route("/", notificationRoutes)
  .route("/", consumerNotificationRoutes)
  .route("/", announcementRoutes)
  .route("/", followerRoutes)
  .route("/", pushKeyRoutes)
  .route("/", pushSubscriptionRoutes)
  .route("/", webhookRoutes)
  .route("/", liveRoutes)
  .route("/", liveWidgetRoutes)
  .route("/", liveLookRoutes)
  .route("/", whenToGoRoutes)
  .route("/", ownerForecastRoutes)
  .route("/", eventInsightRoutes)
  .route("/", exportRoutes)
  .route("/", weekComparisonRoutes)
  .route("/", savedPlaceRoutes)
  .route("/", friendRoutes)
  .route("/", friendRequestRoutes)
  .route("/", friendInviteRoutes)
  .route("/", blockRoutes)
  .route("/", checkInRoutes)
  .route("/", suggestionRoutes)
  .route("/", watchRoutes)
  .route("/", planRoutes)
  .route("/", conversationRoutes)
  .route("/", messageReportRoutes)
  .route("/", placeOwnerRoutes)
  .route("/", placeRoutes)
  .route("/", reviewRoutes)
  .route("/", menuRoutes)
  .route("/", specialRoutes)
  .route("/", offerRoutes)
  .route("/", configRoutes)
  .route("/", submissionRoutes)
  .route("/", adminSubmissionRoutes)
  .route("/", adminDeadLetterRoutes)
  .route("/", tagRoutes)
  .route("/", ttnRoutes);

// The document and its page describe every route, themselves included.
app.route("/", docsRoutes(app));

app.notFound((c) => c.json({ error: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));

app.onError((error, c) => {
  if (error instanceof ApiError && error.status < 500) {
    const body = error.details ? { error: error.message, details: error.details } : { error: error.message };
    return c.json(body, error.status, error.headers);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ error: error.message || "The request could not be processed." }, error.status);
  }
  // Any 5xx is logged as one JSON line, so Workers Logs (wrangler.toml [observability]) indexes its
  // fields; the id in the answer finds it again from a user's report or the browser's monitoring
  // (docs/monitoring.md).
  const requestId = crypto.randomUUID();
  console.error(JSON.stringify(unexpectedErrorLog(requestId, c.req.method, c.req.path, error)));
  // A failure we chose to answer (a 503 while D1 is unreachable) keeps its words and status.
  if (error instanceof ApiError) return c.json({ error: error.message, request_id: requestId }, error.status, error.headers);
  // Anything else is our bug: never shown.
  return c.json({ error: "Something went wrong on our side. Please try again.", request_id: requestId }, 500);
});

export type AppType = typeof app;
