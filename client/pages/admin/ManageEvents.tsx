import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function ManageEvents() {
  useDocumentTitle("Manage Events");
  return (
    <main className="page narrow" id="main">
      <h1>Manage Events</h1>
    </main>
  );
}
