import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { publicApi } from "../../api/endpoints";
import type { Preload } from "../../api/pageData";
import { useHydrated } from "../../lib/hydration";
import { LEVELS, type Level } from "../../../common/vocabulary";
import { type LivePlace } from "../../../common/schemas/answers";
import { StatCard } from "../../components/StatCard";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { LevelBadge } from "../../live/LevelBadge";
import { LevelFilterControl } from "../../live/LevelFilterControl";
import { LEVEL_DISPLAY, vibeExamples } from "../../live/levels";
import { useLivePlaces } from "../../live/useLivePlaces";
import { AppStoreBadge } from "./AppStoreBadge";
import "./marketing.css";
import "./home.css";

// The install offer appears once the browser offers installing, after load: its code is not in
// Home's first-view JavaScript (≤ 110 KB gz, docs/performance.md).
const InstallOffer = lazy(async () => ({ default: (await import("../../app/InstallOffer")).InstallOffer }));

/** The worker renders Home with the live levels (docs/server-rendering.md). */
export const preload: Preload = (_params, load) => load(publicApi.live());

function VibeExamples({ places, vibe }: { places: LivePlace[] | null; vibe: Level }) {
  if (places === null) return <p className="vibe-note">Loading live venues…</p>;
  const examples = vibeExamples(places, vibe);
  if (examples.length === 0) {
    return (
      <p className="vibe-note">
        No venue reads {vibe} right now. Levels change through the night:{" "}
        <Link to="/live-look">check the live map</Link> for every venue.
      </p>
    );
  }
  return (
    <ul className="vibe-examples">
      {examples.map((place) => (
        <li key={place.id} className="vibe-card">
          {place.cover_image ? <img src={place.cover_image} alt="" width="320" height="180" loading="lazy" /> : null}
          <div>
            <h3>
              <Link to={`/profile/${place.slug}`}>{place.name}</Link>
            </h3>
            <p className="vibe-address">{place.address}</p>
            <LevelBadge level={place.level} />
            {/* A closed venue is never "About 0 people inside". */}
            {place.open_now === false ? (
              <p className="vibe-people">Closed now</p>
            ) : place.people !== null ? (
              <p className="vibe-people">About {place.people} people inside</p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function LiveStats({ places }: { places: LivePlace[] | null }) {
  if (!places) return null;
  // Closed venues have no level (closed wins, docs/when-to-go.md#closed-wins): "Walk right in" only while some open venue reads live.
  const live = places.filter((place) => place.level !== null);
  const packed = live.filter((place) => place.level === "Packed").length;
  const packedTrend = packed > 0 ? "Book ahead or try next door" : live.length > 0 ? "Walk right in" : "No open venue is reporting right now";
  return (
    <div className="home-stats">
      <StatCard title="Venues reporting live" value={`${live.length} of ${places.length}`} trend="Sensor readings every minute" />
      <StatCard title="Packed right now" value={packed} trend={packedTrend} />
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
  const [vibe, setVibe] = useState<Level>("Relaxed");
  const { places, failed } = useLivePlaces();
  const hydrated = useHydrated();

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
            <span className="install-on-phones">
              {hydrated ? (
                <Suspense fallback={null}>
                  <InstallOffer />
                </Suspense>
              ) : null}
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
        <LevelFilterControl legend="What are you in the mood for?" options={LEVELS} value={vibe} onChange={setVibe} />
        <p className="vibe-description">
          {vibe}: {LEVEL_DISPLAY[vibe].description.toLowerCase()}.
        </p>
        <div aria-live="polite">
          {failed && !places ? (
            <p className="vibe-note">Live levels are unavailable at the moment. Please try again shortly.</p>
          ) : (
            <VibeExamples places={places} vibe={vibe} />
          )}
        </div>
      </SnapSection>

      <SnapSection id="updates" icon="pulse" title="Get Real-Time Updates" shaded lede={LEDES.updates}>
        <LiveStats places={places} />
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
