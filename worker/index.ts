import { app } from "./app";
import { htmlSecurityHeaders, strictTransportSecurity, withHeaders } from "./lib/security-headers";
import { monitoringConfig } from "./lib/monitoring";
import { consumeDeliveries, type DeliveryMessage } from "./alerts/delivery";
import { checkAllSensors } from "./alerts/sensor-check";
import { getDb } from "./db/client";
import { dropOldInboxRows } from "./db/push";
import { keepFriendsTidy, keepLiveLooksTidy } from "./db/retention";
import { consumePushQueue, type PushQueueMessage } from "./push/notice-queue";
import { consumeTells, isTell, type ConversationsToTell } from "./chat/authority";
import { consumeLeavings, isLeaving, type AccountLeaving } from "./chat/leaving";
import { consumeDeadLetters, DEAD_LETTER_QUEUES } from "./queues/dead-letters";
import { keepUsualHistories } from "./db/usual-history";
import type { WatchFanOut } from "./watches/changes";
import { noticeEventStarts } from "./watches/event-starts";
import { noticeSpecialStarts } from "./watches/special-starts";
import { noticeOffersOn } from "./watches/offer-starts";
import { dropOldAnnouncements } from "./db/announcements";
import { consumeWatchFanOuts } from "./watches/fan-out";
import { isSiteFile, siteFile } from "./site-files";
import { pageHead, withPageHead } from "./page-heads";
import { pathLanguage } from "../common/languages";
import { withAppShell } from "./site/app-shell";
import { withLanguageSuggestion, withPageLanguage } from "./site/languages";
import { keptPage, serverRenderedPage, withPageAssets } from "./site/render";
import { removeOldPlans } from "./chat/retention";
import { deleteResolvedReports } from "./db/message-reports";
import { isConsumerAppPath } from "../common/app-shell";
import { MESSAGE_RETENTION_MS } from "./chat/rules";

export { PlaceOccupancy } from "./occupancy/place-occupancy";
export { Conversation } from "./chat/conversation";

/** wrangler.toml's names of the push queue (PUSH_QUEUE) and the watch queue (WATCH_QUEUE); the other queue is the webhooks'. */
const PUSH_QUEUE_NAME = "third-place-push";
const WATCH_QUEUE_NAME = "third-place-watches";

/** Build output and public files: a request under these that reached the worker names a missing file. */
const FILE_PREFIXES = ["/assets/", "/images/"];

