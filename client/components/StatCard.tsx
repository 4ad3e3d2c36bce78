import "./stat-card.css";

/** The spec's small statistics card: a title, a value and an optional trend line (display only). */
export function StatCard({ title, value, trend }: { title: string; value: string | number; trend?: string }) {
  return (
    <div className="stat-card">
      <p className="stat-card-title">{title}</p>
      <p className="stat-card-value">{value}</p>
      {trend ? <p className="stat-card-trend">{trend}</p> : null}
    </div>
  );
}
