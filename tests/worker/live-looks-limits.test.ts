// Live Looks' rate limits on the real bindings (miniflare's): per client for posts and reports, per
// venue for posts from everyone. Real timers: the counters follow the wall clock's minutes.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { api, freshClientIp, postJson, startBurstWithinOneWindow } from "./helpers";
import { createPlace } from "./occupancy-fixtures";

vi.setConfig({ testTimeout: 30_000 });

function post(placeId: number, ip: string) {
  const body = new FormData();
  body.set("text", "Busy but fun");
  return api(`/api/places/${placeId}/live-looks`, { method: "POST", body, headers: { "cf-connecting-ip": ip } });
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
