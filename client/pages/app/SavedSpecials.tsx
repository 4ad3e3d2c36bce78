// Specials at saved places on now or starting within 3 hours (docs/app.md#tonight): each of the
// most recently saved places' public specials (the profile's own request, cached at the edge).
import { Link } from "react-router";
import type { SavedList } from "../../../common/schemas/saved";
import type { SpecialsAnswer } from "../../../common/schemas/special";
import { publicApi, type Read } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { AppSection } from "./AppSection";
import { Skeleton } from "./shell/Skeleton";
import { EVENT_PLACES, specialSoonText, specialsSoon } from "./tonight";
import { useLocale } from "../../lib/i18n";

/** One read for the specials of several places: the profiles' requests, sent together. */
function specialsOf(placeIds: number[]): Read<SpecialsAnswer[]> {
  const reads = placeIds.map((id) => publicApi.specials(id));
  return { key: reads.map((read) => read.key).join(" + "), load: () => Promise.all(reads.map((read) => read.load())) };
}

export function SavedSpecials({ saved, now }: { saved: SavedList | null; now: number }) {
  const places = saved?.places.slice(0, EVENT_PLACES) ?? [];
  const locale = useLocale();
  const answers = useApi(places.length > 0 ? specialsOf(places.map((place) => place.id)) : null);
  const shown = answers.data ? specialsSoon(answers.data.map((answer, i) => ({ place: places[i], specials: answer.specials })), now) : null;
  return (
    <AppSection id="saved-specials" title="Specials soon">
      {places.length === 0 ? (
        <p>Specials at the places you save show here when they are on or about to start.</p>
      ) : shown === null ? (
        answers.error ? <p role="status">Specials are unavailable at the moment.</p> : <Skeleton rows={2} />
      ) : shown.length === 0 ? (
        <p>No special on or starting in the next 3 hours at your saved places.</p>
      ) : (
        <ul className="app-events">
          {shown.map((entry) => (
            <li key={`${entry.place.id}-${entry.special.id}`}>
              <strong>{specialSoonText(entry, now, locale)}</strong>
              {entry.special.text ? <span>{` · ${entry.special.text}`}</span> : null}
              <span>
                {" · "}
                <Link to={`/profile/${entry.place.slug}`}>{entry.place.name}</Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </AppSection>
  );
}
