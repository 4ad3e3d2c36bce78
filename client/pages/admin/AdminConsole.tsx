// What the administrator sees past the gate: a sidebar of sections, none selected
// at first, then one. The section lives in the address (?section=) so reloads and Back keep it.
import { useEffect, useRef, type ComponentType } from "react";
import { Link, useSearchParams } from "react-router";
import { ManageBusinesses } from "./sections/ManageBusinesses";
import { ManageDevices } from "./sections/ManageDevices";
import { ManageMaxDevices } from "./sections/ManageMaxDevices";
import { ManageTags } from "./sections/ManageTags";
import { LiveLookModeration } from "./sections/LiveLookModeration";
import { MessageReports } from "./sections/MessageReports";
import { ReviewModeration } from "./sections/ReviewModeration";
import { Submissions } from "./sections/Submissions";
import { DeadLetters } from "./sections/DeadLetters";
import "./admin.css";

export const SECTIONS = [
  { id: "businesses", label: "Manage Businesses", Component: ManageBusinesses },
  { id: "tags", label: "Manage Tags", Component: ManageTags },
  { id: "max-devices", label: "Manage Max Devices", Component: ManageMaxDevices },
  { id: "devices", label: "Devices", Component: ManageDevices },
  { id: "submissions", label: "Submissions", Component: Submissions },
  { id: "reviews", label: "Reported Reviews", Component: ReviewModeration },
  { id: "live-looks", label: "Live Looks", Component: LiveLookModeration },
  { id: "message-reports", label: "Reported Messages", Component: MessageReports },
  { id: "dead-letters", label: "Dead Letters", Component: DeadLetters },
] as const satisfies readonly { id: string; label: string; Component: ComponentType }[];

export type SectionId = (typeof SECTIONS)[number]["id"];

export const sectionById = (id: string | null) => SECTIONS.find((section) => section.id === id) ?? null;

export function AdminConsole() {
  const [params, setParams] = useSearchParams();
  const section = sectionById(params.get("section"));
  const heading = useRef<HTMLHeadingElement>(null);
  const shownSection = useRef(section);

  // Choosing a section moves keyboard and screen-reader focus to its heading (not on first load).
  useEffect(() => {
    if (section && section !== shownSection.current) heading.current?.focus();
    shownSection.current = section;
  }, [section]);

  return (
    <div className="admin-layout">
      <nav className="admin-sidebar" aria-label="Admin sections">
        <ul>
          <li>
            <SectionButton id="businesses" current={section?.id} onChoose={(id) => setParams({ section: id })} />
          </li>
          <li>
            <Link to="/admin/manage-events" className="admin-nav-item">Manage Events</Link>
          </li>
          {SECTIONS.filter((entry) => entry.id !== "businesses").map((entry) => (
            <li key={entry.id}>
              <SectionButton id={entry.id} current={section?.id} onChoose={(id) => setParams({ section: id })} />
            </li>
          ))}
        </ul>
      </nav>
      <section className="admin-content" aria-labelledby={section ? "admin-section-heading" : undefined}>
        {section ? (
          <>
            <h2 id="admin-section-heading" tabIndex={-1} ref={heading}>{section.label}</h2>
            <section.Component key={section.id} />
          </>
        ) : (
          <p className="admin-empty">Choose a section from the menu to start managing Third Place.</p>
        )}
      </section>
    </div>
  );
}

function SectionButton({ id, current, onChoose }: { id: SectionId; current?: SectionId; onChoose: (id: SectionId) => void }) {
  const entry = sectionById(id)!;
  return (
    <button
      type="button"
      className="admin-nav-item"
      aria-current={current === id ? "page" : undefined}
      onClick={() => onChoose(id)}
    >
      {entry.label}
    </button>
  );
}
