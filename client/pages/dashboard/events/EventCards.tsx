// 'All Events': one card per event (photo or a default image, name, place, start time); choosing
// a card opens it for editing, and its "Add to calendar" link downloads it as an .ics file. A past
// event's card says how its latest occurrence did.
import { publicApi, publicFiles, readFailure } from "../../../api/endpoints";
import { ownerApi } from "../../../api/ownerEndpoints";
import { useApi } from "../../../api/useApi";
import { formatDateTime } from "../../../lib/format";
import { LOADING } from "../keyTrends";
import { MESSAGES } from "../../../lib/messages";
import { latestByEvent, liftText } from "../insights";
import defaultEventImage from "./default-event.svg";

export function EventCards({ placeId, onOpen }: { placeId: number | null; onOpen: (eventId: number) => void }) {
  const { data, error } = useApi(placeId === null ? ownerApi.events() : publicApi.placeEvents(placeId));
  const events = data?.events;
  // How each event's latest past occurrence did; the cards show without it while it loads.
  const insights = useApi(placeId === null ? null : ownerApi.eventInsights(placeId));
  const latest = insights.data ? latestByEvent(insights.data.occurrences) : null;

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
            {latest?.has(event.id) ? <span className="event-lift">Last time: {liftText(latest.get(event.id)!)}</span> : null}
          </button>
          <a className="event-card-calendar" href={publicFiles.eventCalendar(event.id)} download>
            Add to calendar<span className="visually-hidden">: {event.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
