// Fixtures for the dashboard's client tests: answers shaped like common/schemas/answers.ts and a
// fake API that routes fetch calls by method and path.
import { vi } from "vitest";
import type { EventAnswer, OwnedPlace } from "../../common/schemas/answers";

export function makePlace(overrides: Partial<OwnedPlace> = {}): OwnedPlace {
  return {
    id: 1,
    slug: "the-copper-lantern",
    name: "The Copper Lantern",
    address: "101 Avenue A, New York, NY",
    city: "New York",
    state: "NY",
    country: "United States",
    postal_code: "10009",
    latitude: 40.72,
    longitude: -73.98,
    type: "Bar",
    category: "cocktail-bar",
    website: "https://copperlantern.example",
    phone_number: "(212) 555-0101",
    description: "",
    cover_photo_url: "/api/images/seed/the-copper-lantern.svg",
    cover_image: "/api/images/seed/the-copper-lantern.svg",
    open_time: "",
    close_time: "",
    lively_threshold: 40,
    packed_threshold: 100,
    timezone: "America/New_York",
    day_start_hour: 5,
    tags: [],
    favorite: false,
    no_device: false,
    max_devices: 1,
    public_counts: true,
    owners: ["Dana Demo"],
    monday_open: "17:00",
    monday_close: "02:00",
    tuesday_open: "17:00",
    tuesday_close: "02:00",
    wednesday_open: "17:00",
    wednesday_close: "02:00",
    thursday_open: "17:00",
    thursday_close: "02:00",
    friday_open: "16:00",
    friday_close: "04:00",
    saturday_open: "16:00",
    saturday_close: "04:00",
    sunday_open: "",
    sunday_close: "",
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<EventAnswer> = {}): EventAnswer {
  return {
    id: 11,
    place_id: 1,
    place_name: "The Copper Lantern",
    name: "Trivia Night",
    description: "Teams of four",
    start_time: "2026-06-12T00:00:00.000Z",
    end_time: "2026-06-12T02:00:00.000Z",
    max_capacity: 60,
    category: 2,
    category_name: "Trivia",
    is_recurring: false,
    repeats: false,
    repeating_days: [],
    frequency: "",
    host_name: "",
    additional_details: "",
    photo_url: null,
    cover_image: null,
    flyer_image: null,
    ...overrides,
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

type Handler = (request: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response>;

/**
 * Stubs fetch with `routes` keyed "METHOD /path" (query ignored). Unknown routes answer 404 so a
 * test sees the call it forgot. Returns the mock to inspect calls.
 */
export function stubApi(routes: Record<string, Handler | unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    if (!(key in routes)) return json({ error: `no stub for ${key}` }, 404);
    const route = routes[key];
    return typeof route === "function" ? (route as Handler)({ url, init }) : json(route);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? "GET") === method && new URL(String(input), "http://localhost").pathname === path);
