import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function PartnerLogin() {
  useDocumentTitle("Partner Log-In");
  return (
    <main className="page narrow" id="main">
      <h1>Partner Log-In</h1>
    </main>
  );
}
