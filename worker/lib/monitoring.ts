// Session monitoring's settings, read from the worker's vars (docs/monitoring.md). Monitoring is
// off unless both the application id and the client token are set; a var that cannot be used
// (a site that is no host name, a proxy that is no http(s) URL or path) also leaves it off rather
// than sending data somewhere unintended.
import type { MonitoringConfig } from "../../common/schemas/answers";

export type MonitoringVars = Pick<
  Env,
  "RUM_APPLICATION_ID" | "RUM_CLIENT_TOKEN" | "RUM_SITE" | "RUM_ENV" | "RUM_PROXY" | "RUM_REPLAY_SAMPLE_RATE"
>;

/** The spec's share of monitored sessions that also record a replay. */
export const DEFAULT_REPLAY_SAMPLE_RATE = 20;

const SITE = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

function proxyOf(value: string): string | null | undefined {
  if (!value) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function replaySampleRate(value: string): number {
  const rate = Number(value);
  return value.trim() !== "" && Number.isInteger(rate) && rate >= 0 && rate <= 100 ? rate : DEFAULT_REPLAY_SAMPLE_RATE;
}

/** What the browser needs to start monitoring, or null when it is off. */
export function monitoringConfig(vars: MonitoringVars): MonitoringConfig | null {
  const applicationId = vars.RUM_APPLICATION_ID.trim();
  const clientToken = vars.RUM_CLIENT_TOKEN.trim();
  const site = vars.RUM_SITE.trim() || "datadoghq.com";
  const proxy = proxyOf(vars.RUM_PROXY.trim());
  if (!applicationId || !clientToken || !SITE.test(site) || proxy === undefined) return null;
  return {
    application_id: applicationId,
    client_token: clientToken,
    site,
    env: vars.RUM_ENV.trim() || "production",
    proxy,
    replay_sample_rate: replaySampleRate(vars.RUM_REPLAY_SAMPLE_RATE),
  };
}

/**
 * The origin the SDK sends to: the proxy's, or the site's intake host as the SDK names it
 * ("us3.datadoghq.com" → https://browser-intake-us3-datadoghq.com). Null for a proxy path on our
 * own origin, which 'self' already allows.
 */
export function monitoringOrigin(config: MonitoringConfig): string | null {
  if (config.proxy) return config.proxy.startsWith("/") ? null : new URL(config.proxy).origin;
  const parts = config.site.split(".");
  const extension = parts.pop();
  return `https://browser-intake-${parts.join("-")}.${extension}`;
}
