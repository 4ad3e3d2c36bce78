import { useRequireSession } from "../../api/useRequireSession";
import { AccountBar } from "../../components/AccountBar";
import { useDocumentTitle } from "../../components/useDocumentTitle";

// The owner dashboard's contents are filled in by their own issue; the sign-in rules are real.
export default function Dashboard() {
  useDocumentTitle("Dashboard");
  const signedIn = useRequireSession();
  if (!signedIn) return null;
  return (
    <main className="page" id="main">
      <AccountBar />
      <h1>Dashboard</h1>
    </main>
  );
}
