import { Link } from "react-router";
import { session } from "../../api/session";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";

const features = [
  {
    title: "Live capacity",
    text: "See how full your venue is right now, as a percentage of capacity and as Relaxed, Lively or Packed: the same level guests see in the app.",
  },
  {
    title: "Peak hours",
    text: "Today at a glance, hour by hour against your usual night, a calendar of busy days and the week's pattern, so you staff and promote at the right times.",
  },
  {
    title: "Events",
    text: "Add trivia nights, game watches and happy hours with photos. They appear on your profile and reach people nearby.",
  },
  {
    title: "Device status",
    text: "Know at a glance whether your Third Place sensor is online, and what to check when it is not.",
  },
  {
    title: "Co-owners",
    text: "Invite partners and managers with a single-use link. Everyone signs in with their own account.",
  },
];

/** /businesses: what the owner dashboard does, and the way in. Light: no dashboard code here. */
export default function PartnerLogin() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/businesses"]);
  const signedIn = session.accessToken() !== null;
  return (
    <main className="page" id="main">
      <section className="page-banner">
        <h1>Partner Log-In</h1>
        <p>Your venue's live numbers, events and sensor in one dashboard, from any phone or laptop.</p>
        <div className="cta-row">
          {signedIn ? (
            <>
              <Link className="button" to="/dashboard">Go to your dashboard</Link>
              <Link className="button secondary" to="/auth?next=%2Fdashboard">Sign in with another account</Link>
            </>
          ) : (
            <>
              <Link className="button" to="/auth?next=%2Fdashboard">Sign in</Link>
              <Link className="button secondary" to="/auth?mode=signup&next=%2Fdashboard">Create an account</Link>
            </>
          )}
        </div>
      </section>
      <section aria-labelledby="dashboard-features">
        <h2 id="dashboard-features">What's in your dashboard</h2>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="not-a-partner" className="partner-footnote">
        <h2 id="not-a-partner">Not a partner yet?</h2>
        <p>
          We install a small plug-in sensor at your venue and set up your dashboard.{" "}
          <Link to="/submit-business">Submit your business</Link> and we'll be in touch. Got an invite link from a
          co-owner? Open it and sign in or create an account: you'll land on that venue's dashboard.
        </p>
      </section>
    </main>
  );
}
