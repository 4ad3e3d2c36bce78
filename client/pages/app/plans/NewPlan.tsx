// /app/plans/new: make a plan (docs/friends.md#making-a-plan-in-the-app): a place found by name, a
// date and time on the place's clock, a title, room for how many, and friends to invite from a
// checkbox list; the server's refusal is shown by the field it names. `?place=<slug or id>` (the
// venue profile's "Plan a meetup here") chooses the place.
import { useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, publicApi, writeFailure } from "../../../api/endpoints";
import { friendsApi } from "../../../api/friendsEndpoints";
import { socialApi } from "../../../api/socialEndpoints";
import { useApi } from "../../../api/useApi";
import { useRequireSession } from "../../../api/useRequireSession";
import { InputField } from "../../../components/Field";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { zoneAbbreviation } from "../../../../common/zone-name";
import { MAX_CAPACITY, MAX_INVITEES, PLAN_TITLE_MAX } from "../../../../common/schemas/plans";
import { defaultStart, matchingPlaces, refusalByField, refusalSummary, startsAtOf, type PlanField } from "./newPlan";
import "../app.css";

interface ChosenPlace {
  id: number;
  name: string;
  address: string;
  timezone: string;
}

export default function NewPlan() {
  useDocumentTitle("Make a plan");
  const { ready, pickupView } = useRequireSession();
  const placeKey = useSearchParams()[0].get("place");
  const given = useApi(ready && placeKey ? publicApi.place(placeKey) : null);
  return (
    <main className="page app-page" id="main">
      {pickupView}
      <p>
        <Link to="/app/plans">All plans</Link>
      </p>
      <h1>Make a plan</h1>
      {/* Keyed by the given place, so the form starts over with it once it has loaded. */}
      {ready && (!placeKey || given.data || given.error) ? <PlanForm key={given.data?.id ?? "none"} initialPlace={given.data ?? null} /> : null}
    </main>
  );
}

function PlanForm({ initialPlace }: { initialPlace: ChosenPlace | null }) {
  const navigate = useNavigate();
  const ids = useId();
  const friends = useApi(friendsApi.friends());
  const [typed, setTyped] = useState("");
  const places = useApi(typed.trim() ? publicApi.live() : null);
  const [place, setPlace] = useState<ChosenPlace | null>(initialPlace);
  const [when, setWhen] = useState(() => defaultStart(Date.now(), initialPlace?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone));
  const [title, setTitle] = useState("");
  const [capacity, setCapacity] = useState("");
  const [invitees, setInvitees] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: string; fields: Partial<Record<PlanField, string>> } | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const matches = matchingPlaces(places.data?.places ?? [], typed);

  const choose = (chosen: ChosenPlace) => {
    // A place in another zone: keep the time as typed, read on the new place's clock.
    setPlace(chosen);
    setTyped("");
  };
  const toggle = (id: number, on: boolean) => setInvitees((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fail = (error: string, fields: Partial<Record<PlanField, string>> = {}) => {
      setFailure({ error, fields });
      requestAnimationFrame(() => failureRef.current?.focus());
    };
    if (!place) return fail("Choose a place first.", { place_id: "Find the place by its name and choose it." });
    if (invitees.length === 0) return fail("Invite at least one friend.", { invitees: "Choose at least one friend." });
    const startsAt = startsAtOf(when.date, when.time, place.timezone);
    if (!startsAt) return fail("Give the date and the time.", { starts_at: "Give the date and the time." });
    setBusy(true);
    setFailure(null);
    try {
      const plan = await socialApi.createPlan({ place_id: place.id, starts_at: startsAt, title: title.trim() || null, capacity: capacity ? Number(capacity) : null, invitees });
      navigate(`/app/plans/${plan.id}`);
    } catch (error) {
      const byField = error instanceof ApiError ? refusalByField(error.answer) : {};
      fail(refusalSummary(byField, writeFailure(error, "The plan was not made.", "The plan was not made: check your connection.")), byField);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: PlanField) => failure?.fields[field];
  const zone = place ? zoneAbbreviation(place.timezone, Date.now()) : null;
  return (
    <form className="settings-form plan-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      {failure ? (
        <p className="field-error" role="alert" tabIndex={-1} ref={failureRef}>
          {failure.error}
        </p>
      ) : null}
      <fieldset aria-describedby={fieldError("place_id") ? `${ids}-place-error` : undefined}>
        <legend>Where</legend>
        {place ? (
          <p>
            <strong>{place.name}</strong> <span className="hint">{place.address}</span>
          </p>
        ) : null}
        <InputField
          id={`${ids}-find`}
          label={place ? "Find another place" : "Find a place"}
          type="search"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          hint="Type part of its name or street."
        />
        {typed.trim() ? (
          <ul className="plan-place-results" aria-label="Places found" aria-live="polite">
            {matches.map((match) => (
              <li key={match.id}>
                <button type="button" onClick={() => choose(match)}>
                  {match.name} <span className="hint">{match.address}</span>
                </button>
              </li>
            ))}
            {places.data && matches.length === 0 ? <li className="hint">No place by that name.</li> : null}
          </ul>
        ) : null}
        {fieldError("place_id") ? <p className="field-error" id={`${ids}-place-error`}>{fieldError("place_id")}</p> : null}
      </fieldset>

      <fieldset>
        <legend>When{zone ? ` (on ${place!.name}'s clock, ${zone})` : ""}</legend>
        <div className="pair">
          <InputField id={`${ids}-date`} label="Date" type="date" required value={when.date} onChange={(event) => setWhen({ ...when, date: event.target.value })} />
          <InputField
            id={`${ids}-time`}
            label="Time"
            type="time"
            required
            value={when.time}
            onChange={(event) => setWhen({ ...when, time: event.target.value })}
            error={fieldError("starts_at")}
          />
        </div>
      </fieldset>

      <InputField id={`${ids}-title`} label="Title (optional)" maxLength={PLAN_TITLE_MAX} value={title} onChange={(event) => setTitle(event.target.value)} error={fieldError("title")} />
      <InputField
        id={`${ids}-capacity`}
        label="Room for (optional)"
        type="number"
        inputMode="numeric"
        min={2}
        max={MAX_CAPACITY}
        value={capacity}
        onChange={(event) => setCapacity(event.target.value)}
        hint="How many can go, you included. Empty: no limit."
        error={fieldError("capacity")}
      />

      <fieldset aria-describedby={fieldError("invitees") ? `${ids}-invitees-error` : undefined}>
        <legend>Invite friends (up to {MAX_INVITEES})</legend>
        {friends.error ? <p className="field-error">Your friends could not be loaded.</p> : null}
        {friends.data && friends.data.friends.length === 0 ? (
          <p>
            No friends yet. <Link to="/app/friends">Add a friend</Link> to make a plan with them.
          </p>
        ) : null}
        <div className="checkbox-grid">
          {friends.data?.friends.map((friend) => (
            <label key={friend.id}>
              <input type="checkbox" checked={invitees.includes(friend.id)} onChange={(event) => toggle(friend.id, event.target.checked)} />{" "}
              {friend.name || `@${friend.handle}`} <span className="hint">@{friend.handle}</span>
            </label>
          ))}
        </div>
        {fieldError("invitees") ? <p className="field-error" id={`${ids}-invitees-error`}>{fieldError("invitees")}</p> : null}
      </fieldset>

      <button type="submit" className="button" disabled={busy}>
        {busy ? "Making the plan…" : "Make the plan"}
      </button>
    </form>
  );
}
