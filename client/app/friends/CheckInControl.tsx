// "I'm here" on a venue's profile for a signed-in account (docs/friends.md#check-ins): how long,
// and who may see it (all friends, chosen friends, no one); "2 friends here" when friends who chose
// to be seen are here, and a plan with friends here. No position is asked for or sent.
import { useId, useState, type FormEvent } from "react";
import { PageLink } from "../../lib/pageLink";
import { CHECK_IN_DEFAULT_HOURS, CHECK_IN_MAX_HOURS, CHECK_IN_MIN_HOURS, type CheckInAudience } from "../../../common/schemas/friends";
import { writeFailure } from "../../api/endpoints";
import { checkInApi, friendsApi } from "../../api/friendsEndpoints";
import { useApi } from "../../api/useApi";
import { plural } from "../../lib/format";
import { audienceText, clockTime } from "./clock";
import "./check-in.css";

const HOURS = Array.from({ length: CHECK_IN_MAX_HOURS - CHECK_IN_MIN_HOURS + 1 }, (_, i) => CHECK_IN_MIN_HOURS + i);

export function CheckInControl({ placeId, placeName, placeSlug }: { placeId: number; placeName: string; placeSlug: string }) {
  const mine = useApi(checkInApi.mine());
  const here = useApi(checkInApi.here(placeId), { refreshMs: 60_000 });
  const current = mine.data?.check_in;
  const herePeople = here.data?.friends ?? [];
  return (
    // Who is here, and where the account is: masked in session replays (docs/monitoring.md#private-by-construction).
    <section className="card check-in" aria-labelledby="check-in-heading" data-dd-privacy="mask">
      <h2 id="check-in-heading">Friends</h2>
      {herePeople.length > 0 ? (
        <p className="friends-here">
          <strong>{plural(herePeople.length, "friend")} here</strong>: {herePeople.map((friend) => friend.name).join(", ")}
        </p>
      ) : here.data ? (
        <p className="hint">None of your friends is checked in here.</p>
      ) : null}
      {current?.place.id === placeId ? (
        <p role="status">
          You're checked in here until {clockTime(current.until)}, {audienceText(current.audience, current.friends.length, mine.data?.ghost ?? false)}.{" "}
          <button type="button" className="link-button" onClick={async () => {
            await checkInApi.leave();
            mine.setData((data) => ({ check_in: null, ghost: data?.ghost ?? false }));
          }}>
            Stop sharing
          </button>
        </p>
      ) : mine.data ? (
        <CheckInForm placeId={placeId} placeName={placeName} elsewhere={current?.place.name ?? null} onDone={(answer) => mine.setData(answer)} />
      ) : null}
      <p>
        <PageLink to={`/app/plans/new?place=${encodeURIComponent(placeSlug)}`}>
          Plan a meetup here <span className="visually-hidden">at {placeName}</span>
        </PageLink>
      </p>
    </section>
  );
}

function CheckInForm({
  placeId,
  placeName,
  elsewhere,
  onDone,
}: {
  placeId: number;
  placeName: string;
  elsewhere: string | null;
  onDone: (answer: Awaited<ReturnType<typeof checkInApi.checkIn>>) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState(CHECK_IN_DEFAULT_HOURS);
  const [audience, setAudience] = useState<CheckInAudience>("friends");
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const friends = useApi(open ? friendsApi.friends() : null);

  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        I'm here <span className="visually-hidden">at {placeName}</span>
      </button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (audience === "chosen" && chosen.length === 0) {
      setProblem("Choose at least one friend, or pick another audience.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onDone(await checkInApi.checkIn({ place_id: placeId, hours, audience, friends: audience === "chosen" ? chosen : undefined }));
      setOpen(false);
    } catch (error) {
      setProblem(writeFailure(error, "Could not check you in.", "Could not reach Third Place. Try again."));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (friendId: number) => setChosen((list) => (list.includes(friendId) ? list.filter((other) => other !== friendId) : [...list, friendId]));
  return (
    <form className="check-in-form" onSubmit={submit} aria-label={`Check in at ${placeName}`}>
      {elsewhere ? <p className="hint">This ends your check-in at {elsewhere}.</p> : null}
      <label htmlFor={`${id}-hours`}>For how long</label>
      <select id={`${id}-hours`} value={hours} onChange={(event) => setHours(Number(event.target.value))}>
        {HOURS.map((value) => (
          <option key={value} value={value}>{plural(value, "hour")}</option>
        ))}
      </select>
      <fieldset>
        <legend>Who can see you're here</legend>
        {(
          [
            ["friends", "All my friends"],
            ["chosen", "Friends I choose"],
            ["nobody", "No one (just for me)"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="choice">
            <input type="radio" name={`${id}-audience`} value={value} checked={audience === value} onChange={() => setAudience(value)} /> {label}
          </label>
        ))}
      </fieldset>
      {audience === "chosen" ? (
        <fieldset>
          <legend>Friends who can see it</legend>
          {friends.data?.friends.length === 0 ? <p className="hint">You have no friends on Third Place yet.</p> : null}
          {friends.data?.friends.map((friend) => (
            <label key={friend.id} className="choice">
              <input type="checkbox" checked={chosen.includes(friend.id)} onChange={() => toggle(friend.id)} /> {friend.name} <span className="hint">@{friend.handle}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="hint">We never use or store your location: only the place you pick, until the time you pick.</p>
      {problem ? <p role="alert" className="form-error">{problem}</p> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>Check in</button>
        <button type="button" className="link-button" onClick={() => setOpen(false)}>Cancel</button>
      </div>
    </form>
  );
}
