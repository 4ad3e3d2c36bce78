import { lazy, memo, Suspense } from "react";
import { Link, useParams } from "react-router";
import type { Preload } from "../../api/pageData";
import type { PublicPlace } from "../../../common/schemas/answers";
import { categoryLabel } from "../../../common/vocabulary";
import { ApiError, publicApi, publicFiles } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { useSignedIn } from "../../api/useSignedIn";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { formatDateTime, SITE_LOCALE, visitorZone, weekdayLabel } from "../../lib/format";
import { useHydrated, useNow, useOrigin } from "../../lib/hydration";
import { lazyPart } from "../../lib/lazyPart";
import { describeHours, hoursToday } from "../../live/hours";
import { LevelBadge } from "../../live/LevelBadge";
import { LIVE_REFRESH_MS, useLivePlaces } from "../../live/useLivePlaces";
import { liveSummary } from "../../live/whenToGo";
import { LiveLooks } from "./LiveLooks";
import { Forecast, PopularTimes } from "./WhenToGo";
import "./profile.css";

// Saving is loaded after the first view: the profile's first-view JavaScript has a budget (115 KB
// gz, docs/performance.md), and the button's box is reserved meanwhile, so nothing moves.
const SavePlace = lazy(() => import("./SavePlace"));
/** Server data whose code loads after the first view (docs/menus-and-specials.md#on-the-profile). */
const Menu = lazy(() => import("./Menu"));
const SpecialsNow = lazy(() => import("./SpecialsNow"));
const OffersNow = lazy(() => import("./OffersNow"));
/**
 * Below the menu, far under the first screen: its list and form load after the first view in the
 * browser, and the worker renders them into the HTML (docs/server-rendering.md#lazy-parts-in-the-html).
 */
const Reviews = lazyPart(() => import("./Reviews").then((module) => module.Reviews));
/** Signed-in controls, loaded after the first view for the same budget: "Tell me when", "I'm here". */
const WatchControl = lazy(() => import("./WatchControl").then((module) => ({ default: module.WatchControl })));
const CheckInControl = lazy(() => import("../../app/friends/CheckInControl").then((module) => ({ default: module.CheckInControl })));

/** How many upcoming events a profile lists (the API sends them upcoming and soonest first). */
const EVENTS_SHOWN = 5;

/**
 * What the worker reads to render a profile (docs/server-rendering.md): the venue, which the page
 * needs, then what its parts show; a part whose answer could not be read renders as loading, and
 * the browser reads it. And the reviews' code, which the browser loads after the first view.
 */