/** The app's HTML (index.html from the static assets) with the page's head when it has one of its own. */
async function appShell(request: Request, url: URL, env: Env, ctx: ExecutionContext): Promise<Response> {
  const html = await env.ASSETS.fetch(new Request(new URL("/", url), request));
  if (!html.headers.get("content-type")?.startsWith("text/html")) return html;
  const head = await pageHead(url, env, ctx).catch((error: unknown) => {
    // The page still works without it: its script draws it and sets the title.
    console.error("could not build the page head", url.pathname, error);
    return null;
  });
  const page = withPageLanguage(html, pathLanguage(url.pathname).language);
  return head ? withPageHead(page, head) : page;
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return app.fetch(request, env, ctx);
    // /robots.txt and /sitemap.xml: never the app's HTML.
    if (isSiteFile(url.pathname)) return siteFile(request, env, ctx);
    if (FILE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
      // Not cached: the next deploy may well have this name.
      return new Response("Not found.", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
      });
    }
    // A profile the edge kept goes out as it was kept, before anything is computed for it, with
    // only what is the visitor's own: the suggestion of their language (docs/languages.md).
    const kept = await keptPage(request);
    if (kept) return withLanguageSuggestion(kept, request);
    // Every other path is a page of the single-page app: its HTML, with the headers static asset
    // serving cannot compute (the tile host and session monitoring are configurable), revalidated
    // on every visit. A public page's head says what it is to search engines and link previews
    // (worker/page-heads.ts), and its body comes rendered by the worker (docs/server-rendering.md);
    // a page of one person keeps the shell's head and is drawn by its script.
    const headers = {
      ...htmlSecurityHeaders(env.MAP_TILE_URL, monitoringConfig(env)),
      ...strictTransportSecurity(url),
      "Cache-Control": "no-cache",
    };
    // Read once, and only when needed.
    let shellRead: Promise<Response> | undefined;
    const shell = () => (shellRead ??= appShell(request, url, env, ctx));
    const rendered = await serverRenderedPage(request, env, ctx, shell, headers);
    if (rendered) return withLanguageSuggestion(rendered, request);
    const html = await shell();
    if (!html.headers.get("content-type")?.startsWith("text/html")) return html;
    // The app's paths paint the app's frame before their script runs (docs/app.md#first-paint).
    return withHeaders(isConsumerAppPath(url.pathname) ? withAppShell(html) : withPageAssets(html, null), headers);
  },

  // Cron Trigger (wrangler.toml [triggers]): sensors offline while open, or flagged
  // (docs/alerts.md); the day's kept usual means of places that lack them (docs/when-to-go.md#kept-history);
  // Live Looks past their 7 days and images whose rows are gone (docs/live-looks.md#retention);
  // inbox notifications past their 90 days (docs/push.md#retention); events and specials starting,
  // for their watchers (docs/watches.md#decisions-where-the-issue-is-silent); announcements past a year
  // (docs/announcements.md#retention); check-ins that ended, expired friend invite links and
  // day-old friend request attempts, plans 30 days past their time with their messages, and resolved
  // message reports after 90 days (docs/friends.md#retention).
  async scheduled(controller, env) {
    // Independent steps: one failing does not stop the others.
    const now = controller.scheduledTime;
    const steps = await Promise.allSettled([
      checkAllSensors(env, now),
      keepUsualHistories(getDb(env), now),
      keepLiveLooksTidy(getDb(env), env.IMAGES, now),
      dropOldInboxRows(getDb(env), now),
      noticeEventStarts(env, now),
      noticeSpecialStarts(env, now),
      noticeOffersOn(env, now),
      dropOldAnnouncements(getDb(env), now),
      keepFriendsTidy(getDb(env), now),
      removeOldPlans(env, now),
      deleteResolvedReports(getDb(env), now, MESSAGE_RETENTION_MS),
    ]);
    for (const step of steps) if (step.status === "rejected") console.error("a scheduled step failed", step.reason);
  },

  // The queues' consumer, by the queue's name (wrangler.toml). Webhooks: one signed POST per
  // message, retried with backoff for 24 hours. Pushes: one encrypted Web Push per message
  // (docs/push.md), notices a conversation's object queued (docs/chat.md#pushes), or conversations a new name tells (docs/chat.md#a-new-name). Watches: one page of a change's watchers per message (docs/watches.md). Only
  // this worker produces to any of them, so each carries its own messages. Dead letters: what the
  // push and watch queues could not process, kept in D1 for the admin (docs/faults.md#dead-letters).
  async queue(batch, env) {
    if (batch.queue in DEAD_LETTER_QUEUES) await consumeDeadLetters(batch, env);
    else if (batch.queue === PUSH_QUEUE_NAME) {
      // The same queue carries the conversations a new name tells and a deleted account leaves (docs/chat.md#a-new-name).
      const messages = batch.messages as readonly Message<PushQueueMessage | ConversationsToTell | AccountLeaving>[];
      await Promise.all([
        consumeTells(messages.filter(isTell), env),
        consumeLeavings(messages.filter(isLeaving), env),
        consumePushQueue({ messages: messages.filter((message): message is Message<PushQueueMessage> => !isTell(message) && !isLeaving(message)) }, env),
      ]);
    }
    else if (batch.queue === WATCH_QUEUE_NAME) await consumeWatchFanOuts(batch as MessageBatch<WatchFanOut>, env);
    else await consumeDeliveries(batch as MessageBatch<DeliveryMessage>, env);
  },
} satisfies ExportedHandler<Env>;
