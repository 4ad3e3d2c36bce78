import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { session } from "../../client/api/session";
import AcceptInvite from "../../client/pages/auth/AcceptInvite";
import AccountSignIn from "../../client/pages/auth/AccountSignIn";
import AccountSignUp from "../../client/pages/auth/AccountSignUp";
import SignIn from "../../client/pages/auth/SignIn";
import Dashboard from "../../client/pages/dashboard/Dashboard";
import PartnerLogin from "../../client/pages/marketing/PartnerLogin";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Shows where the router is, so tests can assert redirects. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/auth", Component: SignIn },
      { path: "/signin", Component: AccountSignIn },
      { path: "/signup", Component: AccountSignUp },
      { path: "/dashboard", Component: () => (<><Dashboard /><Where /></>) },
      { path: "/invite/:token", Component: AcceptInvite },
      { path: "/businesses", Component: PartnerLogin },
      { path: "*", Component: Where },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const me = { id: 7, email: "sam@example.com", name: "Sam Rivera", role: "owner", places: [] };

function stubApi(routes: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    const answer = routes[path];
    return answer ? answer() : json({ error: `unexpected ${path}` }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("/auth", () => {
  it("shows the field messages and sends nothing when the form is incomplete", async () => {
    const fetchMock = stubApi({});
    renderAt("/auth");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your email address.")).toBeInTheDocument();
    expect(screen.getByText("Enter your password.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's sentence when sign-in is refused", async () => {
    stubApi({ "/api/auth/login": () => json({ error: "That email and password do not match an account." }, 401) });
    renderAt("/auth");
    fill("Email", "sam@example.com");
    fill("Password", "wrong password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That email and password do not match an account.");
    expect(session.accessToken()).toBeNull();
  });

  it("signs in, stores the token and user id, and goes on to `next`", async () => {
    const fetchMock = stubApi({ "/api/auth/login": () => json({ access_token: "tok", user_id: 7 }) });
    const router = renderAt("/auth?next=%2Finvite%2Fabc");
    fill("Email", " Sam@Example.com ");
    fill("Password", "a long enough password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/invite/abc"));
    expect(session.accessToken()).toBe("tok");
    expect(session.userId()).toBe("7");
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe("include");
  });

  it("creates an account and opens the dashboard by default", async () => {
    const fetchMock = stubApi({
      "/api/auth/signup": () => json({ access_token: "tok", user_id: 7 }, 201),
      "/api/me": () => json(me),
    });
    renderAt("/auth");
    fireEvent.click(screen.getByRole("button", { name: "Create an account" }));
    fill("Your name", "Sam Rivera");
    fill("Email", "sam@example.com");
    fill("Password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Use at least 8 characters for your password.")).toBeInTheDocument();
    fill("Password", "a long enough password");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Sam Rivera")).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent("/dashboard");
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Sam Rivera",
      email: "sam@example.com",
      password: "a long enough password",
      // The browser's zone, which the account's quiet hours follow.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});

describe("/signin and /signup (everyone)", () => {
  it("sends a new account without places to /app", async () => {
    stubApi({
      "/api/auth/signup": () => json({ access_token: "tok", user_id: 7 }, 201),
      "/api/me": () => json(me),
    });
    renderAt("/signup");
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    fill("Your name", "Sam Rivera");
    fill("Email", "sam@example.com");
    fill("Password", "a long enough password");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/app$/));
  });

  it("sends an account that owns places to the dashboard", async () => {
    stubApi({
      "/api/auth/login": () => json({ access_token: "tok", user_id: 7 }),
      "/api/me": () => json({ ...me, places: [{ id: 3, name: "Zinc Bar" }] }),
      "/api/get-places-owned": () => json([]),
    });
    const router = renderAt("/signin");
    fill("Email", "sam@example.com");
    fill("Password", "a long enough password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });
});

describe("/dashboard sign-in rules", () => {
  it("sends a visitor without a token to /auth, remembering where they were going", async () => {
    stubApi({});
    const router = renderAt("/dashboard?place_id=3");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toBe("?next=%2Fdashboard%3Fplace_id%3D3");
  });

  it("takes a bare token out of the address and stores it once the visitor confirms whose it is", async () => {
    stubApi({ "/api/me": () => json(me) });
    const router = renderAt("/dashboard?token=from-link&user_id=7&place_id=3");
    await waitFor(() => expect(router.state.location.search).toBe("?place_id=3"));
    expect(session.accessToken()).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Continue as Sam Rivera" }));
    await waitFor(() => expect(session.accessToken()).toBe("from-link"));
    expect(session.userId()).toBe("7");
    expect(await screen.findByText("Sam Rivera")).toBeInTheDocument();
  });

  it("signs out: revokes on the server, forgets the session and shows the sign-in page", async () => {
    session.store("tok", 7);
    const fetchMock = stubApi({ "/api/me": () => json(me), "/api/auth/logout": () => json({ ok: true }) });
    renderAt("/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("You have signed out.")).toBeInTheDocument();
    expect(session.accessToken()).toBeNull();
    expect(session.userId()).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain("/api/auth/logout");
  });
});

describe("/invite/{token}", () => {
  it("sends a visitor to sign in first and back to the invite", async () => {
    stubApi({});
    const router = renderAt("/invite/abc.def.ghi");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toBe("?next=%2Finvite%2Fabc.def.ghi");
  });

  it("accepts the invite and opens the dashboard on that place", async () => {
    session.store("tok", 7);
    const fetchMock = stubApi({
      "/api/invites/accept": () => json({ place_id: 12, place_name: "The Copper Lantern" }),
      "/api/me": () => json(me),
    });
    const router = renderAt("/invite/abc.def.ghi");
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe("/dashboard?place_id=12"));
    const acceptCall = fetchMock.mock.calls.find(([url]) => url === "/api/invites/accept") as unknown as [string, RequestInit];
    expect(JSON.parse(String(acceptCall[1].body))).toEqual({ token: "abc.def.ghi" });
  });

  it("shows why an invite cannot be used", async () => {
    session.store("tok", 7);
    stubApi({ "/api/invites/accept": () => json({ error: "This invite link has already been used. Ask the owner for a new one." }, 410) });
    renderAt("/invite/abc.def.ghi");
    expect(await screen.findByRole("alert")).toHaveTextContent("already been used");
    expect(screen.getByRole("link", { name: "Go to your dashboard" })).toBeInTheDocument();
  });
});

describe("/businesses (Partner Log-In)", () => {
  it("offers sign-in and sign-up signed out, the dashboard signed in", async () => {
    renderAt("/businesses");
    expect(await screen.findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth?next=%2Fdashboard");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/auth?mode=signup&next=%2Fdashboard");
    cleanup();
    session.store("tok", 7);
    renderAt("/businesses");
    expect(await screen.findByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("link", { name: "Sign in with another account" })).toBeInTheDocument();
  });
});
