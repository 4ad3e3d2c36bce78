import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function Faq() {
  useDocumentTitle("Frequently Asked Questions");
  return (
    <main className="page narrow" id="main">
      <h1>Frequently Asked Questions</h1>
    </main>
  );
}
