import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function BarProfile() {
  useDocumentTitle("Venue");
  return (
    <main className="page narrow" id="main">
      <h1>Venue</h1>
    </main>
  );
}
