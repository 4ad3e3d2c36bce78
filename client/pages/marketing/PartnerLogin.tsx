import { Link } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import type { MessageKey } from "../../../common/messages/en";
import { Island } from "../../islands/Island";
import { useT } from "../../lib/i18n";
import { PartnerSignIn } from "./PartnerSignIn";

const FEATURES: readonly { title: MessageKey; text: MessageKey }[] = [
  { title: "partner.capacityTitle", text: "partner.capacity" },
  { title: "partner.peaksTitle", text: "partner.peaks" },
  { title: "partner.eventsTitle", text: "partner.events" },
  { title: "partner.deviceTitle", text: "partner.device" },
  { title: "partner.coOwnersTitle", text: "partner.coOwners" },
];

/**
 * /businesses: what the owner dashboard does, and the way in. A page of islands (issue 38): only
 * the way in hydrates, at the first touch; no dashboard code here.
 */
export default function PartnerLogin() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/businesses"]);
  const t = useT();
  return (
    <main className="page" id="main">
      <section className="page-banner">
        <h1>{t("partner.heading")}</h1>
        <p>{t("partner.lede")}</p>
        <Island name="partner-sign-in" when="interaction" component={PartnerSignIn} props={{}} />
      </section>
      <section aria-labelledby="dashboard-features">
        <h2 id="dashboard-features">{t("partner.featuresHeading")}</h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card">
              <h3>{t(feature.title)}</h3>
              <p>{t(feature.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="not-a-partner" className="partner-footnote">
        <h2 id="not-a-partner">{t("partner.notYetHeading")}</h2>
        <p>
          {t("partner.notYet")} <Link to="/submit-business">{t("partner.submit")}</Link> {t("partner.invited")}
        </p>
      </section>
    </main>
  );
}
