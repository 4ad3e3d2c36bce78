// The scale model's arithmetic (scripts/bench/scale-model.ts, docs/scale.md): hand-computed
// expectations for round usage figures, so the doc's table cannot drift from what it says.
import { describe, expect, it } from "vitest";
import { bindsFirst, headroom, scaleModel, scaleTable, type Costs, type Usage } from "../../scripts/bench/scale-model.ts";

const usage: Usage = {
  consumers: 1_200_000,
  venues: 1_000,
  sensors: 3_000,
  dailyActiveShare: 0.5,
  sessionsPerActiveDay: 2,
  peakHourShare: 0.3,
  mapViewsPerSession: 1,
  profileViewsPerSession: 2,
  readingsPerSensorMinute: 1,
  chattingShareAtPeak: 0.05,
  messagesPerChatterMinute: 2,
  membersPerConversation: 2,
  offlineShare: 0.5,
  liveLooksPerSession: 0.1,
  dataCentresPerVenue: 1,
  dataCentresServingMap: 25,
  regions: 1,
};

const costs: Costs = {
  ingest: { cpuMs: 2, d1: 0 },
  liveHit: { cpuMs: 1, d1: 0 },
  liveMiss: { cpuMs: 10, d1: 5 },
  profileHit: { cpuMs: 4, d1: 0, calls: 3 },
  profileMiss: { cpuMs: 20, d1: 6 },
  flush: { cpuMs: 3, reads: 2, writes: 4 },
  messagePost: { cpuMs: 6, d1: 2 },
  messageSocket: { cpuMs: 1, d1: 0 },
  chatFlush: { batchesPerMinute: 1, statements: 2 },
};

const byPart = (rows: ReturnType<typeof scaleModel>) => Object.fromEntries(rows.map((row) => [row.part, row.perSecond]));

describe("scale model", () => {
  it("turns usage and per-request costs into requests a second per part", () => {
    const rows = byPart(scaleModel(usage, costs, "post"));
    // 1.2 M × 0.5 × 2 × 0.3 ÷ 3600 = 100 sessions a second in the busiest hour.
    expect(rows["sessions starting"]).toBeCloseTo(100);
    // 3,000 sensors once a minute.
    expect(rows["ingest (worker → place object)"]).toBeCloseTo(50);
    // 60,000 chatters × 2 a minute.
    expect(rows["chat messages"]).toBeCloseTo(2000);
    // Readings 50 + map 100 + profiles 200 × (page + 3 calls) + messages 2,000.
    expect(rows["worker: HTTP requests"]).toBeCloseTo(50 + 100 + 800 + 2000);
    // 3 sensors a venue, once a minute, and two alarms a minute.
    expect(rows["one place object"]).toBeCloseTo(3 / 60 + 2 / 60);
    // 2,000 messages over 30,000 conversations.
    expect(rows["one conversation object"]).toBeCloseTo(2000 / 30_000);
    // Alarms: 1,000 venues twice a minute × 2 reads; live misses: 25 data centres once per 25 s =
    // 1/s × 5; profile misses: 1,000 venues × min(0.2, 1/60) × 6.
    expect(rows["D1 reads (one database)"]).toBeCloseTo((2000 / 60) * 2 + 5 + 100);
    // Flushes: 1,000 venues once a minute × 4 statements; messages 2,000 × 2.
    expect(rows["D1 writes (one database)"]).toBeCloseTo((1000 / 60) * 4 + 4000);
    // Each message has one other member, offline half the time.
    expect(rows["push queue messages (one queue)"]).toBeCloseTo(1000);
    expect(rows["R2 class A (Live Look puts)"]).toBeCloseTo(10);
  });

  it("takes chat off the worker and D1 on the socket: one batch a minute per conversation, each of its statements a query", () => {
    const post = byPart(scaleModel(usage, costs, "post"));
    const socket = byPart(scaleModel(usage, costs, "socket"));
    expect(post["worker: HTTP requests"] - socket["worker: HTTP requests"]).toBeCloseTo(2000);
    expect(socket["D1 writes (one database)"]).toBeCloseTo((1000 / 60) * 4 + (30_000 * 2) / 60);
  });

  it("splits D1 and the push queue by region, and names what binds first", () => {
    const one = scaleModel(usage, costs, "post");
    expect(bindsFirst(one).part).toBe("D1 queries (one database)");
    expect(headroom(bindsFirst(one))).toBeLessThan(1);
    const regions = byPart(scaleModel({ ...usage, regions: 10 }, costs, "post"));
    expect(regions["D1 queries (one database)"]).toBeCloseTo(((2000 / 60) * 2 + 105 + (1000 / 60) * 4 + 4000) / 10);
    expect(regions["push queue messages (one queue)"]).toBeCloseTo(100);
    // The objects do not shard: one per venue and per conversation already.
    expect(regions["one place object"]).toBeCloseTo(5 / 60);
  });

  it("prints one column per scenario, the limit's room and what binds first", () => {
    const table = scaleTable([{ label: "test", usage, chat: "post" }], costs);
    expect(table).toContain("| chat messages | 2,000 | — |");
    expect(table).toContain("| push queue messages (one queue) | 1,000 (5.0× room) | 5,000 |");
    expect(table).toContain("**over**");
    expect(table).toContain("Binds first — test: D1 queries (one database).");
  });
});
