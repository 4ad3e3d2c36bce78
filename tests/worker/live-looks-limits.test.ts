// Live Looks' rate limits on the real bindings (miniflare's): per client for posts and reports, per
// venue for posts from everyone (valid posts only), and per client for attempts. Real timers: the counters follow the wall clock's minutes.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { freshClientIp, postJson, startBurstWithinOneWindow } from "./helpers";
import { postLiveLook } from "./live-look-fixtures";
import { createPlace } from "./occupancy-fixtures";

vi.setConfig({ testTimeout: 30_000 });

/** A post from the address `ip`, by a fresh account each time: these limits are per client and per venue, not per account. */
function post(placeId: number, ip: string, text = "Busy but fun") {
  const body = new FormData();
  body.set("text", text);
  return postLiveLook(placeId, body, { "cf-connecting-ip": ip });
}

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get("retry-after")).toBe("60");
  expect(await response.json()).toEqual({ error: "Too many attempts. Please wait 60 seconds and try again." });
}

const stored = async (placeId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM live_looks WHERE place_id = ?").bind(placeId).first<{ n: number }>())!.n;

describe("POST /api/places/:id/live-looks", () => {
  it("takes 5 posts a minute from one client; another client is not affected", async () => {
    await startBurstWithinOneWindow();
    const placeId = await createPlace();
    const ip = freshClientIp();
    for (let i = 0; i < 5; i++) expect((await post(placeId, ip)).status).toBe(201);
    await expectTooMany(await post(placeId, ip));
    expect((await post(placeId, freshClientIp())).status).toBe(201);
    expect(await stored(placeId)).toBe(6);
  });

  it("takes 30 posts a minute per venue from everyone together; another venue is not affected", async () => {
    await startBurstWithinOneWindow();
    const placeId = await createPlace();
    const otherId = await createPlace();
    for (let i = 0; i < 30; i++) expect((await post(placeId, freshClientIp())).status).toBe(201);
    await expectTooMany(await post(placeId, freshClientIp()));
    expect((await post(otherId, freshClientIp())).status).toBe(201);
    expect(await stored(placeId)).toBe(30);
  });
});

describe("issue 25 #8: only valid posts count", () => {
  it("six addresses sending empty posts do not lock the venue for everyone", async () => {
    await startBurstWithinOneWindow();
    const placeId = await createPlace();
    for (let client = 0; client < 6; client++) {
      const ip = freshClientIp();
      for (let i = 0; i < 5; i++) expect((await post(placeId, ip, "")).status).toBe(400);
      // Nor did they use up the sender's own budget.
      expect((await post(placeId, ip)).status).toBe(201);
    }
    expect((await post(placeId, freshClientIp())).status).toBe(201);
    expect(await stored(placeId)).toBe(7);
  });

  it("still brakes one client's attempts, valid or not, at 20 a minute before the form is read", async () => {
    await startBurstWithinOneWindow();
    const placeId = await createPlace();
    const ip = freshClientIp();
    for (let i = 0; i < 20; i++) expect((await post(placeId, ip, "")).status).toBe(400);
    await expectTooMany(await post(placeId, ip));
    expect((await post(placeId, freshClientIp())).status).toBe(201);
  });
});

describe("POST /api/live-looks/:id/report", () => {
  it("takes 5 reports a minute from one client", async () => {
    await startBurstWithinOneWindow();
    const placeId = await createPlace();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await (await post(placeId, freshClientIp())).json<{ id: number }>()).id);
    const ip = freshClientIp();
    for (let i = 0; i < 5; i++) expect((await postJson(`/api/live-looks/${ids[i]}/report`, {}, { "cf-connecting-ip": ip })).status).toBe(201);
    await expectTooMany(await postJson(`/api/live-looks/${ids[5]}/report`, {}, { "cf-connecting-ip": ip }));
  });
});
