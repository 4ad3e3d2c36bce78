// Rate limits on top of the Workers rate-limit bindings declared in wrangler.toml ([[ratelimits]]).
// They work the same on Cloudflare, under `npm start`/`npm run dev` and in the worker tests (miniflare
// implements them). Counters are approximate and per Cloudflare location: a brake on guessing and
// spam, not exact accounting.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/** The names of Env's rate-limit bindings (generated from wrangler.toml by `wrangler types`). */
export type LimiterName = { [K in keyof Env]: Env[K] extends RateLimit ? K : never }[keyof Env];

/**
 * Each binding's period in seconds, as set in wrangler.toml (the binding cannot report it). A new
 * [[ratelimits]] entry fails to compile until it is listed here.
 */
export const LIMITER_PERIOD_SECONDS: Record<LimiterName, 10 | 60> = {
  AUTH_CLIENT_LIMITER: 60,
  AUTH_ACCOUNT_LIMITER: 60,
  SUBMISSION_LIMITER: 60,
  LIVE_LOOK_PLACE_LIMITER: 60,
  LIVE_LOOK_ATTEMPT_LIMITER: 60,
  MESSAGE_LIMITER: 10,
  SOCIAL_LIMITER: 60,
};

export class RateLimitedError extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`, {
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  }
}

/**
 * Counts one request against `key` on the limiter and throws a 429 once the limit is reached.
 * Retry-After is the whole period: the binding does not say when its window ends, and a client that
 * waits that long is never refused again for the same burst.
 */
export async function enforceRateLimit(env: Env, limiter: LimiterName, key: string): Promise<void> {
  const { success } = await env[limiter].limit({ key });
  if (!success) throw new RateLimitedError(LIMITER_PERIOD_SECONDS[limiter]);
}

/**
 * The key for "this client": its address as Cloudflare reports it. An IPv6 client usually owns a
 * whole /64, so it counts as one. Requests without the header (none reach a deployed worker) share
 * one key, so a missing header never means "unlimited".
 */
export function clientAddressKey(address: string | undefined): string {
  const ip = address?.trim();
  if (!ip) return "unknown";
  // IPv4, and IPv4 written in IPv6 notation, are one address each.
  if (!ip.includes(":") || ip.includes(".")) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = ip.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

export const clientKey = (c: Context<AppEnv>) => clientAddressKey(c.req.header("cf-connecting-ip"));

/**
 * Middleware: one count per request on `limiter`, keyed by `key(c)` (default: the client's address)
 * under `scope`, so one binding can serve several routes without them sharing a budget.
 */
export const rateLimit = (options: {
  limiter: LimiterName;
  scope: string;
  key?: (c: Context<AppEnv>) => string;
}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = (options.key ?? clientKey)(c);
    await enforceRateLimit(c.env, options.limiter, `${options.scope}:${key}`);
    await next();
  });

/** The sign-in routes' limit per client address, counted before the body is read (docs/accounts.md#rate-limits). */
export const authClientLimit = (scope: string) => rateLimit({ limiter: "AUTH_CLIENT_LIMITER", scope });

/** The sign-in routes' limit per account (an email, or the account a passkey names), once it is known. */
export const authAccountLimit = (env: Env, scope: string, account: string | number) =>
  enforceRateLimit(env, "AUTH_ACCOUNT_LIMITER", `${scope}:${account}`);
