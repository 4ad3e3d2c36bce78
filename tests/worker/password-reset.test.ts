// Password reset (docs/accounts.md#password-reset): the same answer for any address, a mailed
// one-time link (30 minutes, stored only as a hash) that sets the password and ends every sign-in.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { RESET_LINK_GONE_MESSAGE } from "../../common/schemas/auth";
import { postJson, signUpOwner } from "./helpers";
import { sentMail, type SentMail } from "./mail-outbox";

const mails = sentMail();

const requestReset = (email: string) => postJson("/api/auth/password-reset", { email });
const confirm = (token: string, password: string) => postJson("/api/auth/password-reset/confirm", { token, password });
const signIn = (email: string, password: string) => postJson("/api/auth/login", { email, password });

/** The one mail to `to`, once it is sent (after the answer), and the token of its link. */
async function resetMailTo(to: string): Promise<{ mail: SentMail; token: string }> {
  await vi.waitFor(() => expect(mails.filter((mail) => mail.to === to)).toHaveLength(1));
  const mail = mails.find((entry) => entry.to === to)!;
  const token = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.eml)?.[1];
  expect(token).toBeDefined();
  return { mail, token: token! };
}

describe("asking for a reset", () => {
  it("answers the same for an address with an account and one without, and mails only the account", async () => {
    const owner = await signUpOwner();
    const known = await requestReset(owner.email);
    const unknown = await requestReset(`nobody-${crypto.randomUUID()}@example.com`);
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(await known.text()).toBe(await unknown.text());
    const { mail, token } = await resetMailTo(owner.email);
    expect(mail.subject).toBe("Reset your Third Place password");
    expect(mail.eml).toContain(`https://third-place.test/reset-password?token=${token}`);
    expect(mails).toHaveLength(1);
    // Only the token's hash is stored.
    const stored = await env.DB.prepare("SELECT token_hash FROM password_resets WHERE user_id = ?").bind(owner.userId).all<{ token_hash: string }>();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0].token_hash).not.toContain(token);
    expect(stored.results[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps at most 3 live links per account: more requests answer the same and mail nothing", async () => {
    const owner = await signUpOwner();
    for (let i = 0; i < 5; i++) expect((await requestReset(owner.email)).status).toBe(202);
    await vi.waitFor(() => expect(mails).toHaveLength(3));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM password_resets WHERE user_id = ?").bind(owner.userId).first("n")).toBe(3);
  });
});

describe("using a reset link", () => {
  it("sets the password once, ends every sign-in, and a second use is a 410", async () => {
    const owner = await signUpOwner();
    await requestReset(owner.email);
    const { token } = await resetMailTo(owner.email);
    const used = await confirm(token, "my new password 2031");
    expect(used.status).toBe(200);
    // Every sign-in of the account ended: the old cookie refreshes no more.
    expect((await postJson("/api/refresh", { user_id: owner.userId }, { cookie: owner.cookie })).status).toBe(401);
    expect((await signIn(owner.email, owner.password)).status).toBe(401);
    expect((await signIn(owner.email, "my new password 2031")).status).toBe(200);

    const again = await confirm(token, "a thief's password");
    expect(again.status).toBe(410);
    expect((await again.json<{ error: string }>()).error).toBe(RESET_LINK_GONE_MESSAGE);
    expect((await signIn(owner.email, "my new password 2031")).status).toBe(200);
  });

  it("expires after 30 minutes (fixed clock)", async () => {
    const start = Date.UTC(2031, 5, 10, 20, 0);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      const inTime = await signUpOwner();
      const tooLate = await signUpOwner();
      await requestReset(inTime.email);
      await requestReset(tooLate.email);
      const early = (await resetMailTo(inTime.email)).token;
      const late = (await resetMailTo(tooLate.email)).token;
      vi.setSystemTime(start + 30 * 60_000 - 1);
      expect((await confirm(early, "still in time 2031")).status).toBe(200);
      vi.setSystemTime(start + 30 * 60_000);
      expect((await confirm(late, "too late for this")).status).toBe(410);
      expect((await signIn(tooLate.email, tooLate.password)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a token that is not one of ours, and a short password, changing nothing", async () => {
    expect((await confirm("x".repeat(43), "long enough password")).status).toBe(410);
    expect((await confirm("not-a-token", "long enough password")).status).toBe(400);
    const owner = await signUpOwner();
    await requestReset(owner.email);
    const { token } = await resetMailTo(owner.email);
    expect((await confirm(token, "short")).status).toBe(400);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
    expect((await confirm(token, "now long enough")).status).toBe(200);
  });
});
