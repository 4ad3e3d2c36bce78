// Rate limits run on the real Workers rate-limit bindings (miniflare's implementation). Counters are
// isolated per test file; inside this file every test uses its own addresses and accounts.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { clientAddressKey } from "../../worker/lib/rate-limit";
import { freshClientIp, postJson, signUpOwner, startBurstWithinOneWindow } from "./helpers";

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get("retry-after")).toBe("60");
  expect(await response.json()).toEqual({ error: "Too many attempts. Please wait 60 seconds and try again." });
}

const from = (ip: string) => ({ "cf-connecting-ip": ip });

vi.setConfig({ testTimeout: 20_000 });

describe("POST /api/auth/login", () => {
  it("allows 20 attempts a minute from one address, then answers 429 with Retry-After", async () => {
    await startBurstWithinOneWindow();
    const ip = freshClientIp();
    for (let i = 0; i < 20; i++) {
      const response = await postJson("/api/auth/login", { email: `guess-${i}@example.com`, password: "wrong password" }, from(ip));
      expect(response.status).toBe(401);
    }
    await expectTooMany(await postJson("/api/auth/login", { email: "guess@example.com", password: "x" }, from(ip)));
    // Another address is not affected.
    const other = await postJson("/api/auth/login", { email: "guess@example.com", password: "x" }, from(freshClientIp()));
    expect(other.status).toBe(401);
  });

  it("allows 10 attempts a minute on one account from anywhere, then refuses even the right password", async () => {
    await startBurstWithinOneWindow();
    const owner = await signUpOwner();
    for (let i = 0; i < 10; i++) {
      const response = await postJson("/api/auth/login", { email: owner.email, password: "wrong password" }, from(freshClientIp()));
      expect(response.status).toBe(401);
    }
    await expectTooMany(
      await postJson("/api/auth/login", { email: owner.email.toUpperCase(), password: owner.password }, from(freshClientIp())),
    );
  });
});

describe("POST /api/auth/signup", () => {
  it("counts every attempt from one address, even malformed ones", async () => {
    await startBurstWithinOneWindow();
    const ip = freshClientIp();
    for (let i = 0; i < 20; i++) {
      expect((await postJson("/api/auth/signup", { email: "bad" }, from(ip))).status).toBe(400);
    }
    await expectTooMany(
      await postJson("/api/auth/signup", { name: "Late", email: "late@example.com", password: "long enough" }, from(ip)),
    );
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = 'late@example.com'").first()).toBeNull();
  });
});

describe("POST /api/admin/login", () => {
  it("allows 10 guesses a minute in total, whatever the addresses", async () => {
    await startBurstWithinOneWindow();
    for (let i = 0; i < 10; i++) {
      expect((await postJson("/api/admin/login", { password: `guess ${i}` }, from(freshClientIp()))).status).toBe(401);
    }
    await expectTooMany(await postJson("/api/admin/login", { password: env.ADMIN_PASSWORD }, from(freshClientIp())));
  });
});

describe("POST /api/submit-business", () => {
  it("takes 5 submissions a minute from one client", async () => {
    await startBurstWithinOneWindow();
    const ip = freshClientIp();
    const submission = { businessName: "Spam Bar", address: "1 Spam St" };
    for (let i = 0; i < 5; i++) expect((await postJson("/api/submit-business", submission, from(ip))).status).toBe(201);
    await expectTooMany(await postJson("/api/submit-business", submission, from(ip)));
    expect((await postJson("/api/submit-business", submission, from(freshClientIp()))).status).toBe(201);
  });
});

describe("POST /api/places/:id/reviews", () => {
  it("takes 5 reviews a minute from one client, counted apart from business submissions", async () => {
    await startBurstWithinOneWindow();
    const place = await env.DB.prepare("INSERT INTO places (slug, name) VALUES ('rate-limited-bar', 'Rate Limited Bar') RETURNING id").first<{ id: number }>();
    const path = `/api/places/${place!.id}/reviews`;
    const review = { username: "spammer", rating: 5, comment: "Best bar ever" };
    const ip = freshClientIp();
    expect((await postJson("/api/submit-business", { businessName: "Spam Bar", address: "1 Spam St" }, from(ip))).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await postJson(path, review, from(ip))).status).toBe(201);
    await expectTooMany(await postJson(path, review, from(ip)));
    expect((await postJson(path, review, from(freshClientIp()))).status).toBe(201);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM reviews WHERE place_id = ?").bind(place!.id).first<{ n: number }>();
    expect(stored?.n).toBe(6);
  });
});

describe("clientAddressKey()", () => {
  it("keys IPv4 clients by address and IPv6 clients by their /64", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(clientAddressKey("2001:0DB8:00aa:bb::9")).toBe("2001:db8:aa:bb::/64");
    expect(clientAddressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey("::ffff:198.51.100.1")).toBe("::ffff:198.51.100.1");
  });

  it("puts requests without an address under one shared key", () => {
    expect(clientAddressKey(undefined)).toBe("unknown");
    expect(clientAddressKey(" ")).toBe("unknown");
  });
});
