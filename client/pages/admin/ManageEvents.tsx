import { Link } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { AdminGate } from "./AdminGate";
import { AdminEventList } from "./sections/AdminEventList";
import "./admin.css";

export default function ManageEvents() {
  useDocumentTitle("Manage Events");
  return (
    <AdminGate>
      <main className="page" id="main">
        <p><Link to="/admin">← Admin</Link></p>
        <h1>Manage Events</h1>
        <AdminEventList />
      </main>
    </AdminGate>
  );
}