export const preload: Preload = async ({ barId = "" }, load) => {
  const [place] = await Promise.all([load(publicApi.place(barId)), Reviews.preload()]);
  await Promise.allSettled(
    [publicApi.live(), publicApi.placeEvents(place.id), publicApi.popularTimes(place.id), publicApi.forecast(place.id), publicApi.liveLooks(place.id), publicApi.reviews(place.id)].map(
      (read) => load<unknown>(read),
    ),
  );
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
  // Events that cannot be read show as none.
  const events = data ? data.events.slice(0, EVENTS_SHOWN) : error === null ? null : [];

  return (
    <section className={`profile-events${events === null ? " pending" : ""}`} aria-labelledby="events-heading">
      <h2 id="events-heading">Upcoming events</h2>
      {events === null ? (
        <p>Loading events…</p>
      ) : events.length === 0 ? (
        <p>No upcoming events right now. Check back soon.</p>
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
                    : <time dateTime={event.start_time}>{formatDateTime(event.start_time, place.timezone, "en-US")}</time>}
                  {event.category_name ? ` · ${event.category_name}` : null}
                </p>
                {event.description ? <p>{event.description}</p> : null}
                <p className="event-calendar">
                  <a href={publicFiles.eventCalendar(event.id, origin)} download>
                    Add to calendar<span className="visually-hidden">: {event.name}</span>
                  </a>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="calendar-subscribe">
        <a href={publicFiles.placeCalendar(place.slug, "webcal", origin)}>Subscribe to {place.name}&rsquo;s events</a> in your calendar app, so
        new ones appear by themselves.
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
  const summary = live ? liveSummary(live, now) : null;
  return (
    <div className="profile-live" aria-live="polite">
      <h2>Right now</h2>
      {!live || !summary ? (
        <p>{failed ? "The live level is unavailable at the moment." : "Loading the live level…"}</p>
      ) : summary.closed ? (
        <p className="profile-closed">{summary.closed}</p>
      ) : (
        <>
          <LevelBadge level={live.level} />
          {summary.silent ? <p>{summary.silent}</p> : null}
          {summary.people ? <p>{summary.people} inside</p> : null}
          {summary.vsUsual ? <p>{summary.vsUsual}</p> : null}
        </>
      )}
    </div>
  );
}

/**
 * The reviews in a boundary of their own that the profile's render once hydrated does not reach
 * (memo): a boundary whose code is still loading keeps the worker's HTML only while nothing above
 * it sends it new props; otherwise React drops that HTML and shows the fallback until the code arrives.
 */
const ReviewsSection = memo(function ReviewsSection(props: { placeId: number; canHide: boolean }) {
  return (
    <Suspense fallback={null}>
      <Reviews.Component {...props} />
    </Suspense>
  );
});

function Profile({ place }: { place: PublicPlace }) {
  const now = useNow();
  const today = hoursToday(place, { timeZone: place.timezone, dayStartHour: place.day_start_hour }, new Date(now));
  // What depends on this browser (its session, its screen) and loads its code after the first view
  // renders once hydrated: the worker renders every visitor's page the same.
  const hydrated = useHydrated();
  const signedIn = useSignedIn();
  const address = [place.address, [place.city, place.state].filter(Boolean).join(", "), place.postal_code].filter(Boolean).join(", ");
  return (
    <main className="page profile-page" id="main">
      <p className="breadcrumb">
        <Link to="/live-look">← Back to the live map</Link>
      </p>
      <div className="profile-header">
        {place.cover_image ? (
          <img className="profile-cover" src={place.cover_image} alt="" width="800" height="450" fetchPriority="high" />
        ) : null}
        <div>
          <h1>{place.name}</h1>
          <p className="profile-kind">
            {place.type} · {categoryLabel(place.category)}
          </p>
          <div className="profile-save">
            {hydrated ? (
              <Suspense fallback={null}>
                <SavePlace place={place} />
              </Suspense>
            ) : null}
          </div>
          <LiveLevel place={place} />
          {hydrated ? (
            <Suspense fallback={null}>
              <SpecialsNow place={place} />
              <OffersNow place={place} />
            </Suspense>
          ) : null}
        </div>
      </div>

      {hydrated ? (
        <Suspense fallback={null}>
          <WatchControl placeId={place.id} placeName={place.name} />
        </Suspense>
      ) : null}
      {/* Signed in only: friends here, "I'm here" (docs/friends.md#check-ins) and making a plan here. */}
      {signedIn ? (
        <Suspense fallback={null}>
          <CheckInControl placeId={place.id} placeName={place.name} placeSlug={place.slug} />
        </Suspense>
      ) : null}

      <div className="profile-when">
        <PopularTimes place={place} />
        <Forecast place={place} />
      </div>

      {/* Below the first screen on phones, so its photos never compete with the cover and the
          live level for the first paint (docs/live-looks.md#on-the-profile). Only the venue's
          owners (and the admin) get `owners` with the place. */}
      <LiveLooks placeId={place.id} canHide={"owners" in place} />

      <div className="profile-body">
        <section aria-labelledby="about-heading">
          <h2 id="about-heading">About</h2>
          {place.description ? <p>{place.description}</p> : null}
          <dl className="profile-facts">
            <dt>Address</dt>
            <dd>{address}</dd>
            <dt>Hours today ({weekdayLabel(today.day)})</dt>
            <dd>{describeHours(today, SITE_LOCALE, { venue: place.timezone, visitor: hydrated ? visitorZone() : place.timezone, instant: now })}</dd>
            {place.website ? (
              <>
                <dt>Website</dt>
                <dd>
                  <a href={place.website} target="_blank" rel="noopener noreferrer">{place.website.replace(/^https?:\/\//, "")}</a>
                </dd>
              </>
            ) : null}
            {place.phone_number ? (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${place.phone_number.replace(/[^\d+]/g, "")}`}>{place.phone_number}</a>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <UpcomingEvents place={place} />
      </div>

      {hydrated ? (
        <Suspense fallback={null}>
          <Menu place={place} />
        </Suspense>
      ) : null}

      <ReviewsSection placeId={place.id} canHide={"owners" in place} />
    </main>
  );
}

export default function BarProfile() {
  const { barId = "" } = useParams<{ barId: string }>();
  const loaded = usePlace(barId);
  useDocumentTitle(loaded.state === "ready" ? loaded.place.name : loaded.state === "missing" ? "Venue not found" : "Venue");

  if (loaded.state === "ready") return <Profile place={loaded.place} />;
  return (
    // While loading, the page is at least a screen tall, so the footer never jumps down when the profile arrives.
    <main className={`page narrow${loaded.state === "loading" ? " profile-pending" : ""}`} id="main">
      {loaded.state === "loading" ? (
        <p role="status">Loading venue…</p>
      ) : loaded.state === "missing" ? (
        <>
          <h1>We couldn't find that venue</h1>
          <p>It may have moved, changed its name, or not be on Third Place yet.</p>
          <ul className="link-list">
            <li><Link to="/live-look">Browse every venue on the live map</Link></li>
            <li><Link to="/submit-business">Recommend this venue to us</Link></li>
          </ul>
        </>
      ) : (
        <>
          <h1>Venue</h1>
          <p role="alert">An unexpected error occurred. Please try again.</p>
        </>
      )}
    </main>
  );
}
