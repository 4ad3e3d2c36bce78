// Offers (issue 39; docs/offers.md) through the worker at a fixed clock: owners' writes (401/403/404,
// 400 sentences, PATCH merged and checked whole), the public list with on_now and why (quiet by the
// live level, closed wins), /api/live's offer_now and its filter, claims (50 parallel claims of a
// 10-cap offer → exactly 10 codes, one per account and day, savers only), redemption (once, 409
// used, 410 expired, 404 alike for unknown and another venue's code), the owners' counts, and
// offer_starts watches (one notification per person, venue and venue day).
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { LiveAnswer } from "../../common/schemas/answers";
import { CODE_ALPHABET, type Claim, type Offer, type OffersAnswer, type OwnedOffersAnswer } from "../../common/schemas/offers";
import { issueAccessToken } from "../../worker/auth/tokens";
import { addOwner, adminToken, bearer, count, createUser, insertPlace, ownedPlace } from "./fixtures";
import { api, postJson } from "./helpers";
import { liveRowAt, useFixedClock } from "./occupancy-fixtures";
import type { WatchFanOut } from "../../worker/watches/changes";
import { fanOut } from "../../worker/watches/fan-out";
import { noticeOffersOn } from "../../worker/watches/offer-starts";

// Tuesday 10 June 2031, 15:00 EDT.
const now = Date.UTC(2031, 5, 10, 19, 0);
useFixedClock(now);

const afternoon = {
  title: "Half-price pints",
  terms: "One per guest, draught only.",
  kind: "percent",
  value: 50,
  days: ["Tuesday", "Monday"],
  from: "14:00",
  to: "18:00",
  daily_cap: 10,
  when: "always",
  audience: "everyone",
};

/** A fresh access token once the clock has moved past the first one's life. */
const tokenOf = (userId: number) => issueAccessToken(env.JWT_SECRET, { userId, role: "owner" });
const create = (placeId: number, body: unknown, token?: string) => postJson(`/api/place/${placeId}/offers`, body, bearer(token));
const change = (placeId: number, id: number, body: unknown, token?: string) =>
  api(`/api/place/${placeId}/offers/${id}`, { method: "PATCH", headers: { "content-type": "application/json", ...bearer(token) }, body: JSON.stringify(body) });
const claim = (offerId: number, token?: string) => api(`/api/offers/${offerId}/claims`, { method: "POST", headers: bearer(token) });
const redeem = (placeId: number, code: string, token?: string) => postJson(`/api/place/${placeId}/redemptions`, { code }, bearer(token));
const publicOffers = async (placeId: number) => (await (await api(`/api/places/${placeId}/offers`)).json<OffersAnswer>()).offers;

async function offerAt(body: Record<string, unknown> = {}, columns: Record<string, string | number | null> = {}) {
  const { owner, placeId, stranger, otherPlaceId } = await ownedPlace(columns);
  const response = await create(placeId, { ...afternoon, ...body }, owner.token);
  expect(response.status).toBe(201);
  return { owner, placeId, stranger, otherPlaceId, offer: await response.json<Offer>() };
}

