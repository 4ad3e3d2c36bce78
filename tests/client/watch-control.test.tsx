// "Tell me when" on the profile (client/pages/live/WatchControl.tsx, docs/watches.md#on-the-profile):
// signed out a link to sign in and back; signed in, toggles that add and stop this place's watches
// and show which are on.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { RouterLinks } from "../../client/lib/routerLinks";
import { describe, expect, it, vi } from "vitest";
import type { WatchAnswer } from "../../common/schemas/watches";
import { WatchControl } from "../../client/pages/live/WatchControl";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const at = () =>
  render(
    <MemoryRouter initialEntries={["/profile/the-crown"]}>
      <RouterLinks><WatchControl placeId={7} placeName="The Crown" /></RouterLinks>
    </MemoryRouter>,
  );
const watchOf = (id: number, placeId: number, when: WatchAnswer["when"]): WatchAnswer => ({
  id,
  place_id: placeId,
  place_name: "The Crown",
  place_url: "/profile/the-crown",
  when,
  minutes: null,
  window: null,
  created_at: "2031-05-16T23:00:00.000Z",
});

describe("WatchControl", () => {
  it("signed out, links to everyone's sign-in (not the owners') and back, and asks nothing", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    at();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in to be told when The Crown is quiet" }).getAttribute("href")).toBe(`/signin?next=${encodeURIComponent("/profile/the-crown")}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("signed in, shows this place's watches as pressed, adds one and stops one", async () => {
    localStorage.setItem("access_token", "token");
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      if (method === "GET") return json({ watches: [watchOf(1, 7, "lively"), watchOf(2, 8, "quiet")] });
      if (method === "POST") return json(watchOf(3, 7, "quiet"), 201);
      return json({ ok: true });
    });
    vi.stubGlobal("fetch", fetchMock);
    at();
    const quiet = screen.getByRole("button", { name: "Tell me when it's quiet" });
    const lively = screen.getByRole("button", { name: "Tell me when it gets lively" });
    await waitFor(() => expect(lively.getAttribute("aria-pressed")).toBe("true"));
    // Another place's quiet watch does not count here.
    expect(quiet.getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(quiet);
    await waitFor(() => expect(quiet.getAttribute("aria-pressed")).toBe("true"));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(String(post[0])).toMatch(/\/api\/me\/watches$/);
    expect(JSON.parse(String(post[1]!.body))).toEqual({ place_id: 7, when: "quiet" });

    // Specials starting (docs/watches.md): the fourth toggle.
    const specials = screen.getByRole("button", { name: "Tell me when a special starts" });
    expect(specials.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(specials);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(2));
    expect(JSON.parse(String(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")[1][1]!.body))).toEqual({ place_id: 7, when: "special_starts" });

    fireEvent.click(lively);
    await waitFor(() => expect(lively.getAttribute("aria-pressed")).toBe("false"));
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === "DELETE" && String(url).endsWith("/api/me/watches/1"))).toBe(true);
  });

  it("says why when the server refuses (the 50-watch cap)", async () => {
    localStorage.setItem("access_token", "token");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === "POST" ? json({ error: "You can keep at most 50 watches. Stop one to add this one." }, 409) : json({ watches: [] }),
      ),
    );
    at();
    const quiet = screen.getByRole("button", { name: "Tell me when it's quiet" });
    await waitFor(() => expect((quiet as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(quiet);
    expect((await screen.findByRole("alert")).textContent).toBe("You can keep at most 50 watches. Stop one to add this one.");
    expect(quiet.getAttribute("aria-pressed")).toBe("false");
  });
});
