import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_REMEMBER_KEY, ADMIN_TOKEN_KEY, adminRequest, ADMIN_SESSION_ENDED_MESSAGE } from "../../client/api/adminSession";
import { AdminGate } from "../../client/pages/admin/AdminGate";

const adminToken = () =>
  `${btoa(JSON.stringify({ alg: "HS256" }))}.${btoa(JSON.stringify({ sub: "admin", role: "admin", exp: Date.now() / 1000 + 3600 })).replace(/=+$/, "")}.sig`;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderGate() {
  return render(
    <AdminGate>
      <h1>Admin sections</h1>
    </AdminGate>,
  );
}

async function unlock(password: string, remember = false) {
  fireEvent.change(screen.getByLabelText("Admin password"), { target: { value: password } });
  if (remember) fireEvent.click(screen.getByLabelText("Remember this browser"));
  fireEvent.click(screen.getByRole("button", { name: "Unlock" }));
}

describe("AdminGate", () => {
  it("stays locked with the spec's message for a wrong password, checked by the server", async () => {
    const fetchMock = vi.fn(async () => json({ error: "Incorrect password. Please try again." }, 401));
    vi.stubGlobal("fetch", fetchMock);
    renderGate();
    await unlock("guess");
    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect password. Please try again.");
    expect(screen.queryByText("Admin sections")).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/admin/login");
    expect(JSON.parse(String(init.body))).toEqual({ password: "guess" });
  });

  it("unlocks for this tab only unless the browser is remembered", async () => {
    const token = adminToken();
    vi.stubGlobal("fetch", vi.fn(async () => json({ access_token: token })));
    renderGate();
    await unlock("right");
    expect(await screen.findByText("Admin sections")).toBeInTheDocument();
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBe(token);
    expect(localStorage.getItem(ADMIN_REMEMBER_KEY)).toBeNull();
  });

  it("remembers the browser: later visits skip the gate until Sign out", async () => {
    const token = adminToken();
    vi.stubGlobal("fetch", vi.fn(async (url: string) => json(url === "/api/admin/logout" ? { ok: true } : { access_token: token })));
    const first = renderGate();
    await unlock("right", true);
    expect(await screen.findByText("Admin sections")).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_REMEMBER_KEY)).toBe("true");
    first.unmount();
    sessionStorage.clear(); // a new tab

    renderGate();
    expect(screen.getByText("Admin sections")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(screen.getByLabelText("Admin password")).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_REMEMBER_KEY)).toBeNull();
  });

  it("signs out on the server too: Sign out sends the token to POST /api/admin/logout", async () => {
    const token = adminToken();
    sessionStorage.setItem(ADMIN_TOKEN_KEY, token);
    const fetchMock = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    renderGate();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(screen.getByLabelText("Admin password")).toBeInTheDocument();
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/admin/logout");
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
  });

  it("locks again when an admin call is refused", async () => {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, adminToken());
    const fetchMock = vi.fn(async () => json({ error: "Sign in to continue." }, 401));
    vi.stubGlobal("fetch", fetchMock);
    renderGate();
    expect(screen.getByText("Admin sections")).toBeInTheDocument();
    await act(() => expect(adminRequest("GET", "/api/businesses")).rejects.toThrow(ADMIN_SESSION_ENDED_MESSAGE));
    expect(screen.getByLabelText("Admin password")).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer ey/);
  });
});
