// The reminder /app shows while the account is checked in (docs/friends.md#check-ins): where, until
// when, who sees it, and one tap to stop. Nothing while not checked in.
import { useState } from "react";
import { Link } from "react-router";
import { writeFailure } from "../../api/endpoints";
import { checkInApi } from "../../api/friendsEndpoints";
import { useApi } from "../../api/useApi";
import { audienceText, clockTime } from "./clock";
import "./check-in.css";

export function CheckedInReminder() {
  const mine = useApi(checkInApi.mine(), { refreshMs: 60_000 });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const current = mine.data?.check_in;
  if (!current) return null;
  const stop = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await checkInApi.leave();
      mine.setData((data) => ({ check_in: null, ghost: data?.ghost ?? false }));
    } catch (error) {
      setProblem(writeFailure(error, "Could not stop your check-in.", "Could not reach Third Place. Try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    // Where the account is: masked in session replays (docs/monitoring.md#private-by-construction).
    <section className="card checked-in" aria-labelledby="checked-in-heading" data-dd-privacy="mask">
      <h2 id="checked-in-heading">
        You're checked in at <Link to={`/profile/${current.place.slug}`}>{current.place.name}</Link>
      </h2>
      <p>
        Until {clockTime(current.until)}, {audienceText(current.audience, current.friends.length, mine.data?.ghost ?? false)}.
      </p>
      <button type="button" className="button" onClick={stop} disabled={busy}>
        Stop sharing now
      </button>
      {problem ? <p role="alert" className="form-error">{problem}</p> : null}
    </section>
  );
}
