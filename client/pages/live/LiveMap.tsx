import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function LiveMap() {
  useDocumentTitle("Live Look");
  return (
    <main className="page narrow" id="main">
      <h1>Live Look</h1>
    </main>
  );
}
