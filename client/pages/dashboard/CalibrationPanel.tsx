// The calibration line under the key trends, with "Count now": the owner counts the people in
// the room and the server recalibrates every number (docs/architecture.md#calibration).
import { useId, useRef, useState, type FormEvent } from "react";
import { writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { MAX_HEADCOUNT } from "../../../common/schemas/calibration";
import { calibrationSummary } from "./calibration";
import { RetryButton } from "./ChartCard";
import { LOADING } from "./keyTrends";

type State = { kind: "closed" } | { kind: "counting" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; message: string };

export function CalibrationPanel({ placeId, timeZone }: { placeId: number; timeZone: string }) {
  const headingId = useId();
  const inputId = useId();
  const { data, error, retry, setData } = useApi(ownerApi.calibration(placeId));
  const keyTrends = useApi(ownerApi.keyTrends(placeId));
  const [state, setState] = useState<State>({ kind: "closed" });
  const [people, setPeople] = useState("");
  const countButton = useRef<HTMLButtonElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setState({ kind: "saving" });
    try {
      setData(await ownerApi.headcount(placeId, { people }));
      setPeople("");
      setState({ kind: "saved" });
      void keyTrends.retry();
    } catch (failure) {
      setState({ kind: "failed", message: writeFailure(failure, "The headcount could not be saved.", "The server could not be reached. Try again in a moment.") });
    }
  }

  const counting = state.kind === "counting" || state.kind === "saving" || state.kind === "failed";
  return (
    <section className="calibration" aria-labelledby={headingId}>
      <h2 id={headingId}>Calibration</h2>
      {data ? <p>{calibrationSummary(data, timeZone)}</p> : error !== null ? <RetryButton retry={retry} what="the calibration" /> : <p>{LOADING}</p>}
      {counting ? (
        <form onSubmit={(event) => void save(event)} className="headcount-form">
          <label htmlFor={inputId}>People in the venue right now</label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_HEADCOUNT}
            step={1}
            required
            autoFocus
            value={people}
            onChange={(event) => setPeople(event.target.value)}
          />
          <button type="submit" className="button small" disabled={state.kind === "saving"}>
            Save headcount
          </button>
          <button
            type="button"
            className="button secondary small"
            onClick={() => {
              setState({ kind: "closed" });
              countButton.current?.focus();
            }}
          >
            Cancel
          </button>
          {state.kind === "failed" ? (
            <p role="alert" className="form-error">
              {state.message}
            </p>
          ) : null}
        </form>
      ) : (
        <button type="button" className="button secondary small" ref={countButton} onClick={() => setState({ kind: "counting" })}>
          Count now
        </button>
      )}
      {state.kind === "saved" ? (
        <p role="status" className="success-message">
          Headcount saved. Every number on this dashboard now counts people by this calibration.
        </p>
      ) : null}
    </section>
  );
}
