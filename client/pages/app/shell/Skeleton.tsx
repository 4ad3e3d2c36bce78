// Grey blocks in the place and size of what is loading (docs/app.md#skeletons): a page keeps its
// layout while its answers arrive, so nothing moves when they do (no "Loading…" text). Sizes are
// classes, not inline styles: the app's CSP allows no style attributes.
import { SHELL_MESSAGES } from "./messages";

/** `rows` blocks the height of a line (3.5 rem) or, `tall`, of a place's card (6 rem). */
export function Skeleton({ rows = 3, tall = false }: { rows?: number; tall?: boolean }) {
  return (
    <div className="skeleton" role="status" aria-label={SHELL_MESSAGES.loading} aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className={tall ? "skeleton-row tall" : "skeleton-row"} />
      ))}
    </div>
  );
}

/** A whole page while its module loads: a heading's block, then rows. */
export function PageSkeleton() {
  return (
    <main className="page app-page" id="main">
      <span className="skeleton-heading" aria-hidden="true" />
      <Skeleton rows={4} tall />
    </main>
  );
}
