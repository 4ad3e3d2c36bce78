// 'All Events': one card per event (photo or a default image, name, place, start time); choosing
// a card opens it for editing (spec §2 Events manager).
import { useEffect, useState } from "react";
import type { EventAnswer } from "../../../../worker/schemas/answers";
import { request } from "../../../api/request";
import { formatDateTime } from "../format";
import { MESSAGES } from "../messages";
import defaultEventImage from "./default-event.svg";

export function EventCards({ placeId, onOpen }: { placeId: number | null; onOpen: (eventId: number) => void }) {
  const [events, setEvents] = useState<EventAnswer[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const endpoint = placeId === null ? "/api/events" : `/api/business/${placeId}/events`;
    request("GET", endpoint)
      .then(async (response) => {
        if (!current) return;
        if (!response.ok) {
          setError(MESSAGES.fetchEventsFailed);
          return;
        }
        const answer = (await response.json()) as { events: EventAnswer[] };
        if (current) setEvents(answer.events);
      })
      .catch((caught: unknown) => {
        console.error(caught);
        if (current) setError(MESSAGES.unexpected);
      });
    return () => {
      current = false;
    };
  }, [placeId]);

  if (error) return <p role="alert" className="form-error">{error}</p>;
  if (!events) return <p className="loading">Loading...</p>;
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
