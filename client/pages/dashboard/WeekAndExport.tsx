// Under the Daily Comparison calendar: a chosen week against the week before and the same week a
// year earlier (a table), and the CSV export of a range of days (docs/insights.md).
import { useId, useState } from "react";
import { writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { ChartCard, Pending } from "./ChartCard";
import { addDays, comparedDayText, exportRangeProblem, localDate, shortDate } from "./insights";

export function WeekComparison({ placeId, timeZone }: { placeId: number; timeZone: string }) {
  const [week, setWeek] = useState(() => localDate(timeZone, Date.now()));
  const inputId = useId();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(week);
  const { data, error, retry } = useApi(valid ? ownerApi.weekComparison(placeId, { week }) : null);
  return (
    <ChartCard title="Week against week" note="Each day's busiest hour and its average, against the week before and the same week a year earlier." wide>
      <div className="insights-form">
        <label htmlFor={inputId}>
          Week of
          <input id={inputId} type="date" value={week} onChange={(event) => setWeek(event.target.value)} />
        </label>
      </div>
      {!valid ? (
        <p>Choose a day of the week to compare.</p>
      ) : !data ? (
        <Pending failed={error !== null} retry={retry} what="the week comparison" />
      ) : (
        <div className="insights-scroll">
          <table className="insights-table">
            <caption className="visually-hidden">Daily peak and mean, week of {shortDate(data.weeks[0].start)}, against the week before and a year earlier</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {data.weeks.map((item) => (
                  <th scope="col" key={item.label}>
                    {item.label}
                    <span className="chart-note"> (from {shortDate(item.start)})</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.weeks[0].days.map((day, index) => (
                <tr key={day.date}>
                  <th scope="row">{day.weekday}</th>
                  {data.weeks.map((item) => (
                    <td key={item.label}>{item.has_data ? comparedDayText(item.days[index]) : index === 0 ? "No data that week" : "—"}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ChartCard>
  );
}

/** Saves a blob under a name through a temporary object URL. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportCsv({ placeId, timeZone }: { placeId: number; timeZone: string }) {
  const today = localDate(timeZone, Date.now());
  const [from, setFrom] = useState(() => addDays(today, -29));
  const [to, setTo] = useState(today);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const fromId = useId();
  const toId = useId();
  const problem = exportRangeProblem(from, to);

  const download = async () => {
    if (problem) return;
    setBusy(true);
    setStatus({ text: "Preparing the file…", failed: false });
    try {
      save(await ownerApi.exportCsv(placeId, { from, to }), `third-place-${from}-to-${to}.csv`);
      setStatus({ text: "Downloaded.", failed: false });
    } catch (error) {
      setStatus({ text: writeFailure(error, "The export failed.", "The export failed. Please try again."), failed: true });
    }
    setBusy(false);
  };

  return (
    <ChartCard title="Export data" note="One line per 15 minutes in the venue's local time: people, raw device count, percent and samples (CSV)." wide>
      <form
        className="insights-form"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <label htmlFor={fromId}>
          From
          <input id={fromId} type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} required />
        </label>
        <label htmlFor={toId}>
          To
          <input id={toId} type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} required />
        </label>
        <button type="submit" className="button" disabled={busy || problem !== null} aria-describedby={problem ? `${toId}-problem` : undefined}>
          Download CSV
        </button>
      </form>
      {problem ? <p id={`${toId}-problem`} className="form-error">{problem}</p> : null}
      {status ? (
        <p role={status.failed ? "alert" : "status"} className={status.failed ? "form-error" : undefined}>
          {status.text}
        </p>
      ) : null}
    </ChartCard>
  );
}
