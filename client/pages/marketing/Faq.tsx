import { CONTACT_EMAIL } from "../../components/Footer";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../../common/public-pages";
import { FaqAccordion } from "./FaqAccordion";
import "./marketing.css";
import "./faq.css";

export default function Faq() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/faq"]);
  return (
    <main className="page narrow" id="main">
      <section className="page-banner">
        <h1>Frequently Asked Questions</h1>
        <p>Everything about live crowd levels, the app and partnering with us.</p>
      </section>
      <FaqAccordion />
      <p className="faq-contact">
        Still have questions? <a href={`mailto:${CONTACT_EMAIL}`}>Contact us</a>
      </p>
    </main>
  );
}
