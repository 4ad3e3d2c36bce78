import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function About() {
  useDocumentTitle("About Us");
  return (
    <main className="page narrow" id="main">
      <h1>About Us</h1>
    </main>
  );
}
