// Turning pushes on (client/app/push.ts, docs/push.md#endpoints-never-move): when another account
// signed in on this browser holds its endpoint, the server answers 409 and the app unsubscribes the
// browser and registers a fresh subscription (a new endpoint) instead of giving up.
import { afterEach, describe, expect, it, vi } from "vitest";
import { turnOnPush } from "../../client/app/push";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const KEYS = { p256dh: `B${"A".repeat(86)}`, auth: "BTBZMqHH6r4Tts7J_aSIgg" };

function browserWith(endpoint: string) {
  const made: string[] = [];
  const subscription = (address: string) => ({ endpoint: address, toJSON: () => ({ endpoint: address, keys: KEYS }), unsubscribe: vi.fn(async () => true) });
  const current = subscription(endpoint);
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      made.push(`https://fcm.googleapis.com/fcm/send/fresh-${made.length + 1}`);
      return subscription(made.at(-1)!);
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission: "granted", requestPermission: async () => "granted" });
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: { getRegistration: async () => registration, register: async () => registration, ready: Promise.resolve(registration) } });
  return { current, pushManager };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("turnOnPush", () => {
  it("registers the browser's subscription", async () => {
    localStorage.setItem("access_token", "token");
    const { current } = browserWith("https://fcm.googleapis.com/fcm/send/mine");
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => (String(input).endsWith("/public-key") ? json({ public_key: "BAAA" }) : json({ id: 1 }, 201)));
    vi.stubGlobal("fetch", fetchMock);
    expect(await turnOnPush()).toBe("on");
    const posted = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([, init]) => JSON.parse(String(init!.body)).endpoint);
    expect(posted).toEqual(["https://fcm.googleapis.com/fcm/send/mine"]);
    expect(current.unsubscribe).not.toHaveBeenCalled();
  });

  it("another account's endpoint (409): unsubscribes, subscribes afresh and registers the new endpoint", async () => {
    localStorage.setItem("access_token", "token");
    const { current, pushManager } = browserWith("https://fcm.googleapis.com/fcm/send/theirs");
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("/public-key")) return json({ public_key: "BAAA" });
      const { endpoint } = JSON.parse(String(init?.body)) as { endpoint: string };
      return endpoint.endsWith("/theirs") ? json({ error: "This browser's subscription belongs to another account." }, 409) : json({ id: 2 }, 201);
    });
    vi.stubGlobal("fetch", fetchMock);
    expect(await turnOnPush()).toBe("on");
    expect(current.unsubscribe).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const posted = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([, init]) => JSON.parse(String(init!.body)).endpoint);
    expect(posted).toEqual(["https://fcm.googleapis.com/fcm/send/theirs", "https://fcm.googleapis.com/fcm/send/fresh-1"]);
  });
});
