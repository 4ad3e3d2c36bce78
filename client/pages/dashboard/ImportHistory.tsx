// "Import history" in Place info: a counter's past as CSV. Choosing a file runs a dry run, so the
// owner sees what would be imported (or every bad line) before anything is stored.
import { useId, useState } from "react";
import { writeFailure } from "../../api/endpoints";
import { importHistory, isRefusal, previewHistory } from "../../api/history";
import { formatDateTime, plural } from "../../lib/format";
import type { HistoryPreview, HistoryProblem } from "../../../common/schemas/history";

type State =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "ready"; file: File; preview: HistoryPreview }
  | { kind: "refused"; error: string; problems: HistoryProblem[] }
  | { kind: "importing" }
  | { kind: "done"; message: string }
  | { kind: "failed"; message: string };

const UNEXPECTED = "The server could not be reached. Try again in a moment.";

function summary(preview: HistoryPreview, timeZone: string): string {
  const count = plural(preview.readings, "reading");
  if (!preview.from || !preview.to) return count;
  return `${count} from ${formatDateTime(preview.from, timeZone)} to ${formatDateTime(preview.to, timeZone)}`;
}

export function ImportHistory({ placeId, timeZone }: { placeId: number; timeZone: string }) {
  const headingId = useId();
  const inputId = useId();
  const [state, setState] = useState<State>({ kind: "idle" });

  async function check(file: File | undefined) {
    if (!file) return setState({ kind: "idle" });
    setState({ kind: "checking" });
    try {
      const answer = await previewHistory(placeId, file);
      setState(isRefusal(answer) ? { kind: "refused", error: answer.error, problems: answer.problems } : { kind: "ready", file, preview: answer });
    } catch (error) {
      setState({ kind: "failed", message: writeFailure(error, "The file could not be checked.", UNEXPECTED) });
    }
  }

  async function save(file: File) {
    setState({ kind: "importing" });
    try {
      const answer = await importHistory(placeId, file);
      if (isRefusal(answer)) return setState({ kind: "refused", error: answer.error, problems: answer.problems });
      setState({ kind: "done", message: `Imported ${summary(answer, timeZone)}. The charts and the calendar now include them.` });
    } catch (error) {
      setState({ kind: "failed", message: writeFailure(error, "The history could not be imported.", UNEXPECTED) });
    }
  }

  return (
    <section className="import-history" aria-labelledby={headingId}>
      <h2 id={headingId}>Import history</h2>
      <p>
        A counter's past as CSV: <code>ts,count</code> lines, or a Paxcounter SD-card log. Up to one year a file; importing the
        same file again changes nothing.
      </p>
      <label htmlFor={inputId}>History file (CSV)</label>
      <input
        id={inputId}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        disabled={state.kind === "checking" || state.kind === "importing"}
        onChange={(event) => void check(event.target.files?.[0])}
      />
      {state.kind === "checking" ? <p role="status">Checking the file…</p> : null}
      {state.kind === "ready" ? (
        <>
          <p role="status">{summary(state.preview, timeZone)}.</p>
          <button type="button" onClick={() => void save(state.file)}>
            Import
          </button>
        </>
      ) : null}
      {state.kind === "refused" ? (
        <div role="alert" className="form-error">
          <p>{state.error}</p>
          <ul>
            {state.problems.map((problem) => (
              <li key={`${problem.line} ${problem.message}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.kind === "importing" ? <p role="status">Importing…</p> : null}
      {state.kind === "done" ? (
        <p role="status" className="success-message">
          {state.message}
        </p>
      ) : null}
      {state.kind === "failed" ? (
        <p role="alert" className="form-error">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
