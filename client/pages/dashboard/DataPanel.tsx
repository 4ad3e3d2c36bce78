// The data panel under a selected place: tabs 'Today at a Glance', 'Forecast', 'Daily Comparison', 'Events'
// and, behind enable_new_dashboard, 'People'. The tab lives in the address (?tab=)
// so a reload or a shared link opens the same view.
import { useRef, type KeyboardEvent } from "react";
import { useSearchParams } from "react-router";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { session } from "../../api/session";
import { AlertRulesPanel, NotificationsPanel, WebhooksPanel } from "./AlertsPanel";
import { CalibrationPanel } from "./CalibrationPanel";
import { DailyComparison } from "./DailyComparison";
import { ForecastView } from "./ForecastView";
import { EventsManager } from "./events/EventsManager";
import { KeyTrendsPanel } from "./KeyTrendsPanel";
import { LiveLooksPanel } from "./LiveLooksPanel";
import { EmbedSnippets } from "./EmbedSnippets";
import { LOADING } from "./keyTrends";
import { MESSAGES } from "../../lib/messages";
import { MenuEditor } from "./MenuEditor";
import { Overview } from "./Overview";
import { SpecialsPanel } from "./SpecialsPanel";
import { AnnouncementsPanel } from "./AnnouncementsPanel";
import { People } from "./People";
import { isDashboardTab, NEW_DASHBOARD_FLAG, TAB_LABELS, visibleTabs, type DashboardTab } from "./tabs";
import { useFeatureFlag } from "./useFeatureFlag";

function TabContent({ tab, place }: { tab: DashboardTab; place: OwnedPlace }) {
  switch (tab) {
    case "overview":
      return <Overview place={place} />;
    case "forecast":
      return <ForecastView place={place} />;
    case "daily":
      return <DailyComparison placeId={place.id} timeZone={place.timezone} />;
    case "events":
      return <EventsManager placeId={place.id} />;
    case "menu":
      return <MenuEditor placeId={place.id} />;
    case "specials":
      return <SpecialsPanel place={place} />;
    case "announcements":
      return <AnnouncementsPanel place={place} />;
    case "people":
      return <People place={place} />;
  }
}

export function DataPanel({ place }: { place: OwnedPlace | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const newDashboard = useFeatureFlag(NEW_DASHBOARD_FLAG);
  const tabRefs = useRef(new Map<DashboardTab, HTMLButtonElement>());

  if (!session.accessToken() || !place) return <p className="loading">{LOADING}</p>;

  const tabs = visibleTabs(newDashboard === true);
  const requested = searchParams.get("tab") ?? "overview";
  const choose = (tab: DashboardTab) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("tab", tab);
        return next;
      },
      { replace: true },
    );

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = tabs[(index + move + tabs.length) % tabs.length];
    choose(next);
    tabRefs.current.get(next)?.focus();
  };

  const active = isDashboardTab(requested) && tabs.includes(requested) ? requested : null;
  let content;
  if (requested === "people" && newDashboard === null) content = <p className="loading">{LOADING}</p>;
  else if (active) content = <TabContent tab={active} place={place} />;
  else content = <p role="alert">{MESSAGES.invalidTab}</p>;

  return (
    <section className="data-panel" aria-label={`${place.name} data`}>
      <KeyTrendsPanel placeId={place.id} />
      <CalibrationPanel placeId={place.id} timeZone={place.timezone} />
      <NotificationsPanel placeId={place.id} timeZone={place.timezone} />
      <LiveLooksPanel placeId={place.id} timeZone={place.timezone} />
      <EmbedSnippets place={place} />
      <div role="tablist" aria-label="Data views" className="tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabRefs.current.set(tab, element);
              else tabRefs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`tab-${tab}`}
            aria-selected={tab === active}
            aria-controls="data-tabpanel"
            // With no valid tab chosen the first one still takes keyboard focus.
            tabIndex={tab === (active ?? tabs[0]) ? 0 : -1}
            onClick={() => choose(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {TAB_LABELS[tab]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="data-tabpanel"
        className="tabpanel"
        aria-labelledby={active ? `tab-${active}` : undefined}
        aria-label={active ? undefined : MESSAGES.invalidTab}
      >
        {content}
      </div>
      <AlertRulesPanel placeId={place.id} />
      <WebhooksPanel placeId={place.id} timeZone={place.timezone} />
    </section>
  );
}
