// Every route that needs a caller uses one of these; the rules live here and nowhere else.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isAdminTokenRevoked } from "../db/admin-tokens";
import { getDb, type Database } from "../db/client";
import { deviceByKeyHash } from "../db/devices";
import { useIntegrationKey, type ActiveIntegrationKey } from "../db/integrations";
import { canManagePlace, placeExists } from "../db/places";
import { findUserById } from "../db/users";
import type { AppEnv } from "../env";
import { forbidden, notFound, unauthorized } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { withParamsDoc } from "../lib/openapi";
import { parseOrThrow } from "../lib/validation";
import { placeIdParamSchema } from "../../common/schemas/fields";
import { verifyAccessToken, type Principal } from "./tokens";

/** The bearer token the request sends; null without one (a signed-out client sends "Bearer " with none). */
export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The caller of this request, or null when there is no valid access token. Only admin tokens can
 * be signed out early, so only they cost a D1 read here; owner tokens expire within 15 minutes.
 */
export async function principalOf(c: Context<AppEnv>): Promise<Principal | null> {
  const token = bearerToken(c);
  const principal = token ? await verifyAccessToken(c.env.JWT_SECRET, token) : null;
  if (principal?.adminToken && (await isAdminTokenRevoked(getDb(c.env), principal.adminToken.id))) return null;
  return principal;
}

/**
 * For reads open to everyone whose answer depends on the caller: null without a token; a token
 * that is sent but invalid or expired is a 401, so the client refreshes it instead of silently
 * getting the public answer.
 */
export async function optionalPrincipal(c: Context<AppEnv>): Promise<Principal | null> {
  if (!bearerToken(c)) return null;
  const principal = await principalOf(c);
  if (!principal) throw unauthorized();
  return principal;
}

async function authenticate(c: Context<AppEnv>): Promise<Principal> {
  const principal = await principalOf(c);
  if (!principal) throw unauthorized();
  c.set("principal", principal);
  return principal;
}

/** Any signed-in caller: an owner or the administrator. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  await authenticate(c);
  await next();
});

/**
 * The account of a caller that requireUser let in: the admin password opens no account (403).
 * For routes about "my" things (docs/push.md: subscriptions, the inbox).
 */
export function accountIdOf(c: Context<AppEnv>): number {
  const { userId } = c.get("principal");
  if (userId === null) throw forbidden(ADMIN_HAS_NO_ACCOUNT_MESSAGE);
  return userId;
}

const ADMIN_HAS_NO_ACCOUNT_MESSAGE = "The admin password opens the admin area only; sign in with an account.";

/** The account behind a signed-in principal: 403 for the admin's password token, 401 once deleted. */
export async function signedInAccount(db: Database, userId: number | null) {
  if (userId === null) throw forbidden(ADMIN_HAS_NO_ACCOUNT_MESSAGE);
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized("This account no longer exists.");
  return user;
}

/** The administrator only; a signed-in owner gets 403. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const principal = await authenticate(c);
  if (principal.role !== "admin") throw forbidden("Only an administrator can do this.");
  await next();
});

export const placeIdSchema = placeIdParamSchema;

/**
 * Throws unless the principal may manage the place: an owner listed in place_owners, or the
 * administrator. Used for path ids and for place ids that arrive in a body.
 */
export async function assertCanManagePlace(c: Context<AppEnv>, principal: Principal, placeId: number) {
  const db = getDb(c.env);
  if (!(await placeExists(db, placeId))) throw notFound("No such place.");
  if (!(await canManagePlace(db, principal, placeId))) throw forbidden("You do not manage this place.");
}

/**
 * Owner of the place named by the path parameter `param` (default "id"), or the administrator.
 * Hands the parsed id to the handler as c.var.placeId and documents the parameter.
 */
export const requirePlaceOwner = (param = "id") =>
  withParamsDoc(
    createMiddleware<AppEnv>(async (c, next) => {
      const placeId = parseOrThrow(placeIdSchema, c.req.param(param));
      const principal = await authenticate(c);
      await assertCanManagePlace(c, principal, placeId);
      c.set("placeId", placeId);
      await next();
    }),
    { [param]: placeIdSchema },
  );

export const UNKNOWN_DEVICE_KEY_MESSAGE = "Unknown or revoked device key.";

/** Every key the registry hands out: `tpd_` and 32 random bytes in base64url (worker/routes/devices.ts). */
export const DEVICE_KEY_PATTERN = /^tpd_[A-Za-z0-9_-]{43}$/;

/**
 * Keys D1 did not know (or knew as revoked), device and integration keys alike, remembered for a
 * minute so a flood of made-up keys costs a hash each and no D1 query. A key is random and shown
 * once when it is made, so nobody can send it before it exists; a revoked key never comes back.
 */
const refusedKeys = new Map<string, number>();
const REFUSED_KEY_TTL_MS = 60_000;
const REFUSED_KEY_ENTRIES = 10_000;

function isRememberedRefused(keyHash: string, now: number): boolean {
  const until = refusedKeys.get(keyHash);
  if (until === undefined) return false;
  if (until > now) return true;
  refusedKeys.delete(keyHash);
  return false;
}

