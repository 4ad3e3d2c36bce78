// Places, owners, tokens and devices for the occupancy tests, created through D1 and the real API.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";
import { issueAccessToken } from "../../worker/auth/tokens";
import type { PlaceHours } from "../../common/schemas/answers";
import { api, postJson } from "./helpers";

const secret = "test-secret-that-is-long-enough-for-hs256";
let counter = 0;

export interface PlaceFixture {
  timezone?: string;
  livelyThreshold?: number;
  packedThreshold?: number;
  maxDevices?: number;
  /** Opening hours by field ("monday_open": "17:00"); none by default. */
  hours?: Partial<PlaceHours>;
}

/** A place with the given settings; returns its id. */
export async function createPlace(settings: PlaceFixture = {}): Promise<number> {
  const slug = `place-${Date.now()}-${++counter}`;
  const row = await env.DB.prepare(
    `INSERT INTO places (slug, name, address, latitude, longitude, timezone, lively_threshold, packed_threshold, max_devices)
     VALUES (?, ?, '1 Avenue A', 40.72, -73.98, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      slug,
      `Place ${counter}`,
      settings.timezone ?? "America/New_York",
      settings.livelyThreshold ?? 40,
      settings.packedThreshold ?? 100,
      settings.maxDevices ?? 5,
    )
    .first<{ id: number }>();
  for (const [field, time] of Object.entries(settings.hours ?? {})) {
    // The field names come from PlaceHours, never from input.
    await env.DB.prepare(`UPDATE places SET ${field} = ? WHERE id = ?`).bind(time, row!.id).run();
  }
  return row!.id;
}

/** An owner of the given places; returns a bearer header for them. */
export async function ownerOf(...placeIds: number[]): Promise<Record<string, string>> {
  const user = await env.DB.prepare("INSERT INTO users (email, name, password_hash) VALUES (?, 'Owner', 'x') RETURNING id")
    .bind(`owner-${Date.now()}-${++counter}@example.com`)
    .first<{ id: number }>();
  for (const placeId of placeIds) {
    await env.DB.prepare("INSERT INTO place_owners (place_id, user_id) VALUES (?, ?)").bind(placeId, user!.id).run();
  }
  return { authorization: `Bearer ${await issueAccessToken(secret, { userId: user!.id, role: "owner" })}` };
}

export async function asAdmin(): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await issueAccessToken(secret, { userId: null, role: "admin" })}` };
}

/** Registers a device through the admin API; returns its id and key. */
export async function addDevice(placeId: number, name = `Sensor ${++counter}`): Promise<{ id: number; key: string }> {
  const response = await postJson(`/api/place/${placeId}/devices`, { name }, await asAdmin());
  if (response.status !== 201) throw new Error(`device registration failed: ${response.status} ${await response.text()}`);
  return response.json();
}

export function ingest(key: string, body: unknown) {
  return postJson("/api/ingest", body, { authorization: `Bearer ${key}` });
}

export function getAs(path: string, headers: Record<string, string>) {
  return api(path, { headers });
}

/** ISO time `minutes` (and seconds) after `base`. */
export const isoAt = (base: number, minutes: number, seconds = 0) => new Date(base + minutes * 60_000 + seconds * 1000).toISOString();

/** The `error` sentence of a JSON error answer. */
export async function errorOf(response: Response): Promise<string> {
  return (await response.json<{ error: string }>()).error;
}

/**
 * Fakes Date for every test of the file (the worker and its Durable Objects run in the tests'
 * isolate, so they see it too), set to `at` before each test when given. A time in the future
 * keeps alarms the tests schedule from firing on their own.
 */
export function useFixedClock(at?: number) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    if (at !== undefined) vi.setSystemTime(at);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** A place_live row written at `updatedAt`, as the place's object writes it. */
export async function liveRowAt(placeId: number, numbers: { people: number; percent: number; level: string }, updatedAt: number) {
  await env.DB.prepare("INSERT OR REPLACE INTO place_live (place_id, people, percent, level, updated_at) VALUES (?, ?, ?, ?, ?)")
    .bind(placeId, numbers.people, numbers.percent, numbers.level, updatedAt)
    .run();
}

/**
 * `people(hour, weekday)` in every quarter hour of local hours 17–23 (EDT, UTC−4) of the 28 days
 * before Tuesday 10 June 2031, so a place has a usual and a forecast then. `weekday` is the local
 * date's, 0 for Monday.
 */
export async function eveningsBeforeJune10th2031(placeId: number, people: (hour: number, weekday: number) => number) {
  const statements = [];
  for (let day = -28; day < 0; day++) {
    const weekday = (new Date(Date.UTC(2031, 5, 10 + day)).getUTCDay() + 6) % 7;
    for (let hour = 17; hour <= 23; hour++) {
      for (const quarter of [0, 1, 2, 3]) {
        statements.push(
          env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)").bind(
            placeId,
            Date.UTC(2031, 5, 10 + day, hour + 4, quarter * 15) / 1000,
            people(hour, weekday),
            Math.ceil(people(hour, weekday)),
          ),
        );
      }
    }
  }
  await env.DB.batch(statements);
}