describe("POST/GET/PATCH/DELETE /api/place/{id}/offers", () => {
  it("creates an offer, days Monday first, on now in its hours", async () => {
    const { offer } = await offerAt();
    expect(offer).toEqual({
      id: expect.any(Number),
      title: "Half-price pints",
      terms: "One per guest, draught only.",
      kind: "percent",
      value: 50,
      days: ["Monday", "Tuesday"],
      from: "14:00",
      to: "18:00",
      starts_on: null,
      ends_on: null,
      daily_cap: 10,
      when: "always",
      quiet_below_percent: null,
      audience: "everyone",
      on_now: true,
      why: "On in its hours, until 6 PM.",
    });
  });

  it("refuses bad offers with 400 and the field's sentence, storing nothing", async () => {
    const { owner, placeId } = await ownedPlace();
    const cases: [unknown, string][] = [
      [{ ...afternoon, title: "" }, "title: Give the offer a title."],
      [{ ...afternoon, terms: "x".repeat(281) }, "terms: Must be at most 280 characters."],
      [{ ...afternoon, kind: "bogof" }, "kind: Kind must be one of: percent, price, free_item, other."],
      [{ ...afternoon, value: 150 }, "value: A percent off is a whole number from 1 to 100."],
      [{ ...afternoon, kind: "free_item" }, "value: Only a percent or a price has a value."],
      [{ ...afternoon, kind: "price", value: 4.555 }, "value: A price is from 0 to 100,000 with at most 2 decimals."],
      [{ ...afternoon, to: "14:00" }, "to: From and to must differ (an offer that ends before it starts runs past midnight)."],
      [{ ...afternoon, starts_on: "2031-06-20", ends_on: "2031-06-19" }, "ends_on: ends_on must be on or after starts_on."],
      [{ ...afternoon, starts_on: "2031-02-30" }, "starts_on: Dates are calendar dates written YYYY-MM-DD."],
      [{ ...afternoon, daily_cap: 0 }, "daily_cap: The daily cap is a whole number from 1 to 1000."],
      [{ ...afternoon, quiet_below_percent: 30 }, "quiet_below_percent: quiet_below_percent goes only with when: quiet."],
      [{ ...afternoon, audience: "friends" }, "audience: Audience must be one of: everyone, savers."],
    ];
    for (const [body, error] of cases) {
      const response = await create(placeId, body, owner.token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json<{ error: string }>()).error).toBe(error);
    }
    expect(await count("offers", "place_id = ?", placeId)).toBe(0);
  });

  it("lets only the place's owners and the admin write (401, 403, 404)", async () => {
    const { owner, placeId, stranger, offer } = await offerAt();
    expect((await create(placeId, afternoon)).status).toBe(401);
    expect((await create(placeId, afternoon, stranger.token)).status).toBe(403);
    expect((await create(999_999, afternoon, owner.token)).status).toBe(404);
    expect((await change(placeId, offer.id, { title: "Mine now" }, stranger.token)).status).toBe(403);
    expect((await api(`/api/place/${placeId}/offers`, { headers: bearer(stranger.token) })).status).toBe(403);
    // Another place's offer by id: 404, even to its owner through the wrong place.
    const other = await insertPlace({ name: "Owner's second bar" });
    await addOwner(other, owner.id);
    expect((await change(other, offer.id, { title: "x" }, owner.token)).status).toBe(404);
    expect((await create(placeId, { ...afternoon, title: "By the admin" }, await adminToken())).status).toBe(201);
  });

  it("PATCH merges the change and checks the whole offer; DELETE removes it from the public list", async () => {
    const { owner, placeId, offer } = await offerAt();
    const patched = await change(placeId, offer.id, { when: "quiet", quiet_below_percent: 40 }, owner.token);
    expect(patched.status).toBe(200);
    expect(await patched.json<Offer>()).toMatchObject({ title: "Half-price pints", when: "quiet", quiet_below_percent: 40, on_now: false });
    // Free item with the percent's value left: refused whole.
    const refused = await change(placeId, offer.id, { kind: "free_item" }, owner.token);
    expect(refused.status).toBe(400);
    expect((await refused.json<{ error: string }>()).error).toBe("value: Only a percent or a price has a value.");
    expect((await change(placeId, offer.id, { kind: "free_item", value: null }, owner.token)).status).toBe(200);
    expect((await api(`/api/place/${placeId}/offers/${offer.id}`, { method: "DELETE", headers: bearer(owner.token) })).status).toBe(200);
    expect(await publicOffers(placeId)).toEqual([]);
  });
});

describe("on now: the public list and /api/live", () => {
  it("a quiet-only offer is on while Relaxed and off while Packed, saying why; /api/live's offer_now and its filter follow", async () => {
    const { owner, placeId, offer } = await offerAt({ when: "quiet" });
    await liveRowAt(placeId, { people: 5, percent: 10, level: "Relaxed" }, now - 60_000);
    const [quiet] = await publicOffers(placeId);
    expect([quiet.on_now, quiet.why]).toEqual([true, "On while quiet: Relaxed now."]);
    const live = (await (await api("/api/live?offer_now=1")).json<LiveAnswer>()).places;
    expect(live.find((place) => place.id === placeId)?.offer_now).toBe(true);

    await env.DB.prepare("DELETE FROM place_live WHERE place_id = ?").bind(placeId).run();
    await liveRowAt(placeId, { people: 95, percent: 100, level: "Packed" }, now - 30_000);
    // The public answer is cached up to 25 s while it rests on the live level (checked below); a write purges it.
    expect((await api(`/api/places/${placeId}/offers`)).headers.get("cache-control")).toBe("public, max-age=0, s-maxage=25");
    expect((await change(placeId, offer.id, { terms: "Draught only." }, owner.token)).status).toBe(200);
    const [packed] = await publicOffers(placeId);
    expect([packed.id, packed.on_now, packed.why]).toEqual([offer.id, false, "Off: only while quiet, and it is Packed now."]);
    expect((await api("/api/live?offer_now=x")).status).toBe(400);
  });

  it("closed wins: off while the venue is closed by its hours", async () => {
    const { placeId } = await offerAt({}, { tuesday_open: "17:00", tuesday_close: "23:00" });
    const [offer] = await publicOffers(placeId);
    expect([offer.on_now, offer.why]).toEqual([false, "Off: the venue is closed now."]);
  });
});

