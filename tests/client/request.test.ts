import { describe, expect, it, vi } from "vitest";
import {
  API_BASE_PLACEHOLDER,
  apiBaseUrl,
  navigation,
  request,
  TOKEN_EXPIRED_MESSAGE,
} from "../../client/api/request";
import { session } from "../../client/api/session";
import { signInPathFor } from "../../client/api/signInPaths";

const ok = (body: unknown = {}) => new Response(JSON.stringify(body), { status: 200 });
const unauthorized = () => new Response(JSON.stringify({ error: "expired" }), { status: 401 });

describe("apiBaseUrl()", () => {
  it("uses the same origin when the global is missing or still the placeholder", () => {
    delete window.__API_BASE_URL__;
    expect(apiBaseUrl()).toBe("");
    window.__API_BASE_URL__ = API_BASE_PLACEHOLDER;
    expect(apiBaseUrl()).toBe("");
  });

  it("uses an injected base address without its trailing slash", () => {
    window.__API_BASE_URL__ = "https://api.example.com/";
    expect(apiBaseUrl()).toBe("https://api.example.com");
    delete window.__API_BASE_URL__;
  });
});

describe("request()", () => {
  it("sends JSON with a content type and the stored bearer token", async () => {
    session.store("token-1", 7);
    const fetchMock = vi.fn(async () => ok());
    vi.stubGlobal("fetch", fetchMock);
    await request("POST", "/api/tags", { name: "Jazz" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/tags");
    expect(init.headers).toMatchObject({ Authorization: "Bearer token-1", "Content-Type": "application/json" });
    expect(init.body).toBe('{"name":"Jazz"}');
  });

  it("sends form data as it is, with no JSON content type and an empty bearer when signed out", async () => {
    const fetchMock = vi.fn(async () => ok());
    vi.stubGlobal("fetch", fetchMock);
    const form = new FormData();
    form.set("name", "Jazz");
    await request("POST", "/api/tags", form);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ Authorization: "Bearer " });
  });

  it("refreshes once on 401, stores the new token and repeats the request", async () => {
    session.store("old", 7);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(ok({ access_token: "new" }))
      .mockResolvedValueOnce(ok({ done: true }));
    vi.stubGlobal("fetch", fetchMock);
    const response = await request("GET", "/api/get-places-owned");
    expect(await response.json()).toEqual({ done: true });
    expect(fetchMock.mock.calls[1][0]).toBe("/api/refresh");
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ user_id: 7 });
    expect(fetchMock.mock.calls[2][1].headers.Authorization).toBe("Bearer new");
    expect(session.accessToken()).toBe("new");
  });

  it("removes the token, goes to the area's sign-in and raises the spec's message when refresh fails", async () => {
    session.store("old", 7);
    const toSignIn = vi.spyOn(navigation, "toSignIn").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized()));
    await expect(request("GET", "/api/get-places-owned")).rejects.toThrow(TOKEN_EXPIRED_MESSAGE);
    expect(session.accessToken()).toBeNull();
    expect(toSignIn).toHaveBeenCalledOnce();
  });

  it("does not retry more than once when the repeated request is refused again", async () => {
    session.store("old", 7);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(ok({ access_token: "new" }))
      .mockResolvedValueOnce(unauthorized());
    vi.stubGlobal("fetch", fetchMock);
    const response = await request("GET", "/api/get-places-owned");
    expect(response.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("shares one refresh between calls refused at the same time", async () => {
    session.store("old", 7);
    let refreshes = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === "/api/refresh") {
          refreshes += 1;
          return ok({ access_token: "new" });
        }
        const authorization = (init.headers as Record<string, string>).Authorization;
        return authorization === "Bearer new" ? ok({ url }) : unauthorized();
      }),
    );
    const answers = await Promise.all([request("GET", "/api/a"), request("GET", "/api/b"), request("GET", "/api/c")]);
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(refreshes).toBe(1);
  });

  it("repeats without refreshing when another call renewed the token meanwhile", async () => {
    session.store("old", 7);
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const authorization = (init.headers as Record<string, string>).Authorization;
      if (authorization === "Bearer old") {
        session.store("renewed-elsewhere");
        return unauthorized();
      }
      return ok();
    });
    vi.stubGlobal("fetch", fetchMock);
    expect((await request("GET", "/api/a")).status).toBe(200);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/a", "/api/a"]);
  });
});


describe("the door a signed-out visitor is sent to", () => {
  it("sends the consumer app to everyone's /signin and owners' pages to /auth, coming back to the link", () => {
    expect(signInPathFor("/app")).toBe("/signin?next=%2Fapp");
    expect(signInPathFor("/app/plans/12?from=share")).toBe("/signin?next=%2Fapp%2Fplans%2F12%3Ffrom%3Dshare");
    expect(signInPathFor("/app/friends/invite/abc")).toBe("/signin?next=%2Fapp%2Ffriends%2Finvite%2Fabc");
    expect(signInPathFor("/dashboard")).toBe("/auth?next=%2Fdashboard");
    expect(signInPathFor("/place_dashboard?place_id=3")).toBe("/auth?next=%2Fplace_dashboard%3Fplace_id%3D3");
    expect(signInPathFor("/invite/tok")).toBe("/auth?next=%2Finvite%2Ftok");
  });

  it("sends nobody anywhere from a public page", () => {
    for (const path of ["/", "/profile/the-copper-lantern", "/live-look", "/faq", "/application", "/apps"]) expect(signInPathFor(path)).toBeNull();
  });

  it("leaves a public page where it is, signed out, when the session cannot be refreshed", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, pathname: "/profile/the-copper-lantern", search: "", assign });
    session.store("old", 7);
    const told = vi.fn();
    const unsubscribe = session.subscribe(told);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized()));
    await expect(request("GET", "/api/me/saved-places")).rejects.toThrow(TOKEN_EXPIRED_MESSAGE);
    unsubscribe();
    vi.unstubAllGlobals();
    expect(assign).not.toHaveBeenCalled();
    expect(session.accessToken()).toBeNull();
    expect(told).toHaveBeenCalled();
  });

  it("sends the app to /signin when the session cannot be refreshed", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, pathname: "/app/plans/4", search: "", assign });
    session.store("old", 7);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized()));
    await expect(request("GET", "/api/plans/4")).rejects.toThrow(TOKEN_EXPIRED_MESSAGE);
    vi.unstubAllGlobals();
    expect(assign).toHaveBeenCalledWith("/signin?next=%2Fapp%2Fplans%2F4");
  });
});
