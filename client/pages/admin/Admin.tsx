import { useDocumentTitle } from "../../components/useDocumentTitle";
import { AdminGate } from "./AdminGate";

// The admin sections are filled in by their own issue; the password gate in front of them is real.
export default function Admin() {
  useDocumentTitle("Admin");
  return (
    <AdminGate>
      <main className="page" id="main">
        <h1>Admin</h1>
      </main>
    </AdminGate>
  );
}
