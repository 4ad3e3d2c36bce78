// A titled card for one chart or figure, with the spec's 'Loading...' state and a retry control.
import type { ReactNode } from "react";
import { LOADING } from "./keyTrends";

export function RetryButton({ retry, what }: { retry: () => void; what: string }) {
  return (
    <button type="button" className="link-button" onClick={retry} aria-label={`Retry loading ${what}`}>
      Retry
    </button>
  );
}

export function Pending({ failed, retry, what }: { failed: boolean; retry: () => void; what: string }) {
  return (
    <div className="pending">
      <p>{LOADING}</p>
      {failed ? <RetryButton retry={retry} what={what} /> : null}
    </div>
  );
}

export function ChartCard({
  title,
  note,
  wide,
  children,
}: {
  title: string;
  note?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`chart-card${wide ? " wide" : ""}`} aria-label={title}>
      <h3>{title}</h3>
      {note ? <p className="chart-note">{note}</p> : null}
      {children}
    </section>
  );
}
