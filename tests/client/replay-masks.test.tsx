// Where people are never reaches a session replay (docs/monitoring.md#private-by-construction,
// issue 37 #5): outside the masked pages, the profile's Friends card and the "You're checked in"
// reminder carry the SDK's mask on their own root, whatever they show.
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CheckedInReminder } from "../../client/app/friends/CheckedInReminder";
import { CheckInControl } from "../../client/app/friends/CheckInControl";

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
const checkIn = {
  place: { id: 3, slug: "the-copper-lantern", name: "The Copper Lantern" },
  audience: "friends",
  friends: [],
  since: "2031-06-11T00:00:00.000Z",
  until: "2031-06-11T03:00:00.000Z",
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("replay masks on what tells where people are", () => {
  it("the Friends card (friends here, the check-in form) and the checked-in reminder are masked", async () => {
    localStorage.setItem("access_token", "token");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes("/friends-here")) return json({ count: 1, friends: [{ id: 2, handle: "sam", name: "Sam", since: checkIn.since, until: checkIn.until }] });
        if (url.includes("/api/me/check-in")) return json({ check_in: checkIn, ghost: false });
        return json({ friends: [] });
      }),
    );
    render(
      <MemoryRouter>
        <CheckInControl placeId={3} placeName="The Copper Lantern" placeSlug="the-copper-lantern" />
        <CheckedInReminder />
      </MemoryRouter>,
    );
    expect((await screen.findByText(/Sam/)).closest("[data-dd-privacy]")?.getAttribute("data-dd-privacy")).toBe("mask");
    expect((await screen.findByRole("heading", { name: /You're checked in at/ })).closest("[data-dd-privacy]")?.getAttribute("data-dd-privacy")).toBe("mask");
  });
});
