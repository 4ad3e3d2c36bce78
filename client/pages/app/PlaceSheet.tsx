// A place from Near me, in a sheet over the bottom of the screen (docs/app.md#near-me): its level and
// lines, then Save, Tell me when, Check in and Plan here. Focus moves into it and back to the list
// on close; Escape closes it.
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { CheckInControl } from "../../app/friends/CheckInControl";
import { LevelBadge } from "../../live/LevelBadge";
import SavePlace from "../live/SavePlace";
import { WatchControl } from "../live/WatchControl";
import { NEAR_MESSAGES } from "./nearMessages";
import { nearbyLines, type NearbyPlace } from "./nearMe";
import { suggestionLevel } from "./tonight";
import { useLocale } from "../../lib/i18n";

export function PlaceSheet({ nearby, forecast, now, onClose }: { nearby: NearbyPlace; forecast: boolean; now: number; onClose: () => void }) {
  const { place } = nearby;
  const locale = useLocale();
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    sheet.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, [onClose]);
  return (
    <div className="sheet-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={sheet} className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="sheet-head">
          <h2 id={titleId}>{place.name}</h2>
          <button type="button" className="sheet-close" aria-label={NEAR_MESSAGES.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p>
          <LevelBadge level={place.level} closed={place.open === false} text={suggestionLevel(place, forecast)} />
        </p>
        <p className="near-place-lines">{nearbyLines(nearby, forecast, now, locale).join(" · ")}</p>
        <div className="sheet-actions">
          <SavePlace place={place} />
          <Link className="button" to={`/app/plans/new?place=${encodeURIComponent(place.slug)}`}>{NEAR_MESSAGES.planHere}</Link>
          <Link className="button secondary" to={`/profile/${place.slug}`}>{NEAR_MESSAGES.profile}</Link>
        </div>
        <WatchControl placeId={place.id} placeName={place.name} />
        <CheckInControl placeId={place.id} placeName={place.name} placeSlug={place.slug} />
      </div>
    </div>
  );
}
