// Events coming up at saved places (docs/app.md#tonight): the first page of each of the most
// recently saved places' events (the profile's own request, cached at the edge), merged.
import { Link } from "react-router";
import type { EventsAnswer } from "../../../common/schemas/answers";
import type { SavedList } from "../../../common/schemas/saved";
import { publicApi, type Read } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { formatDateTime } from "../../lib/format";
import { AppSection } from "./AppSection";
import { Skeleton } from "./shell/Skeleton";
import { EVENT_PLACES, eventsComingUp } from "./tonight";

/** One read for the events of several places: the profiles' requests, sent together. */
function eventsOf(placeIds: number[]): Read<EventsAnswer[]> {
  const reads = placeIds.map((id) => publicApi.placeEvents(id));
  return { key: reads.map((read) => read.key).join(" + "), load: () => Promise.all(reads.map((read) => read.load())) };
}

export function SavedEvents({ saved, now }: { saved: SavedList | null; now: number }) {
  const places = saved?.places.slice(0, EVENT_PLACES) ?? [];
  const timezones = new Map(places.map((place) => [place.id, place.timezone]));
  const events = useApi(places.length > 0 ? eventsOf(places.map((place) => place.id)) : null);
  const shown = events.data ? eventsComingUp(events.data, now) : null;
  return (
    <AppSection id="saved-events" title="Events at your places">
      {places.length === 0 ? (
        <p>Events at the places you save show here.</p>
      ) : shown === null ? (
        events.error ? <p role="status">Events are unavailable at the moment.</p> : <Skeleton rows={2} />
      ) : shown.length === 0 ? (
        <p>Nothing on at your saved places this week.</p>
      ) : (
        <ul className="app-events">
          {shown.map((event) => (
            <li key={event.id}>
              <strong>{event.name}</strong>
              <span>
                {" · "}
                {event.is_recurring && event.repeating_days.length > 0 ? (
                  `Every ${event.repeating_days.join(", ")}`
                ) : (
                  <time dateTime={event.start_time}>{formatDateTime(event.start_time, timezones.get(event.place_id))}</time>
                )}
              </span>
              {event.place_name ? (
                <span>
                  {" · "}
                  <Link to={`/profile/${places.find((place) => place.id === event.place_id)?.slug ?? event.place_id}`}>{event.place_name}</Link>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AppSection>
  );
}
