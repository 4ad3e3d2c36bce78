import { describe, expect, it } from "vitest";
import { ADMIN_REMEMBER_KEY, ADMIN_TOKEN_KEY, adminSession, tokenExpiresAt } from "../../client/api/adminSession";
import { takeSessionParams } from "../../client/api/useRequireSession";
import { PASSKEY_CANCELLED_MESSAGE, passkeyFailureMessage } from "../../client/api/passkeys";
import { ApiError } from "../../client/api/endpoints";
import { UNEXPECTED_ERROR_MESSAGE } from "../../client/api/auth";
import { safeNext, validateAuthForm, validatePasskeySignUp } from "../../client/pages/auth/authForm";

/** An unsigned token with the given expiry (seconds): enough for the client, which never verifies. */
const tokenExpiringAt = (exp: number) =>
  `${btoa(JSON.stringify({ alg: "HS256" }))}.${btoa(JSON.stringify({ sub: "admin", exp })).replace(/=+$/, "")}.signature`;

describe("validateAuthForm()", () => {
  it("asks for every sign-up field with the server's sentences", () => {
    expect(validateAuthForm("signup", { name: " ", email: "", password: "" })).toEqual({
      name: "Enter your name.",
      email: "Enter your email address.",
      password: "Enter your password.",
    });
    expect(validateAuthForm("signup", { name: "Ana", email: "ana@", password: "short" })).toEqual({
      email: "Enter a valid email address, like name@example.com.",
      password: "Use at least 8 characters for your password.",
    });
    expect(validateAuthForm("signup", { name: "Ana", email: " Ana@Bar.com ", password: "x".repeat(129) })).toEqual({
      password: "Use at most 128 characters for your password.",
    });
  });

  it("ignores the name and the minimum length when signing in", () => {
    expect(validateAuthForm("signin", { name: "", email: "ana@bar.com", password: "short" })).toEqual({});
    expect(validateAuthForm("signin", { name: "", email: "ana@bar.com", password: "" })).toEqual({
      password: "Enter your password.",
    });
  });
});

describe("passkey sign-up and its failures", () => {
  it("asks for the name and email only, with the server's sentences", () => {
    expect(validatePasskeySignUp({ name: " ", email: "ana@", password: "" })).toEqual({
      name: "Enter your name.",
      email: "Enter a valid email address, like name@example.com.",
    });
    expect(validatePasskeySignUp({ name: "Ana", email: " Ana@Bar.com ", password: "" })).toEqual({});
  });

  it("says the prompt was closed, or gives the server's sentence", () => {
    expect(passkeyFailureMessage(new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"))).toBe(PASSKEY_CANCELLED_MESSAGE);
    expect(passkeyFailureMessage(new ApiError(410, { error: "This passkey request has expired." }))).toBe("This passkey request has expired.");
    expect(passkeyFailureMessage(new TypeError("Failed to fetch"))).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});

describe("safeNext()", () => {
  it("keeps paths on this site and falls back to the dashboard otherwise", () => {
    expect(safeNext("/invite/abc.def")).toBe("/invite/abc.def");
    expect(safeNext("/dashboard?place_id=3")).toBe("/dashboard?place_id=3");
    for (const unsafe of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/auth?next=/x"]) {
      expect(safeNext(unsafe)).toBe("/dashboard");
    }
  });
});

describe("takeSessionParams()", () => {
  it("takes token, code and user_id off the query and keeps the rest", () => {
    expect(takeSessionParams("?token=abc&user_id=7&place_id=3")).toEqual({ token: "abc", code: null, userId: "7", rest: "?place_id=3", found: true });
    expect(takeSessionParams("?code=xyz&tab=events")).toEqual({ token: null, code: "xyz", userId: null, rest: "?tab=events", found: true });
    expect(takeSessionParams("")).toEqual({ token: null, code: null, userId: null, rest: "", found: false });
  });
});

describe("adminSession", () => {
  const now = Date.UTC(2026, 2, 1, 12);
  const valid = tokenExpiringAt(now / 1000 + 3600);

  it("reads a token's expiry, or null when it is not a JWT", () => {
    expect(tokenExpiresAt(valid)).toBe(now + 3_600_000);
    expect(tokenExpiresAt("garbage")).toBeNull();
  });

  it("keeps a remembered token in local storage with the authenticated flag", () => {
    adminSession.store(valid, true);
    expect(localStorage.getItem(ADMIN_REMEMBER_KEY)).toBe("true");
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe(valid);
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(adminSession.token(now)).toBe(valid);
  });

  it("keeps an unremembered token for this tab only", () => {
    adminSession.store(valid, false);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_REMEMBER_KEY)).toBeNull();
    expect(adminSession.token(now)).toBe(valid);
  });

  it("forgets an expired token, and everything on clear()", () => {
    adminSession.store(valid, true);
    expect(adminSession.token(now + 3_600_000)).toBeNull();
    expect(localStorage.getItem(ADMIN_REMEMBER_KEY)).toBeNull();
    adminSession.store(valid, false);
    adminSession.clear();
    expect(adminSession.token(now)).toBeNull();
  });

  it("ignores a stored token without the authenticated flag", () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, valid);
    expect(adminSession.token(now)).toBeNull();
  });
});
