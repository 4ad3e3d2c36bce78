import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function AcceptInvite() {
  useDocumentTitle("Accept invite");
  return (
    <main className="page narrow" id="main">
      <h1>Accept invite</h1>
    </main>
  );
}
