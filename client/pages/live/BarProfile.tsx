import { Link, useParams } from "react-router";
import type { Preload } from "../../api/pageData";
import type { PublicPlace } from "../../../common/schemas/answers";
import { categoryLabel } from "../../../common/vocabulary";
import { ApiError, publicApi, publicFiles } from "../../api/endpoints";
import { offerApi } from "../../api/offerEndpoints";
import { useApi } from "../../api/useApi";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { venueZoneName } from "../../../common/formats";
import { Island } from "../../islands/Island";
import { formatDateTime, visitorZone, weekdayLabel } from "../../lib/format";
import { useLocale, useT } from "../../lib/i18n";
import { useHydrated, useNow, useOrigin } from "../../lib/hydration";
import { describeHours, hoursToday } from "../../live/hours";
import { LevelBadge } from "../../live/LevelBadge";
import { LIVE_REFRESH_MS, useLivePlaces } from "../../live/useLivePlaces";
import { liveSummary } from "../../live/whenToGo";
import Menu from "./Menu";
import OffersNow from "./OffersNow";
import { ProfileCheckIn } from "./ProfileCheckIn";
import { ProfileLiveLooks, ProfileReviews } from "./ProfileOwnerParts";
import SavePlace from "./SavePlace";
import SpecialsNow from "./SpecialsNow";
import { WatchControl } from "./WatchControl";
import { Forecast, PopularTimes } from "./WhenToGo";
import "./profile.css";

// The profile is a page of islands (docs/server-rendering.md#islands): the worker renders all of
// it, and in the browser only the parts a person can touch hydrate, each at its moment; the rest
// (the live level, the forecast, the facts, the events, the specials) is HTML and ships no code.

/** How many upcoming events a profile lists (the API sends them upcoming and soonest first). */
const EVENTS_SHOWN = 5;

/**
 * What the worker reads to render a profile (docs/server-rendering.md): the venue, which the page
 * needs, and what its parts show; a part whose answer could not be read renders as loading, and
 * the browser reads it. The live levels need no venue and are read with it; the parts' reads name
 * the venue's id, which an address by slug (every link's) gives only with the venue's answer.
 */
export const preload: Preload = async ({ barId = "" }, load) => {
  const live = Promise.allSettled([load(publicApi.live())]);
  const place = await load(publicApi.place(barId));
  await Promise.allSettled(
    [
      publicApi.placeEvents(place.id),
      publicApi.popularTimes(place.id),
      publicApi.forecast(place.id),
      publicApi.liveLooks(place.id),
      publicApi.reviews(place.id),
      publicApi.specials(place.id),
      publicApi.menu(place.id),
      offerApi.list(place.id),
    ].map((read) => load<unknown>(read)),
  );
  await live;
};

type Loaded = { state: "loading" } | { state: "missing" } | { state: "failed" } | { state: "ready"; place: PublicPlace };

function usePlace(barId: string): Loaded {
  const { data, error } = useApi(publicApi.place(barId));
  if (data) return { state: "ready", place: data };
  if (error === null) return { state: "loading" };
  return error instanceof ApiError && error.status === 404 ? { state: "missing" } : { state: "failed" };
}

