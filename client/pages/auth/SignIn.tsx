import { useDocumentTitle } from "../../components/useDocumentTitle";

// Filled in by its own issue; the route, title and layout are real already.
export default function SignIn() {
  useDocumentTitle("Sign in");
  return (
    <main className="page narrow" id="main">
      <h1>Sign in</h1>
    </main>
  );
}
