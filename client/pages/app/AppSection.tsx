// One section of /app "Tonight": a card with its heading. Each section is its own component, so a
// new one (specials, issue 30) is one line in Tonight.tsx.
import type { ReactNode } from "react";

export function AppSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="card app-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
