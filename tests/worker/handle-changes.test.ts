// Handle changes (issue 37 #4; docs/accounts.md#profile): a few tries a day per account, taken or
// free, counted before anyone's handle is looked at; and the answer for a taken handle is the same
// whoever holds it, an account that blocked you included.
import { describe, expect, it, vi } from "vitest";
import { HANDLE_CHANGES_PER_DAY, HANDLE_TAKEN_MESSAGE } from "../../common/schemas/profile";
import { bearer } from "./fixtures";
import { api, postJson, signUpOwner } from "./helpers";

const patchHandle = (token: string, handle: string) =>
  api("/api/me", { method: "PATCH", headers: { "content-type": "application/json", ...bearer(token) }, body: JSON.stringify({ handle }) });
const freeHandle = () => `h_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
const handleOf = async (token: string) => (await (await api("/api/me", { headers: bearer(token) })).json<{ handle: string }>()).handle;

describe("PATCH /api/me {handle}", () => {
  it(`allows ${HANDLE_CHANGES_PER_DAY} tries a day, taken or free, then a 429 whatever the handle, until a day has passed (fixed clock)`, async () => {
    const start = Date.UTC(2031, 5, 10, 20, 0);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      const me = await signUpOwner();
      const other = await signUpOwner();
      const taken = await handleOf(other.accessToken);
      const answers: number[] = [];
      for (let i = 0; i < HANDLE_CHANGES_PER_DAY; i++) answers.push((await patchHandle(me.accessToken, i % 2 ? taken : freeHandle())).status);
      expect(answers).toEqual([200, 409, 200, 409, 200]);
      const current = await handleOf(me.accessToken);

      for (const handle of [taken, freeHandle()]) {
        const refused = await patchHandle(me.accessToken, handle);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBe(24 * 60 * 60);
      }
      expect(await handleOf(me.accessToken)).toBe(current);
      // Sending the handle one already has is no change and no try; other fields still save.
      expect((await patchHandle(me.accessToken, current)).status).toBe(200);

      vi.setSystemTime(start + 24 * 60 * 60 * 1000 + 1);
      // A day later the access token has long expired: sign in again.
      const again = await postJson("/api/auth/login", { email: me.email, password: me.password });
      const token = (await again.json<{ access_token: string }>()).access_token;
      expect((await patchHandle(token, freeHandle())).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a handle held by an account that blocked you exactly as one held by anyone else", async () => {
    const me = await signUpOwner();
    const blocker = await signUpOwner();
    const stranger = await signUpOwner();
    const blocked = await api("/api/me/blocks", {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(blocker.accessToken) },
      body: JSON.stringify({ account_id: me.userId }),
    });
    expect(blocked.status).toBeLessThan(300);
    const byBlocker = await patchHandle(me.accessToken, await handleOf(blocker.accessToken));
    const byStranger = await patchHandle(me.accessToken, await handleOf(stranger.accessToken));
    expect([byBlocker.status, byStranger.status]).toEqual([409, 409]);
    expect(await byBlocker.json()).toEqual({ error: HANDLE_TAKEN_MESSAGE });
    expect(await byStranger.json()).toEqual({ error: HANDLE_TAKEN_MESSAGE });
  });
});
