// Home's "What are you in the mood for?": a level to pick and the live venues that read it. An
// island of Home, hydrated at the first touch (docs/server-rendering.md#islands); until then the
// worker's HTML shows the first level's venues, and their links lead to the profiles.
import { useState } from "react";
import { PageLink } from "../../lib/pageLink";
import { LEVELS, type Level } from "../../../common/vocabulary";
import { type LivePlace } from "../../../common/schemas/answers";
import { LevelBadge } from "../../live/LevelBadge";
import { LevelFilterControl } from "../../live/LevelFilterControl";
import { asClause, LEVEL_DISPLAY, vibeExamples } from "../../live/levels";
import { useLivePlaces } from "../../live/useLivePlaces";
import { usePageLanguage, useT } from "../../lib/i18n";

function VibeExamples({ places, vibe }: { places: LivePlace[] | null; vibe: Level }) {
  const t = useT();
  if (places === null) return <p className="vibe-note">{t("vibe.loading")}</p>;
  const examples = vibeExamples(places, vibe);
  if (examples.length === 0) {
    return (
      <p className="vibe-note">
        {t("vibe.none", { level: t(LEVEL_DISPLAY[vibe].name) })} <PageLink to="/live-look">{t("vibe.checkMap")}</PageLink> {t("vibe.everyVenue")}
      </p>
    );
  }
  return (
    <ul className="vibe-examples">
      {examples.map((place) => (
        <li key={place.id} className="vibe-card">
          {place.cover_image ? <img src={place.cover_image} alt="" width="320" height="180" loading="lazy" /> : null}
          <div>
            <h3 translate="no">
              <PageLink to={`/profile/${place.slug}`}>{place.name}</PageLink>
            </h3>
            <p className="vibe-address" translate="no">{place.address}</p>
            <LevelBadge level={place.level} />
            {/* A closed venue is never "About 0 people inside". */}
            {place.open_now === false ? (
              <p className="vibe-people">{t("level.closedDescription")}</p>
            ) : place.people !== null ? (
              <p className="vibe-people">{t("vibe.people", { count: place.people })}</p>
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
  const t = useT();
  const { locale } = usePageLanguage();
  return (
    <>
      <LevelFilterControl legend={t("vibe.legend")} options={LEVELS} value={vibe} onChange={setVibe} />
      <p className="vibe-description">
        {t("vibe.description", { level: t(LEVEL_DISPLAY[vibe].name), description: asClause(t(LEVEL_DISPLAY[vibe].description), locale) })}
      </p>
      <div aria-live="polite">
        {failed && !places ? (
          <p className="vibe-note">{t("vibe.unavailable")}</p>
        ) : (
          <VibeExamples places={places} vibe={vibe} />
        )}
      </div>
    </>
  );
}
