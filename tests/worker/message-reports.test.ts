// The admin's reported messages (docs/friends.md#reports): who may read and close them (a table over
// the admin, a member of the conversation, the reporter, another account and nobody signed in), the
// context with its writers' names, and closing as resolved or dismissed.
import { describe, expect, it } from "vitest";
import type { MessageReports, PostedMessage } from "../../common/schemas/conversations";
import type { Plan } from "../../common/schemas/plans";
import { createPlace, useFixedClock } from "./occupancy-fixtures";
import { adminHeaders, befriend, person, send, type Person } from "./social-fixtures";

/** Tuesday 10 June 2031, 21:10 in New York. */
useFixedClock(Date.UTC(2031, 5, 11, 1, 10));

let clientIds = 0;
const write = async (who: Person, conversationId: number, text: string) =>
  (await (await send("POST", `/api/conversations/${conversationId}/messages`, who.headers, { text, client_id: `reports-${++clientIds}-${crypto.randomUUID().slice(0, 8)}` })).json<PostedMessage>()).message;

/** Maya's plan with Sam; Sam reports Maya's second message. Jo is another account. */
async function reported() {
  const [maya, sam, jo] = await Promise.all(["Maya", "Sam", "Jo"].map((name) => person(name)));
  await befriend(maya, sam);
  const plan = await (await send("POST", "/api/plans", maya.headers, { place_id: await createPlace(), starts_at: "2031-06-11T03:30:00Z", invitees: [sam.id] })).json<Plan>();
  await write(sam, plan.conversation_id, "hello");
  const rude = await write(maya, plan.conversation_id, "something rude");
  const report = await (await send("POST", `/api/conversations/${plan.conversation_id}/messages/${rude.id}/report`, sam.headers, { reason: "rude" })).json<{ id: number }>();
  return { maya, sam, jo, reportId: report.id };
}

type Caller = "admin" | "organiser" | "reporter" | "other" | "nobody";
const CALLERS: Caller[] = ["admin", "organiser", "reporter", "other", "nobody"];
const ADMIN_ONLY = (ok: number): Record<Caller, number> => ({ admin: ok, organiser: 403, reporter: 403, other: 403, nobody: 401 });

describe("who may read and close message reports", () => {
  const table: { route: string; call: (reportId: number) => [string, string]; expected: Record<Caller, number> }[] = [
    { route: "GET /api/admin/message-reports", call: () => ["GET", "/api/admin/message-reports"], expected: ADMIN_ONLY(200) },
    { route: "GET …?state=resolved", call: () => ["GET", "/api/admin/message-reports?state=resolved"], expected: ADMIN_ONLY(200) },
    { route: "POST …/{id}/resolve", call: (id) => ["POST", `/api/admin/message-reports/${id}/resolve`], expected: ADMIN_ONLY(200) },
    { route: "POST …/{id}/dismiss", call: (id) => ["POST", `/api/admin/message-reports/${id}/dismiss`], expected: ADMIN_ONLY(200) },
  ];
  for (const row of table) {
    it(`${row.route}: ${CALLERS.map((caller) => `${caller} ${row.expected[caller]}`).join(", ")}`, async () => {
      const { maya, sam, jo, reportId } = await reported();
      const headers: Record<Caller, Record<string, string>> = { admin: await adminHeaders(), organiser: maya.headers, reporter: sam.headers, other: jo.headers, nobody: {} };
      // The admin last: closing first would make the others' 404 instead of their refusal.
      for (const caller of [...CALLERS.filter((c) => c !== "admin"), "admin" as const]) {
        const [method, path] = row.call(reportId);
        const response = await send(method, path, headers[caller]);
        expect(response.status, caller).toBe(row.expected[caller]);
        if (caller !== "admin") expect(await response.text(), caller).not.toContain("something rude");
      }
    });
  }
});

describe("the admin's reported messages", () => {
  it("shows the context with its writers' names, and closes a report as dismissed or resolved, once", async () => {
    const admin = await adminHeaders();
    const { maya, sam, reportId } = await reported();
    const open = await (await send("GET", "/api/admin/message-reports", admin)).json<MessageReports>();
    const entry = open.reports.find((report) => report.id === reportId)!;
    expect(entry).toMatchObject({ reason: "rude", reporter: { id: sam.id, name: "Sam" }, resolved_at: null, resolution: null });
    expect(entry.context.map((message) => [message.sender_id, message.text])).toEqual([
      [sam.id, "hello"],
      [maya.id, "something rude"],
    ]);
    expect(entry.senders.map((sender) => sender.name).sort()).toEqual(["Maya", "Sam"]);

    expect((await send("POST", `/api/admin/message-reports/${reportId}/dismiss`, admin)).status).toBe(200);
    // Closed: neither way again.
    expect((await send("POST", `/api/admin/message-reports/${reportId}/resolve`, admin)).status).toBe(404);
    expect((await send("POST", `/api/admin/message-reports/${reportId}/dismiss`, admin)).status).toBe(404);
    const stillOpen = await (await send("GET", "/api/admin/message-reports", admin)).json<MessageReports>();
    expect(stillOpen.reports.map((report) => report.id)).not.toContain(reportId);
    const closed = await (await send("GET", "/api/admin/message-reports?state=resolved", admin)).json<MessageReports>();
    expect(closed.reports.find((report) => report.id === reportId)).toMatchObject({ resolution: "dismissed", resolved_at: expect.any(String) });

    const other = await reported();
    expect((await send("POST", `/api/admin/message-reports/${other.reportId}/resolve`, admin)).status).toBe(200);
    const both = await (await send("GET", "/api/admin/message-reports?state=resolved", admin)).json<MessageReports>();
    expect(both.reports.find((report) => report.id === other.reportId)?.resolution).toBe("resolved");
  });
});
