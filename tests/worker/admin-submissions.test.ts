import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueAccessToken } from "../../worker/auth/tokens";
import type { SubmissionAnswer, SubmissionListAnswer } from "../../common/schemas/answers";
import { api, clearTables } from "./helpers";

let adminToken: string;
let ownerToken: string;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  await env.DB.prepare("INSERT INTO users (id, email, name, password_hash) VALUES (1, 'owner@example.com', 'Owner', 'x')").run();
  adminToken = await issueAccessToken(env.JWT_SECRET, { userId: null, role: "admin" });
  ownerToken = await issueAccessToken(env.JWT_SECRET, { userId: 1, role: "owner" });
});

/** Three submissions a minute apart, oldest first; the middle one already handled. */
async function seedSubmissions() {
  const at = (minute: number) => Date.UTC(2026, 4, 1, 18, minute);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO business_submissions (id, business_name, address, created_at) VALUES (1, 'Oldest Bar', '1 Avenue A', ?)",
    ).bind(at(0)),
    env.DB.prepare(
      "INSERT INTO business_submissions (id, business_name, address, status, handled_at, created_at) VALUES (2, 'Handled Pub', '2 Avenue B', 'handled', ?, ?)",
    ).bind(at(30), at(1)),
    env.DB.prepare(
      "INSERT INTO business_submissions (id, business_name, address, submitter_email, reason, created_at) VALUES (3, 'Newest Tavern', '3 Avenue C', 'fan@example.com', 'Great trivia', ?)",
    ).bind(at(2)),
  ]);
}

const list = (query = "", headers: Record<string, string> = bearer(adminToken)) =>
  api(`/api/admin/submissions${query}`, { headers });

const patch = (id: string | number, body: unknown, headers: Record<string, string> = bearer(adminToken)) =>
  api(`/api/admin/submissions/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function statusOf(id: number) {
  return env.DB.prepare("SELECT status, handled_at FROM business_submissions WHERE id = ?").bind(id).first<{
    status: string;
    handled_at: number | null;
  }>();
}

beforeEach(async () => {
  await clearTables("business_submissions");
  await seedSubmissions();
});

describe("GET /api/admin/submissions", () => {
  it("lists every submission newest first for the administrator", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    const { submissions } = await response.json<SubmissionListAnswer>();
    expect(submissions.map((row) => row.businessName)).toEqual(["Newest Tavern", "Handled Pub", "Oldest Bar"]);
    expect(submissions[0]).toEqual({
      id: 3,
      businessName: "Newest Tavern",
      address: "3 Avenue C",
      phoneNumber: "",
      submitterEmail: "fan@example.com",
      website: "",
      reason: "Great trivia",
      status: "new",
      created_at: "2026-05-01T18:02:00.000Z",
      handled_at: null,
    });
    expect(submissions[1].handled_at).toBe("2026-05-01T18:30:00.000Z");
  });

  it("filters by status and caps the count", async () => {
    const fresh = await (await list("?status=new")).json<SubmissionListAnswer>();
    expect(fresh.submissions.map((row) => row.id)).toEqual([3, 1]);
    const handled = await (await list("?status=handled")).json<SubmissionListAnswer>();
    expect(handled.submissions.map((row) => row.id)).toEqual([2]);
    const newestOnly = await (await list("?limit=1")).json<SubmissionListAnswer>();
    expect(newestOnly.submissions.map((row) => row.id)).toEqual([3]);
  });

  it.each(["?status=done", "?limit=0", "?limit=501", "?limit=ten"])("refuses the query %s with 400", async (query) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty("error");
  });

  it("refuses an owner with 403 and a caller without a token with 401", async () => {
    const asOwner = await list("", bearer(ownerToken));
    expect(asOwner.status).toBe(403);
    expect(await asOwner.json()).toEqual({ error: "Only an administrator can do this." });
    expect((await list("", {})).status).toBe(401);
  });
});

describe("PATCH /api/admin/submissions/{id}", () => {
  it("marks a submission handled with the time it happened", async () => {
    const before = Date.now();
    const response = await patch(3, { status: "handled" });
    expect(response.status).toBe(200);
    const answer = await response.json<SubmissionAnswer>();
    expect(answer).toMatchObject({ id: 3, status: "handled", businessName: "Newest Tavern" });
    const row = await statusOf(3);
    expect(row?.status).toBe("handled");
    expect(row?.handled_at).toBeGreaterThanOrEqual(before);
    expect(answer.handled_at).toBe(new Date(row!.handled_at!).toISOString());
  });

  it("keeps the first handled time when marked handled again, and reopening clears it", async () => {
    const again = await (await patch(2, { status: "handled" })).json<SubmissionAnswer>();
    expect(again.handled_at).toBe("2026-05-01T18:30:00.000Z");
    const reopened = await (await patch(2, { status: "new" })).json<SubmissionAnswer>();
    expect(reopened).toMatchObject({ status: "new", handled_at: null });
    expect(await statusOf(2)).toEqual({ status: "new", handled_at: null });
  });

  it("answers 404 for an unknown id and 400 for a malformed one, changing nothing", async () => {
    const unknown = await patch(999, { status: "handled" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No such submission." });
    for (const bad of ["0", "-1", "abc", "1.5", "99999999999"]) {
      expect((await patch(bad, { status: "handled" })).status).toBe(400);
    }
    expect(await statusOf(1)).toEqual({ status: "new", handled_at: null });
  });

  it("refuses a bad status with 400 and changes nothing", async () => {
    for (const body of [{ status: "done" }, {}, { status: true }]) {
      const response = await patch(1, body);
      expect(response.status).toBe(400);
      expect((await response.json<{ error: string }>()).error).toBe("status: Status must be new or handled.");
    }
    expect(await statusOf(1)).toEqual({ status: "new", handled_at: null });
  });

  it("refuses an owner with 403 and a caller without a token with 401, changing nothing", async () => {
    expect((await patch(1, { status: "handled" }, bearer(ownerToken))).status).toBe(403);
    expect((await patch(1, { status: "handled" }, {})).status).toBe(401);
    expect(await statusOf(1)).toEqual({ status: "new", handled_at: null });
  });
});
