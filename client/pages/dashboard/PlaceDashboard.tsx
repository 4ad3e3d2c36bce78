import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function PlaceDashboard() {
  useDocumentTitle("Place dashboard");
  return (
    <main className="page narrow" id="main">
      <h1>Place dashboard</h1>
    </main>
  );
}
