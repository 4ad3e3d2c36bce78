// Session monitoring's settings and privacy rules (docs/monitoring.md), kept free of the SDK so
// they can be tested on their own. Only the monitoring chunk (client/lib/rum.ts) imports them.
import type { RumEvent, RumInitConfiguration } from "@datadog/browser-rum";
import type { MonitoringConfig } from "../../common/schemas/answers";

/** The spec's constants: every session monitored, input masked in replays. */
export const SESSION_SAMPLE_RATE = 100;
export const DEFAULT_PRIVACY_LEVEL = "mask-user-input";

/**
 * Query parameters whose values say nothing about a person (which venue, tab, filter or date a
 * page shows). Every other parameter's value is replaced before an event leaves the browser:
 * `token`, `code` and `user_id` of the dashboard's sign-in links, and anything added later.
 */
const SAFE_PARAMETERS = new Set(["place_id", "tab", "section", "open_now", "level", "sort", "date", "week", "from", "to", "days", "limit", "offset"]);
const REDACTED = "redacted";

/**
 * `text` with every secret a URL or message of this app can hold replaced: invite tokens in
 * `/invite/…` paths, values of query parameters not known to be safe, and anything shaped like a
 * JWT (access, admin and invite tokens).
 */
export function scrub(text: string): string {
  return text
    .replace(/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, REDACTED)
    .replace(/(\/invite\/)[^\s/?#"'`]+/gi, `$1${REDACTED}`)
    .replace(/([?&])([^=&#\s"'`]+)=([^&#\s"'`]*)/g, (whole, separator: string, name: string) =>
      SAFE_PARAMETERS.has(name) ? whole : `${separator}${name}=${REDACTED}`,
    );
}

/** A URL as it may be sent: scrubbed, without its fragment. */
export const scrubUrl = (url: string): string => scrub(url.split("#")[0]);

/**
 * beforeSend: rewrites every field of an event that can hold a URL or free text. The SDK lets
 * beforeSend change exactly these fields (docs/monitoring.md lists them).
 */
export function scrubEvent(event: RumEvent): boolean {
  event.view.url = scrubUrl(event.view.url);
  if (event.view.referrer) event.view.referrer = scrubUrl(event.view.referrer);
  switch (event.type) {
    case "view":
      if (event.view.performance?.lcp?.resource_url) event.view.performance.lcp.resource_url = scrubUrl(event.view.performance.lcp.resource_url);
      break;
    case "resource":
      event.resource.url = scrubUrl(event.resource.url);
      break;
    case "error":
      event.error.message = scrub(event.error.message);
      if (event.error.stack) event.error.stack = scrub(event.error.stack);
      if (event.error.resource) event.error.resource.url = scrubUrl(event.error.resource.url);
      break;
    case "action":
      if (event.action.target) event.action.target.name = scrub(event.action.target.name);
      break;
    case "long_task":
      for (const script of event.long_task.scripts ?? []) {
        if (script.source_url) script.source_url = scrubUrl(script.source_url);
        if (script.invoker) script.invoker = scrub(script.invoker);
      }
      break;
  }
  return true;
}

/** Datadog RUM's init options for the configured `config` and the app's `version`. */
export function rumInitOptions(config: MonitoringConfig, version: string): RumInitConfiguration {
  return {
    applicationId: config.application_id,
    clientToken: config.client_token,
    site: config.site,
    proxy: config.proxy ?? undefined,
    service: "third-place",
    env: config.env,
    version,
    sessionSampleRate: SESSION_SAMPLE_RATE,
    sessionReplaySampleRate: config.replay_sample_rate,
    defaultPrivacyLevel: DEFAULT_PRIVACY_LEVEL,
    enablePrivacyForActionName: true,
    // Views are named after the route (/profile/:barId), and replay runs only where pagePrivacy()
    // allows it: client/lib/rum.ts starts both on each navigation.
    trackViewsManually: true,
    startSessionReplayRecordingManually: true,
    trackResources: true,
    trackUserInteractions: true,
    trackLongTasks: true,
    // Deflated in the SDK's worker (worker-src blob:, docs/monitoring.md).
    compressIntakeRequests: true,
    // The SDK's own diagnostics to Datadog: not part of what docs/monitoring.md says is collected.
    telemetrySampleRate: 0,
    beforeSend: scrubEvent,
  };
}

/** A view's name: the matched route's pattern ("/profile/:barId"), never the address itself. */
export function routeName(paths: (string | undefined)[]): string {
  return `/${paths.filter((path) => path && path !== "/").join("/")}`.replace(/\/{2,}/g, "/");
}
