import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function Home() {
  useDocumentTitle("Know the vibe before you go");
  return (
    <main className="page narrow" id="main">
      <h1>Know the vibe before you go</h1>
    </main>
  );
}
