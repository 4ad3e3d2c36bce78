import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function ForConsumers() {
  useDocumentTitle("For Consumers");
  return (
    <main className="page narrow" id="main">
      <h1>For Consumers</h1>
    </main>
  );
}