function rememberRefused(keyHash: string, now: number) {
  // Oldest first out, like placeOfKey: a flood of new keys only pushes out other made-up keys.
  if (refusedKeys.size >= REFUSED_KEY_ENTRIES) refusedKeys.delete(refusedKeys.keys().next().value!);
  refusedKeys.set(keyHash, now + REFUSED_KEY_TTL_MS);
}

/**
 * The place of each device key seen by this isolate. A device never moves to another place, so
 * only a key's first request here reads D1; whether the key is still valid is for the place's
 * PlaceOccupancy object to say, as it hears revocations at once. That first request hands what D1
 * said to the object (readFromD1), which then need not read the same row again.
 */
const placeOfKey = new Map<string, number>();
const PLACE_OF_KEY_ENTRIES = 10_000;

/**
 * A sensor presenting its key as a bearer token: sets the key's hash and its place. The route
 * hands both to the place's object, which refuses revoked keys and counts the sensor's requests.
 */
export const requireDeviceKey = createMiddleware<AppEnv>(async (c, next) => {
  const key = bearerToken(c);
  if (!key) throw unauthorized("Send the device key as 'Authorization: Bearer <key>'.");
  // No key of ours looks otherwise: refused before any hashing or lookup.
  if (!DEVICE_KEY_PATTERN.test(key)) throw unauthorized(UNKNOWN_DEVICE_KEY_MESSAGE);
  const keyHash = await sha256Hex(key);
  let placeId = placeOfKey.get(keyHash);
  if (placeId === undefined) {
    const now = Date.now();
    if (isRememberedRefused(keyHash, now)) throw unauthorized(UNKNOWN_DEVICE_KEY_MESSAGE);
    const device = await deviceByKeyHash(getDb(c.env), keyHash);
    if (!device || device.revokedAt !== null) {
      rememberRefused(keyHash, now);
      throw unauthorized(UNKNOWN_DEVICE_KEY_MESSAGE);
    }
    placeId = device.placeId;
    // Oldest first out; a sensor pushed out just costs one more D1 read.
    if (placeOfKey.size >= PLACE_OF_KEY_ENTRIES) placeOfKey.delete(placeOfKey.keys().next().value!);
    placeOfKey.set(keyHash, placeId);
    c.set("deviceKey", { keyHash, placeId, readFromD1: { deviceId: device.id } });
  } else {
    c.set("deviceKey", { keyHash, placeId });
  }
  await next();
});

const UNKNOWN_INTEGRATION_KEY_MESSAGE = "Unknown or revoked integration key.";

/** Every integration key we hand out: `tpi_` and 32 random bytes in base64url (worker/routes/ttn.ts). */
const INTEGRATION_KEY_PATTERN = /^tpi_[A-Za-z0-9_-]{43}$/;

/**
 * How long this isolate trusts D1's word that an integration key is active. A revocation holds at
 * once in the isolate that made it (the revoke route calls forgetActiveIntegrationKeys()) and
 * within this long everywhere else; in exchange an uplink reads D1 for its key once per isolate
 * in this period, not every time.
 */
export const INTEGRATION_KEY_RECHECK_MS = 30_000;

/** Integration keys D1 said were active (by hash), and until when (epoch ms) that is trusted. */
const activeIntegrationKeys = new Map<string, { key: ActiveIntegrationKey; trustedUntil: number }>();

/** After a revocation: every key is checked in D1 again on its next use in this isolate. */
export function forgetActiveIntegrationKeys() {
  activeIntegrationKeys.clear();
}

/** A key made before keys were bound was just bound to `applicationId` (bindIntegrationKey). */
export function rememberIntegrationKeyApplication(id: number, applicationId: string | null) {
  for (const entry of activeIntegrationKeys.values()) {
    if (entry.key.id === id) entry.key = { id, applicationId };
  }
}

/**
 * A The Things Stack webhook presenting its integration key (an additional header of the webhook):
 * sets the key and its application. Checked in D1 at most every INTEGRATION_KEY_RECHECK_MS per
 * isolate, so a revoked key is refused within that time (at once in the isolate that revoked it).
 */
export const requireIntegrationKey = createMiddleware<AppEnv>(async (c, next) => {
  const key = bearerToken(c);
  if (!key) throw unauthorized("Send the integration key as 'Authorization: Bearer <key>' (a webhook header).");
  // No key of ours looks otherwise: refused before any hashing or lookup.
  if (!INTEGRATION_KEY_PATTERN.test(key)) throw unauthorized(UNKNOWN_INTEGRATION_KEY_MESSAGE);
  const keyHash = await sha256Hex(key);
  const now = Date.now();
  let trusted = activeIntegrationKeys.get(keyHash);
  if (trusted === undefined || trusted.trustedUntil <= now) {
    // Made-up and revoked keys are remembered like device keys, so a flood costs no D1 query.
    const key = isRememberedRefused(keyHash, now) ? null : await useIntegrationKey(getDb(c.env), keyHash, now);
    if (!key) {
      activeIntegrationKeys.delete(keyHash);
      rememberRefused(keyHash, now);
      throw unauthorized(UNKNOWN_INTEGRATION_KEY_MESSAGE);
    }
    // Few keys exist (an admin makes each one), so the map stays small.
    trusted = { key, trustedUntil: now + INTEGRATION_KEY_RECHECK_MS };
    activeIntegrationKeys.set(keyHash, trusted);
  }
  c.set("integrationKey", trusted.key);
  await next();
});
