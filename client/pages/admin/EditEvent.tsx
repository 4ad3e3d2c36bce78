import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function EditEvent() {
  useDocumentTitle("Edit Event");
  return (
    <main className="page narrow" id="main">
      <h1>Edit Event</h1>
    </main>
  );
}
