// "Where can I go now, or at 9?" (docs/app.md#tonight): suggestions near the account's home area,
// or near the phone if the person asks (the position lives in this component's state only: it is
// sent as the query and never stored), now or at an hour they pick, ranked by their preferences.
import { useId, useState } from "react";
import { Link } from "react-router";
import type { MeAnswer } from "../../../common/schemas/answers";
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { quietAtTime } from "../../live/quietAt";
import { clockText, VS_USUAL_TEXT } from "../../live/whenToGo";
import { LevelBadge } from "../../live/LevelBadge";
import { AppSection } from "./AppSection";
import { distanceText, suggestionLevel, suggestionOpen } from "./tonight";

/** How many suggestions /app lists. */
export const SUGGESTIONS_SHOWN = 8;

type Point = { lat: number; lng: number };
type Locating = { state: "idle" } | { state: "asking" } | { state: "denied"; message: string };

export function Suggestions({ me, now }: { me: MeAnswer; now: number }) {
  const ids = useId();
  const [here, setHere] = useState<Point | null>(null);
  const [locating, setLocating] = useState<Locating>({ state: "idle" });
  // "now" or a local hour (0–23).
  const [when, setWhen] = useState<"now" | number>("now");
  const prefs = me.preferences;
  const hasKinds = prefs.categories.length > 0 || prefs.tags.length > 0;
  const [onlyMine, setOnlyMine] = useState(hasKinds);
  const from = here ?? me.home;

  const at = when === "now" ? undefined : quietAtTime(when, new Date(now)).toISOString();
  const answer = useApi(
    from
      ? publicApi.suggestions({
          lat: from.lat,
          lng: from.lng,
          at,
          level: prefs.level ?? undefined,
          category: onlyMine && prefs.categories.length > 0 ? prefs.categories.join(",") : undefined,
          tag: onlyMine && prefs.tags.length > 0 ? prefs.tags.join(",") : undefined,
          limit: SUGGESTIONS_SHOWN,
        })
      : null,
  );

  const locate = () => {
    if (!("geolocation" in navigator)) {
      setLocating({ state: "denied", message: "This browser cannot tell where you are." });
      return;
    }
    setLocating({ state: "asking" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setHere({ lat: position.coords.latitude, lng: position.coords.longitude });
        setLocating({ state: "idle" });
      },
      () => setLocating({ state: "denied", message: "We could not get your location. Your home area is used instead, if you set one." }),
      { maximumAge: 300_000, timeout: 15_000 },
    );
  };

  const forecast = answer.data?.forecast ?? false;
  return (
    <AppSection id="suggestions" title="Where can I go now, or at 9?">
      <div className="suggest-controls">
        <div>
          <label htmlFor={`${ids}-when`}>When</label>
          <select id={`${ids}-when`} value={String(when)} onChange={(event) => setWhen(event.target.value === "now" ? "now" : Number(event.target.value))}>
            <option value="now">Now</option>
            {Array.from({ length: 24 }, (_, hour) => (
              <option key={hour} value={hour}>
                {clockText(hour)}
              </option>
            ))}
          </select>
        </div>
        {hasKinds ? (
          <div className="suggest-check">
            <input type="checkbox" id={`${ids}-mine`} checked={onlyMine} onChange={(event) => setOnlyMine(event.target.checked)} />
            <label htmlFor={`${ids}-mine`}>Only the kinds of places I like</label>
          </div>
        ) : null}
        <div className="suggest-near">
          <p>{here ? "Near you now." : me.home ? "Near your home area." : null}</p>
          {here ? null : (
            <button type="button" className="button secondary small" disabled={locating.state === "asking"} onClick={locate}>
              {locating.state === "asking" ? "Finding you…" : "Use my location"}
            </button>
          )}
        </div>
      </div>
      {locating.state === "denied" ? <p role="alert">{locating.message}</p> : null}
      {!from ? (
        <p>
          Use your location, or <Link to="/app/settings">set a home area in Settings</Link>, to see places near you.
        </p>
      ) : !answer.data ? (
        <p role="status">{answer.error ? "Suggestions are unavailable at the moment." : "Finding places…"}</p>
      ) : answer.data.places.length === 0 ? (
        <p>No places{forecast ? ` open at ${clockText(when as number)}` : ""} nearby. Try another time, or the live map.</p>
      ) : (
        <ul className="suggestions" aria-label={forecast ? `Places at ${clockText(when as number)}` : "Places now"}>
          {answer.data.places.map((place) => {
            const open = suggestionOpen(place, forecast, now);
            return (
              <li key={place.id} className="suggestion">
                <div className="saved-place-head">
                  <h3>
                    <Link to={`/profile/${place.slug}`}>{place.name}</Link>
                  </h3>
                  <LevelBadge level={place.level} closed={place.open === false} text={suggestionLevel(place, forecast)} />
                </div>
                <ul className="saved-place-lines">
                  <li>{distanceText(place.distance_m)} away</li>
                  {place.vs_usual ? <li>{VS_USUAL_TEXT[place.vs_usual]}</li> : null}
                  {open ? <li>{open}</li> : null}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </AppSection>
  );
}
