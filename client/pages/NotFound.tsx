import { Link } from "react-router";
import { useDocumentTitle } from "../components/useDocumentTitle";

export default function NotFound() {
  useDocumentTitle("Page not found");
  return (
    <main className="page narrow" id="main">
      <h1>We couldn't find that page</h1>
      <p>The link may be old, or the address may have a typo.</p>
      <ul className="link-list">
        <li><Link to="/">Home</Link></li>
        <li><Link to="/live-look">See the live map</Link></li>
        <li><Link to="/faq">Read the FAQs</Link></li>
      </ul>
    </main>
  );
}
