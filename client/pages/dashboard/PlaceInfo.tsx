import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function PlaceInfo() {
  useDocumentTitle("Place info");
  return (
    <main className="page narrow" id="main">
      <h1>Place info</h1>
    </main>
  );
}
