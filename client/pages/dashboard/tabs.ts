// A venue's tabs (docs/insights.md#the-owners-evening): Now, Offers, Redeem, Events, Menu, Specials,
// News, Insights and Settings. Insights holds the spec's data views ('Today at a Glance', 'Forecast', 'Daily
// Comparison' and, behind the enable_new_dashboard flag, 'People'), and the address keeps the spec's
// tab names for them (?tab=overview, daily, people), so their links open those views.
import { EVENING_MESSAGES } from "./messages";

export const NEW_DASHBOARD_FLAG = "enable_new_dashboard";

export type VenueTab = "now" | "offers" | "redeem" | "events" | "menu" | "specials" | "news" | "insights" | "settings";
export type InsightsView = "overview" | "forecast" | "daily" | "people";

export const VENUE_TABS: VenueTab[] = ["now", "offers", "redeem", "events", "menu", "specials", "news", "insights", "settings"];

export const TAB_LABELS: Record<VenueTab, string> = {
  now: EVENING_MESSAGES.tabs.now,
  offers: EVENING_MESSAGES.tabs.offers,
  redeem: EVENING_MESSAGES.tabs.redeem,
  events: EVENING_MESSAGES.tabs.events,
  menu: EVENING_MESSAGES.tabs.menu,
  specials: EVENING_MESSAGES.tabs.specials,
  news: EVENING_MESSAGES.tabs.news,
  insights: EVENING_MESSAGES.tabs.insights,
  settings: EVENING_MESSAGES.tabs.settings,
};

export const VIEW_LABELS: Record<InsightsView, string> = {
  overview: "Today at a Glance",
  forecast: "Forecast",
  daily: "Daily Comparison",
  people: "People",
};

export function insightsViews(newDashboardEnabled: boolean): InsightsView[] {
  const views: InsightsView[] = ["overview", "forecast", "daily"];
  return newDashboardEnabled ? [...views, "people"] : views;
}

/** What ?tab= opens: a tab, and for Insights its view. "announcements" is News's earlier name. Null: 'Invalid Tab'. */
export function readTab(value: string | null): { tab: VenueTab; view: InsightsView | null } | null {
  if (value === null) return { tab: "now", view: null };
  if (value === "announcements") return { tab: "news", view: null };
  if (value === "insights") return { tab: "insights", view: "overview" };
  if (Object.hasOwn(VIEW_LABELS, value)) return { tab: "insights", view: value as InsightsView };
  if (Object.hasOwn(TAB_LABELS, value)) return { tab: value as VenueTab, view: null };
  return null;
}
