import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function Dashboard() {
  useDocumentTitle("Dashboard");
  return (
    <main className="page narrow" id="main">
      <h1>Dashboard</h1>
    </main>
  );
}
