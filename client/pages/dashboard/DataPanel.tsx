// A venue's tabs (tabs.ts; docs/insights.md#the-owners-evening): Now (key trends and sensors),
// Offers and Redeem (offers/), Events, Menu, Specials, News, Insights (the spec's data views, a
// second row of tabs) and Settings (details and hours, co-owners, calibration, notifications, Live
// Looks, embeds). The tab lives in the address (?tab=) so a reload or a shared link opens the same view.
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
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
import { EVENING_MESSAGES } from "./messages";
import { Overview } from "./Overview";
import { PlaceDetails } from "./PlaceDetails";
import { SensorsList } from "./SensorsList";
import { SpecialsPanel } from "./SpecialsPanel";
import { OffersPanel } from "./offers/OffersPanel";
import { RedeemScreen } from "./offers/RedeemScreen";
import { AnnouncementsPanel } from "./AnnouncementsPanel";
import { People } from "./People";
import { insightsViews, NEW_DASHBOARD_FLAG, readTab, TAB_LABELS, VENUE_TABS, VIEW_LABELS, type InsightsView, type VenueTab } from "./tabs";
import { useFeatureFlag } from "./useFeatureFlag";

/** One row of tabs (WAI-ARIA tabs: arrow keys, Home and End move and select). */
function TabRow<T extends string>({
  label,
  tabs,
  labels,
  active,
  onChoose,
  panel,
  className,
}: {
  label: string;
  tabs: T[];
  labels: Record<T, string>;
  active: T | null;
  onChoose: (tab: T) => void;
  panel: string;
  className: string;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = tabs[(index + move + tabs.length) % tabs.length];
    onChoose(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) refs.current.set(tab, element);
            else refs.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          aria-selected={tab === active}
          aria-controls={panel}
          // With no valid tab chosen the first one still takes keyboard focus.
          tabIndex={tab === (active ?? tabs[0]) ? 0 : -1}
          onClick={() => onChoose(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {labels[tab]}
        </button>
      ))}
    </div>
  );
}

function InsightsContent({ view, place }: { view: InsightsView; place: OwnedPlace }) {
  switch (view) {
    case "overview":
      return <Overview place={place} />;
    case "forecast":
      return <ForecastView place={place} />;
    case "daily":
      return <DailyComparison placeId={place.id} timeZone={place.timezone} />;
    case "people":
      return <People place={place} />;
  }
}

function Settings({ place, onSaved }: { place: OwnedPlace; onSaved: (place: OwnedPlace) => void }) {
  return (
    <div className="settings-tab">
      <PlaceDetails place={place} variant="dashboard" onSaved={onSaved}>
        <Link className="button secondary" to={`/place_info?place_id=${place.id}`}>Back to place info</Link>
      </PlaceDetails>
      <CalibrationPanel placeId={place.id} timeZone={place.timezone} />
      <NotificationsPanel placeId={place.id} timeZone={place.timezone} />
      <AlertRulesPanel placeId={place.id} />
      <WebhooksPanel placeId={place.id} timeZone={place.timezone} />
      <LiveLooksPanel placeId={place.id} timeZone={place.timezone} />
      <EmbedSnippets place={place} />
    </div>
  );
}

function TabContent({ tab, place, onSaved }: { tab: Exclude<VenueTab, "insights">; place: OwnedPlace; onSaved: (place: OwnedPlace) => void }): ReactNode {
  switch (tab) {
    case "now":
      return (
        <>
          <KeyTrendsPanel place={place} />
          <SensorsList placeId={place.id} />
        </>
      );
    case "events":
      return <EventsManager placeId={place.id} opening={{ hours: place, timeZone: place.timezone }} />;
    case "menu":
      return <MenuEditor placeId={place.id} />;
    case "offers":
      return <OffersPanel place={place} />;
    case "redeem":
      return <RedeemScreen placeId={place.id} />;
    case "specials":
      return <SpecialsPanel place={place} />;
    case "news":
      return <AnnouncementsPanel place={place} />;
    case "settings":
      return <Settings place={place} onSaved={onSaved} />;
  }
}

export function DataPanel({ place, onSaved }: { place: OwnedPlace | null; onSaved: (place: OwnedPlace) => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const newDashboard = useFeatureFlag(NEW_DASHBOARD_FLAG);

  if (!session.accessToken() || !place) return <p className="loading">{LOADING}</p>;

  const choose = (tab: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("tab", tab);
        return next;
      },
      { replace: true },
    );

  const requested = searchParams.get("tab");
  const chosen = readTab(requested);
  const views = insightsViews(newDashboard === true);
  const view = chosen?.view ?? null;
  const valid = chosen !== null && (view === null || views.includes(view));
  const active = valid ? chosen.tab : null;

  let content;
  if (requested === "people" && newDashboard === null) content = <p className="loading">{LOADING}</p>;
  else if (!valid) content = <p role="alert">{MESSAGES.invalidTab}</p>;
  else if (chosen.tab === "insights")
    content = (
      <>
        <TabRow label={EVENING_MESSAGES.insightsLabel} tabs={views} labels={VIEW_LABELS} active={view} onChoose={choose} panel="insights-tabpanel" className="tabs small" />
        <div role="tabpanel" id="insights-tabpanel" className="tabpanel" aria-labelledby={`tab-${view}`}>
          <InsightsContent view={view!} place={place} />
        </div>
      </>
    );
  else content = <TabContent tab={chosen.tab} place={place} onSaved={onSaved} />;

  return (
    <section className="data-panel" aria-label={`${place.name} data`}>
      <TabRow
        label={EVENING_MESSAGES.tabsLabel}
        tabs={VENUE_TABS}
        labels={TAB_LABELS}
        active={active}
        onChoose={(tab) => choose(tab)}
        panel="data-tabpanel"
        className="tabs venue-tabs"
      />
      <div
        role="tabpanel"
        id="data-tabpanel"
        className="tabpanel"
        aria-labelledby={active ? `tab-${active}` : undefined}
        aria-label={active ? undefined : MESSAGES.invalidTab}
      >
        {content}
      </div>
    </section>
  );
}
