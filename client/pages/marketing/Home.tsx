import type { ReactNode } from "react";
import { Link } from "react-router";
import { publicApi } from "../../api/endpoints";
import type { Preload } from "../../api/pageData";
import { type CitiesAnswer, type LivePlace } from "../../../common/schemas/answers";
import { useApi } from "../../api/useApi";
import { cityPagePath } from "../../../common/public-pages";
import { StatCard } from "../../components/StatCard";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { useLivePlaces } from "../../live/useLivePlaces";
import { InstallOffer } from "../../app/InstallOffer";
import { Island } from "../../islands/Island";
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
  if (cities.length < 2) return null;
  return (
    <nav className="city-links home-cities" aria-label="Live by city">
      <ul>
        {cities.map((city) => {
          const mine = places.filter((place) => place.city === city.slug);
          const live = mine.filter((place) => place.level !== null).length;
          return (
            <li key={city.slug}>
              <Link to={cityPagePath(city.slug)}>
                {city.name}: {live} of {mine.length} live
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function LiveStats({ places, cities }: { places: LivePlace[] | null; cities: CitiesAnswer["cities"] | undefined }) {
  if (!places) return null;
  // Closed venues have no level (closed wins, docs/when-to-go.md#closed-wins): "Walk right in" only while some open venue reads live.
  const live = places.filter((place) => place.level !== null);
  const packed = live.filter((place) => place.level === "Packed").length;
  const packedTrend = packed > 0 ? "Book ahead or try next door" : live.length > 0 ? "Walk right in" : "No open venue is reporting right now";
  return (
    <div className="home-stats">
      <StatCard title="Venues reporting live" value={`${live.length} of ${places.length}`} trend="Sensor readings every minute" />
      <StatCard title="Packed right now" value={packed} trend={packedTrend} />
      {cities ? <CityCounts places={places} cities={cities} /> : null}
    </div>
  );
}

/** Each section's opening paragraph. */
const LEDES = {
  around:
    "Explore the bars and restaurants near you and pick a vibe. A quiet pint, a room with some energy, or " +
    "the busiest spot on the block: these are real venues, as they are right now.",
  updates:
    "A small plug-in sensor in each partner venue counts the crowd every minute, so the level you see is " +
    "minutes old, not a guess from last week. Check wait times and crowd levels before you put your coat " +
    "on.",
  share:
    "Post a Live Look: a quick photo, video or line about the room you're in. Is the band any good? Is " +
    "there a line for the bathroom? Live Looks come from people who are actually there tonight, so you " +
    "hear it from someone in the room.",
  friends:
    "See which of your friends are out and where, message them without leaving the app, and plan a meetup " +
    "at a place with room for everyone. You choose which friends can see where you are.",
  events:
    "Trivia nights, game watches, live music, happy hours and local specials, posted by the venues " +
    "themselves. Follow the places you love and hear about their events before the room fills up.",
  difference:
    "Home is your first place and work your second. Your third place is where you unwind, meet people and " +
    "belong: a place for everyone. We built Third Place to help you find yours.",
};

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
  useDocumentTitle(PUBLIC_PAGE_TITLES["/"]);
  const { places } = useLivePlaces();
  const { data: cityList } = useApi(publicApi.cities());

  return (
    <main className="home-page" id="main">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero-text">
          <h1 id="hero-heading">We're transforming the way you go out.</h1>
          <p className="hero-lede">
            Third Place shows how busy bars and restaurants are right now, measured by sensors inside each venue and
            backed up by people who are there. No more walking into a packed room, or an empty one.
          </p>
          <p>Free, in your phone's browser: add it to your Home Screen like an app. Live in New York's East Village, with more neighbourhoods on the way.</p>
          <div className="hero-actions">
            <AppStoreBadge />
            {/* The app is the installable web app (docs/app.md#install); the badge shows once a listing exists. */}
            <Link to="/app" className="button">Open the app</Link>
            {/* How to install, in the HTML; Chromium's own button or the iPhone's guide once touched (docs/server-rendering.md#islands). */}
            <span className="install-on-phones">
              <Island name="install" when="interaction" component={InstallOffer} props={{}} />
            </span>
            <Link to="/live-look" className="button secondary">See the live map</Link>
          </div>
        </div>
        <img
          className="hero-mockup"
          src="/images/app-mockup.svg"
          alt="The Third Place app showing a map of nearby bars and a list marked Lively, Relaxed and Packed"
          width="320"
          height="640"
          fetchPriority="high"
        />
      </section>

      <SnapSection id="around" icon="compass" title="See What's Around You" lede={LEDES.around}>
        <Island name="vibe" when="interaction" component={VibePicker} props={{}} />
      </SnapSection>

      <SnapSection id="updates" icon="pulse" title="Get Real-Time Updates" shaded lede={LEDES.updates}>
        <LiveStats places={places} cities={cityList?.cities} />
      </SnapSection>

      <SnapSection id="share" icon="camera" title="Share Your Experience" lede={LEDES.share} example={
        <figure className="example-card">
          <figcaption>Example Live Look</figcaption>
          <p className="example-meta">The Velvet Hour · 9:42 pm</p>
          <p>"Jazz trio just started. Two seats left at the bar, no wait for drinks."</p>
          <p className="example-meta">Posted by a guest who is there</p>
        </figure>
      } />

      <SnapSection id="friends" icon="friends" title="Connect with Friends" shaded lede={LEDES.friends} example={
        <figure className="example-card">
          <figcaption>Example: friends out tonight</figcaption>
          <ul className="example-list">
            <li><strong>Ana</strong> is at St. Marks Tap Room</li>
            <li><strong>Jordan</strong>: "Trivia starts at 8, I'll grab a table"</li>
            <li><strong>You</strong> planned a meetup at The Stoop, 10 pm</li>
          </ul>
        </figure>
      } />

      <SnapSection id="events" icon="calendar" title="Stay in the Loop on Events" lede={LEDES.events} example={
        <figure className="example-card">
          <figcaption>Example: this week nearby</figcaption>
          <ul className="example-list">
            <li><strong>Tue 8 pm</strong> Pub quiz at St. Marks Tap Room</li>
            <li><strong>Thu 5 pm</strong> Half-price taps at Avenue C Ale House</li>
            <li><strong>Sat 9 pm</strong> Karaoke finals at Neon Moon Karaoke</li>
          </ul>
        </figure>
      } />

      <SnapSection id="difference" icon="home-heart" title="The Third Place Difference" shaded lede={LEDES.difference}>
        <ul className="difference-list">
          <li><strong>Measured, not guessed.</strong> Crowd levels come from sensors in the venue, not from old location history.</li>
          <li><strong>Anonymous by design.</strong> Sensors count how many people are nearby; they never identify anyone.</li>
          <li><strong>Local first.</strong> Every partner venue is visited and set up by our team.</li>
        </ul>
        <div className="hero-actions">
          <AppStoreBadge />
          <Link to="/consumers" className="button secondary">How it works for you</Link>
        </div>
      </SnapSection>
    </main>
  );
}
