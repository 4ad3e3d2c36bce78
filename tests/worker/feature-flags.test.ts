import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { api, clearTables } from "./helpers";

describe("POST /api/feature-flags/{name}", () => {
  beforeEach(async () => {
    await clearTables("feature_flags");
    await env.DB.prepare("INSERT INTO feature_flags (name, enabled) VALUES ('enable_new_dashboard', 1), ('old_thing', 0)").run();
  });

  it.each([
    ["enable_new_dashboard", true],
    ["old_thing", false],
    ["never_defined", false],
  ])("answers %s with its value", async (name, value) => {
    const response = await api(`/api/feature-flags/${name}`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ value });
  });

  it("refuses a malformed flag name", async () => {
    expect((await api("/api/feature-flags/%20drop%20table", { method: "POST" })).status).toBe(400);
  });
});
