// /admin/manage-events: every event as a card (cover or default image,
// name, start date, category, place name or 'Unknown Place') leading to its editor.
import { Link } from "react-router";
import { ownerApi } from "../../../api/ownerEndpoints";
import { ADMIN } from "../../../api/adminEndpoints";
import { useAdminData } from "../adminApi";
import defaultCover from "../default-cover.svg";
import { formatDateTime } from "../../../lib/format";
import { ADMIN_MESSAGES } from "../messages";

export function AdminEventList() {
  const events = useAdminData(ownerApi.events(ADMIN), ADMIN_MESSAGES.fetchEventsFailed);
  if (events.error) return <p role="alert" className="field-error">{events.error}</p>;
  if (!events.data) return <p>Loading...</p>;
  if (events.data.events.length === 0) return <p>No events yet.</p>;
  return (
    <ul className="admin-cards">
      {events.data.events.map((event) => (
        <li key={event.id}>
          <Link className="admin-card" to={`/admin/edit-event/${event.id}`}>
            <img src={event.cover_image ?? event.photo_url ?? defaultCover} alt="" loading="lazy" />
            <span className="admin-card-title">{event.name}</span>
            <span>
              <span className="visually-hidden">Starts </span>
              <time dateTime={event.start_time}>{formatDateTime(event.start_time)}</time>
            </span>
            {event.category_name ? (
              <span>
                <span className="visually-hidden">Category: </span>
                {event.category_name}
              </span>
            ) : null}
            <span className="admin-muted">{event.place_name ?? ADMIN_MESSAGES.unknownPlace}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
