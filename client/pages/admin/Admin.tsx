import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function Admin() {
  useDocumentTitle("Admin");
  return (
    <main className="page narrow" id="main">
      <h1>Admin</h1>
    </main>
  );
}
