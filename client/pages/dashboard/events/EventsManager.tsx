// The events manager inside the dashboard: 'All Events' (with how past events did) and 'Add Event' tabs, and
// the edit view a card opens. Saving alerts and returns to the list, which reloads; deleting
// returns to the list with 'Event deleted successfully!'. The category editor (spec's
// 'edit-event-category' view) is a dialog over the form, so a half-filled event survives a visit.
import { useState } from "react";
import type { PlaceHours } from "../../../../common/schemas/answers";
import { readFailure, writeFailure } from "../../../api/endpoints";
import { ownerApi } from "../../../api/ownerEndpoints";
import { useApi } from "../../../api/useApi";
import { eventFormDefaults, eventFormValues, toEventFormData, type EventFormValues } from "../../../lib/eventForm";
import { LOADING } from "../keyTrends";
import { MESSAGES } from "../../../lib/messages";
import { EventCards } from "./EventCards";
import { EventForm } from "./EventForm";
import { EventInsights } from "./EventInsights";

type View = { name: "all-events" } | { name: "add-event" } | { name: "edit-event"; eventId: number };

/** Sends the form; resolves to the sentence to show when it failed, null when it was saved. */
async function saveEvent(send: (form: FormData) => Promise<unknown>, values: EventFormValues, fallback: string) {
  try {
    await send(toEventFormData(values));
    return null;
  } catch (error) {
    return writeFailure(error, fallback, MESSAGES.unexpectedTryAgain);
  }
}

function EditEvent({ eventId, onSaved, onDeleted }: { eventId: number; onSaved: () => void; onDeleted: () => void }) {
  const { data: event, error: loadError } = useApi(ownerApi.event(eventId));
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (!window.confirm(MESSAGES.confirmDeleteEvent)) return;
    setDeleting(true);
    setError(null);
    try {
      await ownerApi.deleteEvent(eventId);
      onDeleted();
      return;
    } catch (caught) {
      setError(writeFailure(caught, MESSAGES.deleteEventFailed, MESSAGES.unexpectedTryAgain));
    }
    setDeleting(false);
  };

  if (!event)
    return loadError !== null ? (
      <p role="alert" className="form-error">{readFailure(loadError, MESSAGES.fetchEventDetailsFailed, MESSAGES.unexpected)}</p>
    ) : (
      <p className="loading">{LOADING}</p>
    );
  return (
    <>
      {error ? <p role="alert" className="form-error">{error}</p> : null}
      <EventForm
        heading={`Edit ${event.name}`}
        initial={eventFormValues(event)}
        currentImage={event.photo_url}
        submitLabel="Save Changes"
        onSubmit={async (values) => {
          const problem = await saveEvent((form) => ownerApi.updateEvent(eventId, form), values, MESSAGES.updateEventFailed);
          if (!problem) {
            window.alert(MESSAGES.eventUpdated);
            onSaved();
          }
          return problem;
        }}
        extraActions={
          <button type="button" className="button danger" onClick={remove} disabled={deleting}>
            Delete Event
          </button>
        }
      />
    </>
  );
}

/** `opening`: the venue's hours, so a new event starts at its next opening rather than at 6:31 AM. */
export function EventsManager({ placeId, opening }: { placeId: number | null; opening?: { hours: PlaceHours; timeZone: string } }) {
  const [view, setView] = useState<View>({ name: "all-events" });
  const [notice, setNotice] = useState<string | null>(null);
  const show = (next: View, message: string | null = null) => {
    setView(next);
    setNotice(message);
  };
  const listTab = view.name === "edit-event" ? null : view.name;

  return (
    <div className="events-manager">
      <div role="tablist" aria-label="Events" className="tabs small">
        {(["all-events", "add-event"] as const).map((name) => (
          <button
            key={name}
            id={`events-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={listTab === name}
            aria-controls="events-view"
            onClick={() => show({ name })}
          >
            {name === "all-events" ? "All Events" : "Add Event"}
          </button>
        ))}
      </div>
      <div
        id="events-view"
        role="tabpanel"
        aria-labelledby={listTab ? `events-tab-${listTab}` : undefined}
        aria-label={listTab ? undefined : "Edit event"}
      >
        {notice ? <p role="status" className="success-message">{notice}</p> : null}
        {view.name === "all-events" ? (
          <>
            <EventCards placeId={placeId} onOpen={(eventId) => show({ name: "edit-event", eventId })} />
            {placeId === null ? null : <EventInsights placeId={placeId} />}
          </>
        ) : view.name === "add-event" ? (
          <EventForm
            heading="Add Event"
            initial={eventFormDefaults(new Date(), placeId, opening)}
            submitLabel="Create Event"
            onSubmit={async (values) => {
              const problem = await saveEvent(ownerApi.createEvent, values, MESSAGES.createEventFailed);
              if (!problem) {
                window.alert(MESSAGES.eventCreated);
                show({ name: "all-events" });
              }
              return problem;
            }}
          />
        ) : (
          <EditEvent
            key={view.eventId}
            eventId={view.eventId}
            onSaved={() => show({ name: "all-events" })}
            onDeleted={() => show({ name: "all-events" }, MESSAGES.eventDeleted)}
          />
        )}
      </div>
    </div>
  );
}
