// The data panel's tabs (Forecast: docs/insights.md; Menu and Specials: docs/menus-and-specials.md; Announcements: docs/announcements.md). People exists only behind the enable_new_dashboard flag.
export const NEW_DASHBOARD_FLAG = "enable_new_dashboard";

export type DashboardTab = "overview" | "forecast" | "daily" | "events" | "menu" | "specials" | "announcements" | "people";

export const TAB_LABELS: Record<DashboardTab, string> = {
  overview: "Today at a Glance",
  forecast: "Forecast",
  daily: "Daily Comparison",
  events: "Events",
  menu: "Menu",
  specials: "Specials",
  announcements: "Announcements",
  people: "People",
};

export function visibleTabs(newDashboardEnabled: boolean): DashboardTab[] {
  const tabs: DashboardTab[] = ["overview", "forecast", "daily", "events", "menu", "specials", "announcements"];
  return newDashboardEnabled ? [...tabs, "people"] : tabs;
}

export const isDashboardTab = (value: string | null): value is DashboardTab =>
  value !== null && Object.hasOwn(TAB_LABELS, value);
