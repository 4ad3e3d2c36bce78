import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function ForBusinesses() {
  useDocumentTitle("For Businesses");
  return (
    <main className="page narrow" id="main">
      <h1>For Businesses</h1>
    </main>
  );
}
