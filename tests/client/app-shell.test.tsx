// The consumer app's shell (docs/app.md#the-app-shell): which tab a path is in, and the tab bar's
// links, current tab and Inbox badge from the inbox's answer; Near me's origin, coming hours, chips and lines.
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FriendsOut } from "../../common/schemas/friends";
import type { Suggestion } from "../../common/schemas/saved";
import { CITY_CENTRE } from "../../client/live/venueMap";
import { comingHours, friendsThereText, nearbyLines, nearbyPlaces, originOf } from "../../client/pages/app/nearMe";
import { unreadBadge } from "../../client/pages/app/shell/messages";
import { TabBar } from "../../client/pages/app/shell/TabBar";
import { activeTab } from "../../client/pages/app/shell/tabs";
import { stubApi } from "./dashboard-fixtures";

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("activeTab", () => {
  it("puts each page of the app in its tab, and pages outside the tabs in none", () => {
    expect(activeTab("/app")).toBe("near");
    expect(activeTab("/app/")).toBe("near");
    expect(activeTab("/App//saved")).toBe("saved");
    expect(activeTab("/app/friends/invite/abc")).toBe("friends");
    expect(activeTab("/app/messages/12")).toBe("friends");
    expect(activeTab("/app/plans/new")).toBe("plans");
    expect(activeTab("/app/plans/7")).toBe("plans");
    expect(activeTab("/app/inbox")).toBe("inbox");
    expect(activeTab("/app/settings")).toBeNull();
    expect(activeTab("/apple")).toBeNull();
    expect(activeTab("/live-look")).toBeNull();
  });

  it("caps the badge at 99+", () => {
    expect(unreadBadge(3)).toBe("3");
    expect(unreadBadge(100)).toBe("99+");
  });
});

describe("the tab bar", () => {
  it("links the five tabs, marks the current one, and shows the inbox's unread count", async () => {
    localStorage.setItem("access_token", "token");
    localStorage.setItem("user_id", "4");
    stubApi({ "GET /api/me/notifications": { notifications: [], unread: 3, next_before: null } });
    render(
      <MemoryRouter initialEntries={["/app/plans/7"]}>
        <TabBar />
      </MemoryRouter>,
    );
    const bar = screen.getByRole("navigation", { name: "The app" });
    const links = within(bar).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Near me", "/app"],
      ["Saved", "/app/saved"],
      ["Friends", "/app/friends"],
      ["Plans", "/app/plans"],
      ["Inbox", "/app/inbox"],
    ]);
    expect(within(bar).getByRole("link", { name: "Plans" })).toHaveAttribute("aria-current", "page");
    expect(links.filter((link) => link.hasAttribute("aria-current"))).toHaveLength(1);
    expect(await within(bar).findByRole("link", { name: /^Inbox,? ?,? 3 unread$/ })).toHaveAttribute("href", "/app/inbox");
  });

  it("asks nothing signed out", () => {
    const fetchMock = stubApi({});
    render(
      <MemoryRouter initialEntries={["/app"]}>
        <TabBar />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Near me" })).toHaveAttribute("aria-current", "page");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("Near me in words", () => {
  const suggestion = (overrides: Partial<Suggestion> = {}): Suggestion => ({
    id: 1, slug: "alpha", name: "Alpha", address: "1 Main St", latitude: 40.7, longitude: -73.99, type: "Bar", category: "Bar",
    timezone: "America/New_York", level: "Relaxed", vs_usual: "quieter", percent: 20, open: true, opens_at: null, distance_m: 350,
    ...overrides,
  });
  const out: FriendsOut = {
    friends: [
      { id: 7, handle: "sam", name: "Sam", place: { id: 2, slug: "bravo", name: "Bravo" }, since: "", until: "" },
      { id: 8, handle: "ana", name: "", place: { id: 2, slug: "bravo", name: "Bravo" }, since: "", until: "" },
    ],
  };
  const places = [suggestion(), suggestion({ id: 2, slug: "bravo", name: "Bravo", level: "Packed", vs_usual: null, open: false, distance_m: 1240 })];

  it("looks from the phone, else the home area, else the city centre", () => {
    expect(originOf({ lat: 1, lng: 2 }, { lat: 3, lng: 4 })).toEqual({ lat: 1, lng: 2, source: "here" });
    expect(originOf(null, { lat: 3, lng: 4 })).toEqual({ lat: 3, lng: 4, source: "home" });
    expect(originOf(null, null)).toEqual({ ...CITY_CENTRE, source: "city" });
  });

  it("lists the coming hours after Now, the next one first, a day round (never from 12 AM)", () => {
    expect(comingHours(new Date(2026, 5, 9, 22, 30))).toEqual([23, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(comingHours(new Date(2026, 5, 9, 0, 5))[0]).toBe(1);
    expect(comingHours(new Date(2026, 5, 9, 0, 5))).not.toContain(0);
  });

  it("keeps what the chips ask for and says who is there", () => {
    const all = nearbyPlaces(places, null, out, new Set());
    expect(all.map((row) => row.friends)).toEqual([[], ["Sam", "@ana"]]);
    expect(nearbyPlaces(places, null, out, new Set(["open"])).map((row) => row.place.id)).toEqual([1]);
    expect(nearbyPlaces(places, null, out, new Set(["relaxed"])).map((row) => row.place.id)).toEqual([1]);
    expect(nearbyPlaces(places, null, out, new Set(["friends"])).map((row) => row.place.id)).toEqual([2]);
    expect(nearbyPlaces(places, null, out, new Set(["specials"]))).toEqual([]);
    expect(nearbyLines(all[1]!, false, Date.parse("2031-06-10T20:00:00Z"), "en-US")).toEqual(["0.8 mi away", expect.stringMatching(/^Closed/), "2 friends there: Sam, @ana"]);
    expect(nearbyLines(all[0]!, false, 0, "de-DE")[0]).toBe("350 m away");
    expect(friendsThereText(["Sam"])).toBe("1 friend there: Sam");
  });

  it("says tonight's event on the venue's clock, or that it is on now", () => {
    const [row] = nearbyPlaces(places, null, out, new Set());
    const event = { name: "Trivia", starts_at: "2031-06-11T00:00:00Z", ends_at: "2031-06-11T02:00:00Z" };
    const withEvent = { ...row!, live: { ...row!.live!, timezone: "America/New_York", next_event: event } };
    expect(nearbyLines(withEvent, false, Date.parse("2031-06-10T20:00:00Z"), "en-US")).toContain("Trivia at 8 PM");
    expect(nearbyLines(withEvent, false, Date.parse("2031-06-11T00:30:00Z"), "en-US")).toContain("Trivia on now");
  });
});