describe("POST /api/offers/{id}/claims", () => {
  it("holds the daily cap under concurrency: 50 parallel claims of a 10-cap offer from 50 accounts get exactly 10 codes", async () => {
    const { offer, placeId } = await offerAt();
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser()));
    const responses = await Promise.all(people.map((person) => claim(offer.id, person.token)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    const codes = await Promise.all(responses.filter((response) => response.status === 201).map((response) => response.json<Claim>()));
    expect(new Set(codes.map((item) => item.code)).size).toBe(10);
    expect(await count("offer_claims", "offer_id = ?", offer.id)).toBe(10);
    const refused = responses.find((response) => response.status === 409)!;
    expect((await refused.json<{ error: string }>()).error).toBe("All of today's 10 are claimed. Try another day.");
    expect(await count("offer_days", "offer_id = ? AND claimed = 10", offer.id)).toBe(1);
    expect(placeId).toBeGreaterThan(0);
  });

  it("answers a short code without identity, valid 30 minutes, with its QR; one claim per account and day", async () => {
    const { offer } = await offerAt();
    const person = await createUser("Pat Person");
    const response = await claim(offer.id, person.token);
    expect(response.status).toBe(201);
    const first = await response.json<Claim>();
    expect(first.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
    expect(first.expires_at).toBe(new Date(now + 30 * 60_000).toISOString());
    expect(first.qr_svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Again while valid: the same code.
    const again = await claim(offer.id, person.token);
    expect(again.status).toBe(200);
    expect((await again.json<Claim>()).code).toBe(first.code);
    // Expired: not a second one today.
    vi.setSystemTime(now + 31 * 60_000);
    expect((await claim(offer.id, await tokenOf(person.id))).status).toBe(409);
  });

  it("needs an account (401), refuses an offer that is off (409 with why), and savers-only offers to others (403)", async () => {
    const { offer, placeId } = await offerAt({ audience: "savers" });
    expect((await claim(offer.id)).status).toBe(401);
    const person = await createUser();
    const refused = await claim(offer.id, person.token);
    expect(refused.status).toBe(403);
    expect((await refused.json<{ error: string }>()).error).toBe("This offer is for people who saved the place: save it first.");
    expect((await api(`/api/me/saved/${placeId}`, { method: "PUT", headers: { "content-type": "application/json", ...bearer(person.token) }, body: "{}" })).status).toBeLessThan(300);
    expect((await claim(offer.id, person.token)).status).toBe(201);

    const { offer: evening } = await offerAt({ from: "20:00", to: "23:00" });
    const off = await claim(evening.id, person.token);
    expect(off.status).toBe(409);
    expect((await off.json<{ error: string }>()).error).toBe("Off: outside its hours (8 PM–11 PM); next from 8 PM.");
    expect((await claim(999_999, person.token)).status).toBe(404);
  });
});

describe("POST /api/place/{id}/redemptions", () => {
  it("redeems once (200), then 409 used; 410 expired; 404 alike for an unknown code and another venue's", async () => {
    const { offer, owner, placeId, stranger, otherPlaceId } = await offerAt();
    const person = await createUser();
    const { code } = await (await claim(offer.id, person.token)).json<Claim>();
    // Another venue's staff, with the real code at their own venue: the same 404 as a code never issued.
    const elsewhere = await redeem(otherPlaceId, code, stranger.token);
    const unknown = await redeem(placeId, code === "AAAAAA" ? "CCCCCC" : "AAAAAA", owner.token);
    expect([elsewhere.status, unknown.status]).toEqual([404, 404]);
    expect(await elsewhere.json()).toEqual(await unknown.json());
    expect((await redeem(placeId, code, stranger.token)).status).toBe(403);

    // Typed in lower case with a space, as staff may.
    const first = await redeem(placeId, `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`, owner.token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ offer_id: offer.id, title: "Half-price pints", terms: "One per guest, draught only.", redeemed_at: new Date(now).toISOString() });
    const second = await redeem(placeId, code, owner.token);
    expect(second.status).toBe(409);
    expect((await second.json<{ error: string }>()).error).toBe("This code was used already.");

    const late = await createUser();
    const { code: lateCode } = await (await claim(offer.id, late.token)).json<Claim>();
    vi.setSystemTime(now + 30 * 60_000);
    const expired = await redeem(placeId, lateCode, await tokenOf(owner.id));
    expect(expired.status).toBe(410);
    expect((await redeem(placeId, "12", await tokenOf(owner.id))).status).toBe(400);
  });

  it("the owners' list counts seen, claimed and redeemed (totals only), kept when an account is deleted", async () => {
    const { offer, owner, placeId } = await offerAt();
    for (let i = 0; i < 3; i++) expect((await api(`/api/offers/${offer.id}/seen`, { method: "POST" })).status).toBe(200);
    const person = await createUser();
    const { code } = await (await claim(offer.id, person.token)).json<Claim>();
    await redeem(placeId, code, owner.token);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(person.id).run();
    expect(await count("offer_claims", "user_id = ?", person.id)).toBe(0);
    const answer = await (await api(`/api/place/${placeId}/offers`, { headers: bearer(owner.token) })).json<OwnedOffersAnswer>();
    expect(answer.offers[0].insight).toEqual({
      seen: 3,
      claimed: 1,
      redeemed: 1,
      lift_hours: 0,
      lift_percent: null,
      lift_low: null,
      lift_high: null,
      lift_text: "Not enough hours yet: 0 of 8 measured.",
    });
  });
});

describe("POST /api/offers/{id}/seen", () => {
  it("counts at most 60 sightings a minute from one client address; the 61st is 429 and not counted", async () => {
    const { offer, owner, placeId } = await offerAt();
    const seen = (address: string) => api(`/api/offers/${offer.id}/seen`, { method: "POST", headers: { "cf-connecting-ip": address } });
    for (let i = 0; i < 60; i++) expect((await seen("203.0.113.61")).status).toBe(200);
    const refused = await seen("203.0.113.61");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    // Another address is counted as before.
    expect((await seen("203.0.113.62")).status).toBe(200);
    const answer = await (await api(`/api/place/${placeId}/offers`, { headers: bearer(owner.token) })).json<OwnedOffersAnswer>();
    expect(answer.offers[0].insight.seen).toBe(61);
  });
});

describe("offer_starts watches", () => {
  /** A queue that records what is sent to it. */
  function recordingQueue() {
    const sent: WatchFanOut[] = [];
    const queue = {
      send: async (body: WatchFanOut) => void sent.push(body),
      sendBatch: async (messages: Iterable<MessageSendRequest<WatchFanOut>>) => void sent.push(...[...messages].map((message) => message.body)),
    } as unknown as Queue;
    return { sent, queue };
  }

  it("tells each watcher once a venue day that an offer is on, however many offers or cron runs see it", async () => {
    const { placeId } = await offerAt();
    expect((await create(placeId, { ...afternoon, title: "Free fries", kind: "free_item", value: null }, await adminToken())).status).toBe(201);
    const watchers = [await createUser(), await createUser()];
    for (const person of watchers) expect((await postJson("/api/me/watches", { place_id: placeId, when: "offer_starts" }, bearer(person.token))).status).toBe(201);
    const inbox = async (userId: number) =>
      (await env.DB.prepare("SELECT title, body FROM consumer_notifications WHERE user_id = ? AND place_id = ?").bind(userId, placeId).all()).results;
    const run = async (at: number) => {
      const watchQueue = recordingQueue();
      await noticeOffersOn({ DB: env.DB, WATCH_QUEUE: watchQueue.queue }, at);
      const mine = watchQueue.sent.filter((page) => page.change.place_id === placeId);
      for (const page of mine) await fanOut({ DB: env.DB, WATCH_QUEUE: watchQueue.queue, PUSH_QUEUE: recordingQueue().queue, JWT_SECRET: env.JWT_SECRET }, page, at);
      return mine.length;
    };
    expect(await run(now)).toBe(1);
    expect(await run(now + 5 * 60_000)).toBe(1);
    for (const person of watchers) {
      expect(await inbox(person.id)).toEqual([{ title: expect.stringMatching(/^An offer is on now at /), body: "Half-price pints. On in its hours, until 6 PM." }]);
    }
    // Off after 6 PM: nothing queued.
    expect(await run(now + 4 * 3600_000)).toBe(0);
    // The next day (Wednesday is not one of its days; Monday is): Monday 15:00, a new venue day, a new row.
    expect(await run(now + 6 * 86_400_000)).toBe(1);
    expect(await inbox(watchers[0].id)).toHaveLength(2);
  });
});