function UpcomingEvents({ place }: { place: PublicPlace }) {
  const { data, error } = useApi(publicApi.placeEvents(place.id));
  const origin = useOrigin();
  const locale = useLocale();
  // On the venue's clock, its zone named when the visitor's differs, as "Hours today" (docs/cities.md#formats).
  const hydrated = useHydrated();
  const zoneOf = (iso: string) => {
    const name = hydrated ? venueZoneName(place.timezone, visitorZone(), locale, Date.parse(iso)) : null;
    return name ? ` ${name}` : "";
  };
  // Events that cannot be read show as none.
  const events = data ? data.events.slice(0, EVENTS_SHOWN) : error === null ? null : [];
  const t = useT();

  return (
    <section className={`profile-events${events === null ? " pending" : ""}`} aria-labelledby="events-heading">
      <h2 id="events-heading">{t("profile.events")}</h2>
      {events === null ? (
        <p>{t("profile.eventsLoading")}</p>
      ) : events.length === 0 ? (
        <p>{t("profile.eventsNone")}</p>
      ) : (
        <ul className="event-list">
          {events.map((event) => (
            <li key={event.id} className="event">
              {event.photo_url ? <img src={event.photo_url} alt="" width="120" height="68" loading="lazy" /> : null}
              <div>
                <h3>{event.name}</h3>
                <p className="event-when">
                  {event.is_recurring && event.repeating_days.length > 0
                    ? `Every ${event.repeating_days.join(", ")}`
                    : <time dateTime={event.start_time} data-venue-zone={hydrated ? undefined : place.timezone}>
                        {formatDateTime(event.start_time, place.timezone, locale)}
                        {zoneOf(event.start_time)}
                      </time>}
                  {event.category_name ? ` · ${event.category_name}` : null}
                </p>
                {event.description ? <p>{event.description}</p> : null}
                <p className="event-calendar">
                  <a href={publicFiles.eventCalendar(event.id, origin)} download>
                    {t("profile.addToCalendar")}<span className="visually-hidden">: {event.name}</span>
                  </a>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="calendar-subscribe">
        <a href={publicFiles.placeCalendar(place.slug, "webcal", origin)}>{t("profile.subscribe", { name: place.name })}</a>{" "}
        {t("profile.subscribeText")}
      </p>
    </section>
  );
}

/**
 * Right now: closed venues say when they open (never "0 people inside"), silent sensors say when
 * they were last heard, open venues their level, people (when the owner shows counts) and how that
 * compares with usual.
 */
function LiveLevel({ place }: { place: PublicPlace }) {
  const { places, failed } = useLivePlaces(LIVE_REFRESH_MS);
  const live = places?.find((entry) => entry.id === place.id);
  const now = useNow();
  const summary = live ? liveSummary(live, now, useLocale()) : null;
  const t = useT();
  return (
    <div className="profile-live" aria-live="polite">
      <h2>{t("profile.rightNow")}</h2>
      {!live || !summary ? (
        <p>{t(failed ? "profile.liveUnavailable" : "profile.liveLoading")}</p>
      ) : summary.closed ? (
        <p className="profile-closed">{summary.closed}</p>
      ) : (
        <>
          <LevelBadge level={live.level} />
          {summary.silent ? <p>{summary.silent}</p> : null}
          {summary.people ? <p>{t("profile.inside", { people: summary.people })}</p> : null}
          {summary.vsUsual ? <p>{summary.vsUsual}</p> : null}
        </>
      )}
    </div>
  );
}

function Profile({ place }: { place: PublicPlace }) {
  const now = useNow();
  const today = hoursToday(place, { timeZone: place.timezone, dayStartHour: place.day_start_hour }, new Date(now));
  // The visitor's own time zone is known once the page has hydrated (in the single-page app); the
  // worker renders every visitor's page the same.
  const hydrated = useHydrated();
  const locale = useLocale();
  const t = useT();
  const address = [place.address, [place.city, place.state].filter(Boolean).join(", "), place.postal_code].filter(Boolean).join(", ");
  return (
    <main className="page profile-page" id="main">
      <p className="breadcrumb">
        <Link to="/live-look">{t("profile.back")}</Link>
      </p>
      <div className="profile-header">
        {place.cover_image ? (
          <img className="profile-cover" src={place.cover_image} alt="" width="800" height="450" fetchPriority="high" />
        ) : null}
        <div>
          <h1 translate="no">{place.name}</h1>
          <p className="profile-kind">
            {place.type} · {categoryLabel(place.category)}
          </p>
          <div className="profile-save">
            <Island name="save" when="interaction" component={SavePlace} props={{ place: { id: place.id, name: place.name } }} />
          </div>
          <LiveLevel place={place} />
          <SpecialsNow place={place} />
          {/* Claim at the first touch; "seen" is a plain island inside, when visible (docs/offers.md#on-the-profile). */}
          <Island name="offers" when="interaction" component={OffersNow} props={{ place: { id: place.id, name: place.name, slug: place.slug } }} />
        </div>
      </div>

      <Island name="watch" when="interaction" component={WatchControl} props={{ placeId: place.id, placeName: place.name }} />
      {/* Signed in only: friends here, "I'm here" (docs/friends.md#check-ins) and making a plan here. */}
      <Island name="check-in" when="interaction" component={ProfileCheckIn} props={{ placeId: place.id, placeName: place.name, placeSlug: place.slug }} />

      <div className="profile-when">
        <Island name="popular-times" when="interaction" component={PopularTimes} props={{ place }} />
        <Forecast place={place} />
      </div>

      {/* Below the first screen on phones, so its photos never compete with the cover and the
          live level for the first paint (docs/live-looks.md#on-the-profile). Only the venue's
          owners (and the admin) get `owners` with the place. */}
      <Island name="live-looks" when="interaction" component={ProfileLiveLooks} props={{ placeId: place.id, placeSlug: place.slug }} />

      <div className="profile-body">
        <section aria-labelledby="about-heading">
          <h2 id="about-heading">{t("profile.about")}</h2>
          {place.description ? <p>{place.description}</p> : null}
          <dl className="profile-facts">
            <dt>{t("profile.address")}</dt>
            <dd translate="no">{address}</dd>
            <dt>{t("profile.hoursToday", { day: weekdayLabel(today.day) })}</dt>
            {/* The worker cannot know the visitor's zone: on a page of islands the entry names the venue's
                when the visitor's clock differs (data-venue-zone, client/islands.tsx). */}
            <dd data-venue-zone={!hydrated && today.open && today.close ? place.timezone : undefined}>
              {describeHours(today, locale, { venue: place.timezone, visitor: hydrated ? visitorZone() : place.timezone, instant: now })}
            </dd>
            {place.website ? (
              <>
                <dt>{t("profile.website")}</dt>
                <dd>
                  <a href={place.website} target="_blank" rel="noopener noreferrer">{place.website.replace(/^https?:\/\//, "")}</a>
                </dd>
              </>
            ) : null}
            {place.phone_number ? (
              <>
                <dt>{t("profile.phone")}</dt>
                <dd>
                  <a href={`tel:${place.phone_number.replace(/[^\d+]/g, "")}`}>{place.phone_number}</a>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <UpcomingEvents place={place} />
      </div>

      <Island name="menu" when="visible" component={Menu} props={{ placeId: place.id }} />

      {/* Visible: its Submit is disabled until hydrated, and a disabled button answers no touch. */}
      <Island name="reviews" when="visible" component={ProfileReviews} props={{ placeId: place.id, placeSlug: place.slug }} />
    </main>
  );
}

export default function BarProfile() {
  const { barId = "" } = useParams<{ barId: string }>();
  const loaded = usePlace(barId);
  const t = useT();
  useDocumentTitle(loaded.state === "ready" ? loaded.place.name : t(loaded.state === "missing" ? "profile.notFoundTitle" : "profile.venue"));

  if (loaded.state === "ready") return <Profile place={loaded.place} />;
  return (
    // While loading, the page is at least a screen tall, so the footer never jumps down when the profile arrives.
    <main className={`page narrow${loaded.state === "loading" ? " profile-pending" : ""}`} id="main">
      {loaded.state === "loading" ? (
        <p role="status">{t("profile.loading")}</p>
      ) : loaded.state === "missing" ? (
        <>
          <h1>{t("profile.notFound")}</h1>
          <p>{t("profile.notFoundText")}</p>
          <ul className="link-list">
            <li><Link to="/live-look">{t("profile.browse")}</Link></li>
            <li><Link to="/submit-business">{t("profile.recommend")}</Link></li>
          </ul>
        </>
      ) : (
        <>
          <h1>{t("profile.venue")}</h1>
          <p role="alert">{t("profile.failed")}</p>
        </>
      )}
    </main>
  );
}
