// 'How your events did' under the event cards (docs/insights.md#popular-events): each category's
// average lift in a sentence, then every past occurrence ranked by lift in a table.
import { useState } from "react";
import { ownerApi } from "../../../api/ownerEndpoints";
import { useApi } from "../../../api/useApi";
import { formatDateTime } from "../../../lib/format";
import { Pending } from "../ChartCard";

/** Rows shown before "Show all". */
export const INSIGHT_ROWS = 20;

const percentCell = (mean: number | null, peak: number | null) => (mean === null ? "No sensor data" : `${mean}% (peak ${peak}%)`);

export function EventInsights({ placeId }: { placeId: number }) {
  const { data, error, retry } = useApi(ownerApi.eventInsights(placeId));
  const [all, setAll] = useState(false);
  let body;
  if (!data) body = <Pending failed={error !== null} retry={retry} what="the event insights" />;
  else if (data.occurrences.length === 0) body = <p>No past events in the last year yet. Their effect shows here once they have happened.</p>;
  else {
    const rows = all ? data.occurrences : data.occurrences.slice(0, INSIGHT_ROWS);
    body = (
      <>
        {data.categories.length > 0 ? (
          <ul className="insights-categories">
            {data.categories.map((category) => (
              <li key={String(category.category_id)}>{category.sentence}</li>
            ))}
          </ul>
        ) : (
          <p>No event has both sensor data and a usual night to compare with yet.</p>
        )}
        <div className="insights-scroll">
          <table className="insights-table">
            <caption className="visually-hidden">Past events ranked by how much busier they were than usual</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">When</th>
                <th scope="col">During</th>
                <th scope="col">Usual</th>
                <th scope="col">Lift</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.event_id} ${row.start}`}>
                  <th scope="row">{row.name}</th>
                  <td>
                    <time dateTime={row.start}>{formatDateTime(row.start)}</time>
                  </td>
                  <td>{percentCell(row.mean_percent, row.peak_percent)}</td>
                  <td>{row.usual_mean_percent === null ? "—" : `${row.usual_mean_percent}% (${row.usual_weeks} ${row.usual_weeks === 1 ? "week" : "weeks"})`}</td>
                  <td>{row.lift_percent === null ? (row.note ?? "—") : `${row.lift_percent > 0 ? "+" : ""}${row.lift_percent}% (${row.lift_points! > 0 ? "+" : ""}${row.lift_points} points)`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.occurrences.length > INSIGHT_ROWS ? (
          <button type="button" className="link-button" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? "Show fewer" : `Show all ${data.occurrences.length}`}
          </button>
        ) : null}
      </>
    );
  }
  return (
    <section className="event-insights" aria-labelledby="event-insights-heading">
      <h3 id="event-insights-heading">How your events did</h3>
      <p className="chart-note">
        Each event's crowd against the same weekday and hours of up to four earlier weeks without an event.
      </p>
      {body}
    </section>
  );
}
