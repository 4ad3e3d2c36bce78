// Rows and callers for the venue, event, tag and category tests: users, places and owners are
// inserted directly and tokens minted with the worker's own issuer, so these tests need no sign-up.
import { env } from "cloudflare:workers";
import { issueAccessToken } from "../../worker/auth/tokens";
import { api } from "./helpers";
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from "./image-fixtures";

export const adminToken = () => issueAccessToken(env.JWT_SECRET, { userId: null, role: "admin" });

export const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

export interface TestUser {
  id: number;
  email: string;
  token: string;
}

export async function createUser(name = ""): Promise<TestUser> {
  const email = `${crypto.randomUUID()}@owners.example.com`;
  const row = await env.DB.prepare("INSERT INTO users (email, name, password_hash) VALUES (?, ?, 'unused') RETURNING id")
    .bind(email, name)
    .first<{ id: number }>();
  const id = row!.id;
  return { id, email, token: await issueAccessToken(env.JWT_SECRET, { userId: id, role: "owner" }) };
}

/** Inserts a place (columns by their SQL names) and returns its id. */
export async function insertPlace(columns: Record<string, string | number | null> = {}): Promise<number> {
  const values = { name: "Test Bar", slug: `test-bar-${crypto.randomUUID().slice(0, 8)}`, ...columns };
  const names = Object.keys(values);
  const row = await env.DB.prepare(
    `INSERT INTO places (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")}) RETURNING id`,
  )
    .bind(...Object.values(values))
    .first<{ id: number }>();
  return row!.id;
}

export async function addOwner(placeId: number, userId: number) {
  await env.DB.prepare("INSERT INTO place_owners (place_id, user_id) VALUES (?, ?)").bind(placeId, userId).run();
}

/** The ids of a place's owners, smallest first. */
export async function ownersOf(placeId: number): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT user_id FROM place_owners WHERE place_id = ? ORDER BY user_id")
    .bind(placeId)
    .all<{ user_id: number }>();
  return results.map((row) => row.user_id);
}

/** A place called `name` owned by these users; returns its id. */
export async function placeOwnedBy(name: string, ...userIds: number[]): Promise<number> {
  const placeId = await insertPlace({ name });
  for (const userId of userIds) await addOwner(placeId, userId);
  return placeId;
}

/** A place with one owner, plus a second owner's user who owns another place: the usual cast. */
export async function ownedPlace(columns: Record<string, string | number | null> = {}) {
  const owner = await createUser("Olivia Owner");
  const placeId = await insertPlace(columns);
  await addOwner(placeId, owner.id);
  const stranger = await createUser("Sam Stranger");
  const otherPlaceId = await insertPlace({ name: "Someone Else's Bar" });
  await addOwner(otherPlaceId, stranger.id);
  return { owner, placeId, stranger, otherPlaceId };
}

export async function insertTag(name: string, description = ""): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO tags (name, description) VALUES (?, ?) RETURNING id")
    .bind(name, description)
    .first<{ id: number }>();
  return row!.id;
}

export async function insertCategory(name: string, createdBy: number | null = null): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO event_categories (name, created_by) VALUES (?, ?) RETURNING id")
    .bind(name, createdBy)
    .first<{ id: number }>();
  return row!.id;
}

export async function insertEvent(columns: Record<string, string | number | null>): Promise<number> {
  const values = { name: "Test Event", start_time: "2030-01-01T20:00:00.000Z", ...columns };
  const names = Object.keys(values);
  const row = await env.DB.prepare(
    `INSERT INTO events (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")}) RETURNING id`,
  )
    .bind(...Object.values(values))
    .first<{ id: number }>();
  return row!.id;
}

/**
 * A real tiny image of this type (uploads are stripped of metadata, so they must be whole), padded
 * with zeros after its end to `size` bytes when that is more.
 */
export function imageBytes(type: "png" | "jpeg" | "webp", size = 256): Uint8Array<ArrayBuffer> {
  const image = { png: TINY_PNG, jpeg: TINY_JPEG, webp: TINY_WEBP }[type];
  const bytes = new Uint8Array(Math.max(size, image.length));
  bytes.set(image);
  return bytes;
}

export const imageFile = (type: "png" | "jpeg" | "webp", name = `cover.${type}`, size = 256) =>
  new File([imageBytes(type, size)], name, { type: `image/${type}` });

/** Sends a multipart form the way the browser's FormData does. */
export function sendForm(path: string, method: string, fields: Record<string, string | File>, token?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return api(path, { method, body, headers: bearer(token) });
}

export async function count(table: string, where = "1 = 1", ...params: (string | number)[]) {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function storedImageKeys(prefix: string) {
  return (await env.IMAGES.list({ prefix })).objects.map((object) => object.key);
}

/** env.DB with a count of its round trips to D1: each statement run on its own, and each batch. */
export function countingDb() {
  let roundTrips = 0;
  // batch() takes only the runtime's own statements.
  const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const counted = (original: D1PreparedStatement): D1PreparedStatement => {
    const statement = new Proxy(original, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => counted(target.bind(...values));
        const value = Reflect.get(target, key, target) as unknown;
        if (typeof value !== "function") return value;
        if (key === "first" || key === "all" || key === "run" || key === "raw") roundTrips++;
        return value.bind(target);
      },
    });
    originals.set(statement, original);
    return statement;
  };
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare") return (query: string) => counted(target.prepare(query));
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          roundTrips++;
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, roundTrips: () => roundTrips };
}
