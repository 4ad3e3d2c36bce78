import { useDocumentTitle } from "../../components/useDocumentTitle";
import { AdminConsole } from "./AdminConsole";
import { AdminGate } from "./AdminGate";

export default function Admin() {
  useDocumentTitle("Admin");
  return (
    <AdminGate>
      <main className="page" id="main">
        <h1>Admin</h1>
        <AdminConsole />
      </main>
    </AdminGate>
  );
}
