// The consumer app's shell (docs/app.md#the-app-shell): which tab a path is in, and the tab bar's
// links, current tab and Inbox badge from the inbox's answer.
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
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
