// Home's "What are you in the mood for?": a level to pick and the live venues that read it. An
// island of Home, hydrated at the first touch (docs/server-rendering.md#islands); until then the
// worker's HTML shows the first level's venues, and their links lead to the profiles.
import { useState } from "react";
import { PageLink } from "../../lib/pageLink";
import { LEVELS, type Level } from "../../../common/vocabulary";
import { type LivePlace } from "../../../common/schemas/answers";
import { LevelBadge } from "../../live/LevelBadge";
import { LevelFilterControl } from "../../live/LevelFilterControl";
import { LEVEL_DISPLAY, vibeExamples } from "../../live/levels";
import { useLivePlaces } from "../../live/useLivePlaces";

function VibeExamples({ places, vibe }: { places: LivePlace[] | null; vibe: Level }) {
  if (places === null) return <p className="vibe-note">Loading live venues…</p>;
  const examples = vibeExamples(places, vibe);
  if (examples.length === 0) {
    return (
      <p className="vibe-note">
        No venue reads {vibe} right now. Levels change through the night:{" "}
        <PageLink to="/live-look">check the live map</PageLink> for every venue.
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
              <PageLink to={`/profile/${place.slug}`}>{place.name}</PageLink>
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

export function VibePicker() {
  const [vibe, setVibe] = useState<Level>("Relaxed");
  const { places, failed } = useLivePlaces();
  return (
    <>
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
    </>
  );
}
