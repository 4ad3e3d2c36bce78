import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { api, clearTables, postJson } from "./helpers";

const valid = {
  businessName: "The Night Owl",
  address: "12 Avenue B, New York, NY",
  phoneNumber: "(212) 555-0199",
  submitterEmail: "owner@nightowl.example.com",
  website: "https://nightowl.example.com",
  reason: "Great jukebox and a busy Friday crowd.",
};

async function submissionCount() {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM business_submissions").first<{ n: number }>();
  return row?.n ?? 0;
}

describe("POST /api/submit-business", () => {
  beforeEach(() => clearTables("business_submissions"));

  it("stores a valid submission, comments arriving as reason", async () => {
    const response = await postJson("/api/submit-business", valid);
    expect(response.status).toBe(201);
    const body = await response.json<{ ok: boolean; id: number }>();
    expect(body.ok).toBe(true);
    const row = await env.DB.prepare("SELECT * FROM business_submissions WHERE id = ?").bind(body.id).first();
    expect(row).toMatchObject({
      business_name: "The Night Owl",
      address: "12 Avenue B, New York, NY",
      phone_number: "(212) 555-0199",
      submitter_email: "owner@nightowl.example.com",
      website: "https://nightowl.example.com",
      reason: "Great jukebox and a busy Friday crowd.",
      status: "new",
    });
  });

  it("accepts a submission with only the required fields and trims them", async () => {
    const response = await postJson("/api/submit-business", { businessName: "  Solo  ", address: " 1 St Marks Pl " });
    expect(response.status).toBe(201);
    const row = await env.DB.prepare("SELECT business_name, address, phone_number FROM business_submissions").first();
    expect(row).toEqual({ business_name: "Solo", address: "1 St Marks Pl", phone_number: "" });
  });

  it.each([
    ["businessName", { ...valid, businessName: "   " }, "This field is required."],
    ["businessName", { ...valid, businessName: undefined }, "This field is required."],
    ["address", { ...valid, address: "" }, "This field is required."],
    ["phoneNumber", { ...valid, phoneNumber: "555-01" }, "Invalid phone number format."],
    ["phoneNumber", { ...valid, phoneNumber: "call me maybe" }, "Invalid phone number format."],
    ["submitterEmail", { ...valid, submitterEmail: "not-an-email" }, "Invalid email address."],
    ["businessName", { ...valid, businessName: "x".repeat(201) }, "Must be at most 200 characters."],
    ["reason", { ...valid, reason: "x".repeat(2001) }, "Must be at most 2000 characters."],
    ["businessName", { ...valid, businessName: 42 }, "This field is required."],
  ])("refuses a bad %s with the field's message and stores nothing", async (field, body, message) => {
    const response = await postJson("/api/submit-business", body);
    expect(response.status).toBe(400);
    const answer = await response.json<{ error: string; details: { field: string; message: string }[] }>();
    expect(answer.error).toBe(`${field}: ${message}`);
    expect(answer.details[0]).toEqual({ field, message });
    expect(await submissionCount()).toBe(0);
  });

  // Each would become mailto: parameters (a hidden bcc, a subject) or break the link in the admin inbox.
  it.each([
    "o@bar.example?bcc=me%40evil.example",
    "o@bar.example&cc=me@evil.example",
    "o%40bar@evil.example",
    "o#x@bar.example",
    '"o b"@bar.example',
    "o@bar.example/x",
  ])("refuses %s as a submitter email: plain addresses only", async (submitterEmail) => {
    const response = await postJson("/api/submit-business", { ...valid, submitterEmail });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "submitterEmail: Invalid email address." });
    expect(await submissionCount()).toBe(0);
  });

  it.each(["o@bar.example", "first.last+bars@sub.bar-example.com", "o'neil@bar.example", "O_1-x@Bar.Example"])(
    "accepts the plain address %s",
    async (submitterEmail) => {
      expect((await postJson("/api/submit-business", { ...valid, submitterEmail })).status).toBe(201);
    },
  );

  it.each(["212-555-0199", "+1 212 555 0199", "212.555.0199", "(212)555-0199", "2125550199"])(
    "accepts the US phone format %s",
    async (phoneNumber) => {
      const response = await postJson("/api/submit-business", { ...valid, phoneNumber });
      expect(response.status).toBe(201);
    },
  );

  it("answers malformed JSON with 400 and stores nothing", async () => {
    const response = await postJson("/api/submit-business", '{"businessName": "x",');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Request body must be valid JSON." });
    expect(await submissionCount()).toBe(0);
  });

  it("refuses a body over 64 KB with 413", async () => {
    const response = await postJson("/api/submit-business", { ...valid, reason: "x".repeat(70_000) });
    expect(response.status).toBe(413);
    expect((await response.json<{ error: string }>()).error).toMatch(/larger than 64 KB/);
    expect(await submissionCount()).toBe(0);
  });

  it("refuses a streamed body without a length once it passes 64 KB, without buffering it whole", async () => {
    const chunk = new TextEncoder().encode(`{"reason":"${"x".repeat(16 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the limit unless the worker stops reading.
        if (sent++ < 1000) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await api("/api/submit-business", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(1000);
    expect(await submissionCount()).toBe(0);
  });

  it("refuses a form-encoded body with 415", async () => {
    const response = await postJson("/api/submit-business", "businessName=x", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(415);
    expect(await submissionCount()).toBe(0);
  });

  it("answers a JSON array or null with a 400, not a crash", async () => {
    for (const body of ["[]", "null", '"text"']) {
      const response = await postJson("/api/submit-business", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty("error");
    }
  });
});
