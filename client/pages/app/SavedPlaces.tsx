// /app's saved places (docs/app.md#tonight): each with its level now, against usual, open or when it
// opens, and the best time tonight; offline, the last known level with its age, never as live
// (client/app/lastKnown.ts). Each row has a News switch (the place's announcements, off by default,
// docs/announcements.md); `actions` is each place's row of controls beyond unsaving (watches).
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { SavedPlace } from "../../../common/schemas/saved";
import { writeFailure } from "../../api/endpoints";
import { savedApi } from "../../api/savedEndpoints";
import { useApi } from "../../api/useApi";
import { closedStill, describeLevel, loadLiveLevels, type LiveLevels } from "../../app/lastKnown";
import { keptSaved, rememberSaved, type KeptSavedPlace } from "../../app/savedOffline";
import { LevelBadge } from "../../live/LevelBadge";
import { AppSection } from "./AppSection";
import { Skeleton } from "./shell/Skeleton";
import { savedPlaceLines, suggestionLevel } from "./tonight";
import { useLocale } from "../../lib/i18n";

/** The saved list refreshes as often as the live map. */
export const SAVED_REFRESH_MS = 30_000;

function SavedRow({ place, now, stale, actions, onUnsave, onNews, busy }: {
  place: SavedPlace;
  now: number;
  /** When the shown answer is older than the last refresh that failed: the level says its age. */
  stale: LiveLevels | null;
  actions?: (place: SavedPlace) => ReactNode;
  onUnsave: () => void;
  /** Turns the place's news (its announcements, docs/announcements.md) on or off. */
  onNews: (news: boolean) => void;
  busy: boolean;
}) {
  const lines = savedPlaceLines(place, now, useLocale());
  const level = stale ? describeLevel({ level: place.level, updated_at: null, open_now: place.open, opens_at: place.opens_at }, stale, now) : suggestionLevel(place, false);
  return (
    <li className="saved-place">
      <div className="saved-place-head">
        <h3>
          <Link to={`/profile/${place.slug}`}>{place.name}</Link>
        </h3>
        <LevelBadge level={place.level} closed={place.open === false} text={level} />
      </div>
      <ul className="saved-place-lines">
        {!stale && lines.vsUsual ? <li>{lines.vsUsual}</li> : null}
        {lines.open ? <li>{lines.open}</li> : null}
        {lines.best ? <li>{lines.best}</li> : null}
      </ul>
      <div className="saved-place-actions">
        <label className="news-switch">
          <input type="checkbox" role="switch" checked={place.news} disabled={busy} onChange={(event) => onNews(event.target.checked)} /> News from{" "}
          {place.name}
        </label>
        {actions?.(place)}
        <button type="button" className="link-button" disabled={busy} onClick={onUnsave}>
          Remove <span className="visually-hidden">{place.name}</span> from saved
        </button>
      </div>
    </li>
  );
}

/** Offline without the saved list: the kept names with the kept public levels and their age. */
function OfflineRows({ kept, now }: { kept: KeptSavedPlace[]; now: number }) {
  const [levels, setLevels] = useState<LiveLevels | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadLiveLevels(Date.now()).then((answer) => current && setLevels(answer));
    return () => {
      current = false;
    };
  }, []);
  return (
    <ul className="saved-places">
      {kept.map((place) => {
        const live = levels?.places.find((entry) => entry.id === place.id);
        const text = levels ? describeLevel(live ?? { level: null, updated_at: null }, levels, now) : "Level unknown offline";
        return (
          <li key={place.id} className="saved-place">
            <div className="saved-place-head">
              <h3>
                <Link to={`/profile/${place.slug}`}>{place.name}</Link>
              </h3>
              <LevelBadge level={live?.level ?? null} closed={live !== undefined && closedStill(live, now)} text={text} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function SavedPlaces({ now, actions }: { now: number; actions?: (place: SavedPlace) => ReactNode }) {
  const saved = useApi(savedApi.list(), { refreshMs: SAVED_REFRESH_MS });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) rememberSaved(saved.data);
  }, [saved.data]);

  const unsave = async (place: SavedPlace) => {
    setBusyId(place.id);
    setError(null);
    try {
      await savedApi.unsave(place.id);
      saved.setData((current) => ({ places: (current?.places ?? []).filter((entry) => entry.id !== place.id), generated_at: current?.generated_at ?? new Date(now).toISOString() }));
    } catch (failure) {
      setError(writeFailure(failure, `Could not remove ${place.name}.`, "Something went wrong. Please try again."));
    } finally {
      setBusyId(null);
    }
  };

  const setNews = async (place: SavedPlace, news: boolean) => {
    setBusyId(place.id);
    setError(null);
    try {
      await savedApi.save(place.id, news);
      saved.setData((current) => ({
        places: (current?.places ?? []).map((entry) => (entry.id === place.id ? { ...entry, news } : entry)),
        generated_at: current?.generated_at ?? new Date(now).toISOString(),
      }));
    } catch (failure) {
      setError(writeFailure(failure, `Could not change the news from ${place.name}.`, "Something went wrong. Please try again."));
    } finally {
      setBusyId(null);
    }
  };

  const stale: LiveLevels | null =
    saved.data && saved.error !== null && saved.loadedAt !== null ? { places: [], fetchedAt: new Date(saved.loadedAt).toISOString(), live: false } : null;
  const kept = !saved.data && saved.error !== null ? keptSaved() : null;

  return (
    <AppSection id="saved-places" title="Saved places">
      {error ? <p role="alert">{error}</p> : null}
      {saved.data ? (
        saved.data.places.length === 0 ? (
          <p>
            Nothing saved yet. Open a place from the <Link to="/live-look">live map</Link> and save it to see it here.
          </p>
        ) : (
          <>
            {stale ? <p className="hint">You're offline: levels are the last known, with their age.</p> : null}
            <ul className="saved-places">
              {saved.data.places.map((place) => (
                <SavedRow
                  key={place.id}
                  place={place}
                  now={now}
                  stale={stale}
                  actions={actions}
                  busy={busyId === place.id}
                  onUnsave={() => void unsave(place)}
                  onNews={(news) => void setNews(place, news)}
                />
              ))}
            </ul>
          </>
        )
      ) : kept && kept.length > 0 ? (
        <>
          <p className="hint">You're offline: levels are the last known, with their age.</p>
          <OfflineRows kept={kept} now={now} />
        </>
      ) : saved.error !== null ? (
        <p role="alert">Your saved places are unavailable at the moment. Please try again shortly.</p>
      ) : (
        <Skeleton rows={2} tall />
      )}
    </AppSection>
  );
}
