// 'All Events': one card per event (photo or a default image, name, place, start time); choosing
// a card opens it for editing.
import { publicApi, readFailure } from "../../../api/endpoints";
import { ownerApi } from "../../../api/ownerEndpoints";
import { useApi } from "../../../api/useApi";
import { formatDateTime } from "../../../lib/format";
import { LOADING } from "../keyTrends";
import { MESSAGES } from "../../../lib/messages";
import defaultEventImage from "./default-event.svg";

export function EventCards({ placeId, onOpen }: { placeId: number | null; onOpen: (eventId: number) => void }) {
  const { data, error } = useApi(placeId === null ? ownerApi.events() : publicApi.placeEvents(placeId));
  const events = data?.events;

  if (!events && error !== null)
    return <p role="alert" className="form-error">{readFailure(error, MESSAGES.fetchEventsFailed, MESSAGES.unexpected)}</p>;
  if (!events) return <p className="loading">{LOADING}</p>;
  if (events.length === 0) return <p>No upcoming events yet. Use Add Event to announce one.</p>;
  return (
    <ul className="event-cards">
      {events.map((event) => (
        <li key={event.id}>
          <button type="button" className="event-card" onClick={() => onOpen(event.id)}>
            <img src={event.photo_url ?? defaultEventImage} alt="" loading="lazy" />
            <span className="event-card-name">{event.name}</span>
            <span className="event-card-place">{event.place_name ?? "Unknown Place"}</span>
            <time dateTime={event.start_time}>{formatDateTime(event.start_time)}</time>
          </button>
        </li>
      ))}
    </ul>
  );
}
