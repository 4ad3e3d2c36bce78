import { Link, useParams } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { AdminGate } from "./AdminGate";
import { AdminEventEditor } from "./sections/AdminEventEditor";
import "./admin.css";

export default function EditEvent() {
  useDocumentTitle("Edit Event");
  const { eventId = "" } = useParams();
  return (
    <AdminGate>
      <main className="page narrow" id="main">
        <p><Link to="/admin/manage-events">← All events</Link></p>
        <h1>Edit Event</h1>
        <AdminEventEditor key={eventId} eventId={eventId} />
      </main>
    </AdminGate>
  );
}
