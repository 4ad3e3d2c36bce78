import { publicApi } from "../api/endpoints";
import { useApi } from "../api/useApi";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../common/public-pages";
import type { Preload } from "../api/pageData";
import { Island } from "../islands/Island";
import { SubmissionForm } from "./SubmissionForm";

/** The spec's partner ticker repeats its logo list four times so the loop never shows a gap. */
export const TICKER_REPEAT = 4;

const benefits = [
  { title: "Show your crowd in real time", text: "Guests see whether you are Relaxed, Lively or Packed before they leave home." },
  { title: "Fill the quiet hours", text: "Promote happy hours and events to people nearby exactly when you have room." },
  { title: "Know your nights", text: "Your dashboard shows peak hours, weekly patterns and how events move the needle." },
  { title: "We install everything", text: "A small plug-in sensor, set up by our team. No staff training, no app to run." },
];

/** The worker renders the page with its partner ticker (docs/server-rendering.md). */
export const preload: Preload = (_params, load) => load(publicApi.partnerVenues());

function PartnerTicker() {
  // Without partner venues (none yet, or unreadable) the ticker stays away.
  const partners = useApi(publicApi.partnerVenues()).data ?? [];
  if (partners.length === 0) return null;
  const repeated = Array.from({ length: TICKER_REPEAT }, () => partners).flat();
  return (
    <section className="ticker" aria-labelledby="partners-heading">
      <h2 id="partners-heading">Already on Third Place</h2>
      <ul className="visually-hidden">
        {partners.map((partner) => <li key={partner.id}>{partner.name}</li>)}
      </ul>
      <div className="ticker-track" aria-hidden="true" data-testid="partner-ticker">
        {repeated.map((partner, index) => (
          <div className="ticker-item" key={`${partner.id}-${index}`}>
            {partner.cover_image ? <img src={partner.cover_image} alt="" width="160" height="90" loading="lazy" /> : null}
            <span>{partner.name}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

export default function SubmitBusiness() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/submit-business"]);
  return (
    <main className="page" id="main">
      <section className="page-banner">
        <h1>Submit a Business</h1>
        <p>Know a bar or restaurant that should be on Third Place? Own one? Tell us and we'll be in touch.</p>
      </section>
      <div className="two-column">
        <section aria-labelledby="form-heading" className="card">
          <h2 id="form-heading">Recommend a venue</h2>
          <Island name="submission" when="interaction" component={SubmissionForm} props={{}} />
        </section>
        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading">Why partner with us</h2>
          <ul className="benefits">
            {benefits.map((benefit) => (
              <li key={benefit.title}>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <PartnerTicker />
    </main>
  );
}
