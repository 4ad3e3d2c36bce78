// The home area in settings (docs/accounts.md#settings-for-people): found by a place's name or a
// street among the places we know (the live map's answer), or the phone's position once; never
// typed as numbers. It says the area by the nearest place we know (the suggestions' answer).
import { useId, useMemo, useState } from "react";
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { useLivePlaces } from "../../live/useLivePlaces";
import type { Point } from "./nearMe";
import { homeFromPosition, placeMatches } from "./settingsForm";
import { SETTINGS } from "./settingsMessages";

/** How near a known place must be for the area to be called by its name. */
const NAMED_WITHIN_M = 1_000;

export function HomeAreaPicker({ home, error, onChange }: { home: Point | null; error?: string; onChange: (home: Point | null) => void }) {
  const ids = useId();
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const { places } = useLivePlaces();
  const nearest = useApi(home && !picked ? publicApi.suggestions({ lat: home.lat, lng: home.lng, radius_m: NAMED_WITHIN_M, limit: 1 }) : null);
  const matches = useMemo(() => placeMatches(query, places ?? []), [query, places]);
  const name = picked ?? nearest.data?.places[0]?.name ?? null;

  const choose = (point: Point | null, placeName: string | null) => {
    setPicked(placeName);
    setQuery("");
    setProblem(null);
    onChange(point);
  };
  const locateOnce = () => {
    setProblem(null);
    if (!("geolocation" in navigator)) return setProblem(SETTINGS.locationFailed);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        choose(homeFromPosition(coords.latitude, coords.longitude), null);
      },
      () => {
        setLocating(false);
        setProblem(SETTINGS.locationFailed);
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };

  return (
    <fieldset>
      <legend>{SETTINGS.homeLegend}</legend>
      <p className="home-now" aria-live="polite">
        {home === null ? SETTINGS.homeNone : name ? SETTINGS.homeNear(name) : home && nearest.data ? SETTINGS.homeSet : "\u00a0"}
      </p>
      <p className="field-hint">{SETTINGS.homeHint}</p>
      <div className="field">
        <label htmlFor={`${ids}-search`}>{SETTINGS.homeSearch}</label>
        <p className="field-hint" id={`${ids}-search-hint`}>{SETTINGS.homeSearchHint}</p>
        <input
          id={`${ids}-search`}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={`${ids}-search-hint ${ids}-found`}
          aria-invalid={error ? true : undefined}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p id={`${ids}-found`} className="visually-hidden" aria-live="polite">
        {query.trim().length >= 2 ? (matches.length > 0 ? SETTINGS.homeMatches(matches.length) : SETTINGS.homeNoMatch) : ""}
      </p>
      {query.trim().length >= 2 && matches.length === 0 ? <p className="field-hint">{SETTINGS.homeNoMatch}</p> : null}
      {matches.length > 0 ? (
        <ul className="home-matches">
          {matches.map((place) => (
            <li key={place.id}>
              <button
                type="button"
                aria-label={SETTINGS.homePick(place.name)}
                onClick={() => choose(homeFromPosition(place.latitude!, place.longitude!), place.name)}
              >
                <span className="home-match-name">{place.name}</span>
                <span className="home-match-address">{place.address}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="field-error">{error}</p> : null}
      {problem ? <p role="alert" className="field-error">{problem}</p> : null}
      <div className="app-links">
        <button type="button" className="button secondary" disabled={locating} onClick={locateOnce}>
          {locating ? SETTINGS.locating : SETTINGS.useLocationOnce}
        </button>
        {home ? (
          <button type="button" className="link-button" onClick={() => choose(null, null)}>
            {SETTINGS.clearHome}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
