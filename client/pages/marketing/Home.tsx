import type { ReactNode } from "react";
import { Link } from "react-router";
import { publicApi } from "../../api/endpoints";
import type { Preload } from "../../api/pageData";
import { type CitiesAnswer, type LivePlace } from "../../../common/schemas/answers";
import { useApi } from "../../api/useApi";
import { StatCard } from "../../components/StatCard";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { cityPagePath, PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { useLivePlaces } from "../../live/useLivePlaces";
import { InstallOffer } from "../../app/InstallOffer";
import { Island } from "../../islands/Island";
import { useT } from "../../lib/i18n";
import { AppStoreBadge } from "./AppStoreBadge";
import { VibePicker } from "./VibePicker";
import "./marketing.css";
import "./home.css";

/** The worker renders Home with the live levels and the cities (docs/server-rendering.md). */
export const preload: Preload = (_params, load) => Promise.allSettled([load(publicApi.live()), load(publicApi.cities())]);

/**
 * Each city's venues reporting live, linking to its page: Home is one page for every visitor (kept
 * whole at the edge), so it lists every city rather than guessing the visitor's (docs/cities.md#home).
 */
function CityCounts({ places, cities }: { places: LivePlace[]; cities: CitiesAnswer["cities"] }) {
  const t = useT();
  if (cities.length < 2) return null;
  return (
    <nav className="city-links home-cities" aria-label={t("home.byCity")}>
      <ul>
        {cities.map((city) => {
          const mine = places.filter((place) => place.city === city.slug);
          const live = mine.filter((place) => place.level !== null).length;
          return (
            <li key={city.slug}>
              <Link to={cityPagePath(city.slug)}>
                {t("home.cityLive", { city: city.name, live, total: mine.length })}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function LiveStats({ places, cities }: { places: LivePlace[] | null; cities: CitiesAnswer["cities"] | undefined }) {
  const t = useT();
  if (!places) return null;
  // Closed venues have no level (closed wins, docs/when-to-go.md#closed-wins): "Walk right in" only while some open venue reads live.
  const live = places.filter((place) => place.level !== null);
  const packed = live.filter((place) => place.level === "Packed").length;
  const packedTrend = t(packed > 0 ? "home.packedTrend" : live.length > 0 ? "home.walkIn" : "home.noneReporting");
  return (
    <div className="home-stats">
      <StatCard title={t("home.reporting")} value={t("home.reportingValue", { live: live.length, total: places.length })} trend={t("home.reportingTrend")} />
      <StatCard title={t("home.packedNow")} value={packed} trend={packedTrend} />
      {cities ? <CityCounts places={places} cities={cities} /> : null}
    </div>
  );
}

/** One full-height section of the page; `example` sits beside the text on wide screens. */
function SnapSection(props: {
  id: string;
  icon: string;
  title: string;
  lede: string;
  shaded?: boolean;
  example?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = `${props.id}-heading`;
  const text = (
    <>
      <h2 id={headingId}>{props.title}</h2>
      <p className="section-lede">{props.lede}</p>
    </>
  );
  return (
    <section className={`snap-section${props.shaded ? " alt" : ""}`} aria-labelledby={headingId}>
      <div className="snap-inner">
        <img src={`/images/icons/${props.icon}.svg`} alt="" width="48" height="48" />
        {props.example ? (
          <div className="split">
            <div>{text}</div>
            {props.example}
          </div>
        ) : (
          text
        )}
        {props.children}
      </div>
    </section>
  );
}

export default function Home() {
  const t = useT();
  useDocumentTitle(PUBLIC_PAGE_TITLES["/"]);
  const { places } = useLivePlaces();
  const { data: cityList } = useApi(publicApi.cities());

  return (
    <main className="home-page" id="main">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero-text">
          <h1 id="hero-heading">{t("home.heading")}</h1>
          <p className="hero-lede">{t("home.lede")}</p>
          <p>{t("home.free")}</p>
          <div className="hero-actions">
            <AppStoreBadge />
            {/* The app is the installable web app (docs/app.md#install); the badge shows once a listing exists. */}
            <Link to="/app" className="button">{t("home.openApp")}</Link>
            {/* How to install, in the HTML; Chromium's own button or the iPhone's guide once touched (docs/server-rendering.md#islands). */}
            <span className="install-on-phones">
              <Island name="install" when="interaction" component={InstallOffer} props={{}} />
            </span>
            <Link to="/live-look" className="button secondary">{t("home.seeMap")}</Link>
          </div>
        </div>
        <img
          className="hero-mockup"
          src="/images/app-mockup.svg"
          alt={t("home.mockup")}
          width="320"
          height="640"
          fetchPriority="high"
        />
      </section>

      <SnapSection id="around" icon="compass" title={t("home.aroundTitle")} lede={t("home.around")}>
        <Island name="vibe" when="interaction" component={VibePicker} props={{}} />
      </SnapSection>

      <SnapSection id="updates" icon="pulse" title={t("home.updatesTitle")} shaded lede={t("home.updates")}>
        <LiveStats places={places} cities={cityList?.cities} />
      </SnapSection>

      <SnapSection id="share" icon="camera" title={t("home.shareTitle")} lede={t("home.share")} example={
        <figure className="example-card">
          <figcaption>{t("home.shareExample")}</figcaption>
          <p className="example-meta">{t("home.shareExampleMeta")}</p>
          <p>{t("home.shareExampleText")}</p>
          <p className="example-meta">{t("home.shareExampleBy")}</p>
        </figure>
      } />

      <SnapSection id="friends" icon="friends" title={t("home.friendsTitle")} shaded lede={t("home.friends")} example={
        <figure className="example-card">
          <figcaption>{t("home.friendsExample")}</figcaption>
          <ul className="example-list">
            <li><strong translate="no">Ana</strong> {t("home.friendsAna")}</li>
            <li><strong translate="no">Jordan</strong>{t("home.friendsJordan")}</li>
            <li><strong>{t("home.friendsYou")}</strong> {t("home.friendsYouText")}</li>
          </ul>
        </figure>
      } />

      <SnapSection id="events" icon="calendar" title={t("home.eventsTitle")} lede={t("home.events")} example={
        <figure className="example-card">
          <figcaption>{t("home.eventsExample")}</figcaption>
          <ul className="example-list">
            <li><strong>{t("home.events1When")}</strong> {t("home.events1")}</li>
            <li><strong>{t("home.events2When")}</strong> {t("home.events2")}</li>
            <li><strong>{t("home.events3When")}</strong> {t("home.events3")}</li>
          </ul>
        </figure>
      } />

      <SnapSection id="difference" icon="home-heart" title={t("home.differenceTitle")} shaded lede={t("home.difference")}>
        <ul className="difference-list">
          <li><strong>{t("home.measured")}</strong> {t("home.measuredText")}</li>
          <li><strong>{t("home.anonymous")}</strong> {t("home.anonymousText")}</li>
          <li><strong>{t("home.local")}</strong> {t("home.localText")}</li>
        </ul>
        <div className="hero-actions">
          <AppStoreBadge />
          <Link to="/consumers" className="button secondary">{t("home.howItWorks")}</Link>
        </div>
      </SnapSection>
    </main>
  );
}
