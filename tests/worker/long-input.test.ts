// Hole 1 of the security review: a 60 KB e-mail address must be refused as cheaply as a short
// one. Each route answers 400 and stores nothing. (How long it takes is shown in
// tests/client/validation-cost.test.ts and by `npm run bench`: workerd's clock stands still
// while code runs, so no timing can be read here.)
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { postJson } from "./helpers";

/** The review's address: quadratic for the old pattern, which tried every dot on either side. */
const pathologicalEmail = (length: number) => `a@${".".repeat(length - 3)}@`;
const LONG = pathologicalEmail(60_000);

async function rows(table: string) {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

describe("a 60 KB pathological e-mail address", () => {
  it.each([
    ["POST /api/auth/login", "/api/auth/login", { email: LONG, password: "x" }, "users"],
    ["POST /api/auth/signup", "/api/auth/signup", { name: "Mallory", email: LONG, password: "a long enough password" }, "users"],
    ["POST /api/submit-business", "/api/submit-business", { businessName: "Bar", address: "1 Ave A", submitterEmail: LONG }, "business_submissions"],
  ])("%s answers 400 naming the email field and stores nothing", async (_, path, body, table) => {
    const before = await rows(table);
    const response = await postJson(path, body);
    expect(response.status).toBe(400);
    const answer = await response.json<{ error: string; details: { field: string }[] }>();
    expect(answer.details.map((detail) => detail.field)).toEqual([path.endsWith("submit-business") ? "submitterEmail" : "email"]);
    expect(await rows(table)).toBe(before);
  });
});
