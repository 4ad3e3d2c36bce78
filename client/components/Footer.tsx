import { Link, useLocation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, localizedPath } from "../../common/languages";
import type { MessageKey } from "../../common/messages/en";
import { usePageLanguage, useT } from "../lib/i18n";

export const CONTACT_EMAIL = "hello@thirdplace.app";

const socialLinks = [
  { label: "Instagram", href: "https://www.instagram.com/thirdplaceapp" },
  { label: "TikTok", href: "https://www.tiktok.com/@thirdplaceapp" },
  { label: "LinkedIn", href: "https://www.linkedin.com/company/thirdplaceapp" },
  { label: "X (Twitter)", href: "https://x.com/thirdplaceapp" },
];

const policyLinks: { label: MessageKey; href: string }[] = [
  { label: "footer.privacy", href: "https://thirdplace.app/legal/privacy" },
  { label: "footer.eula", href: "https://thirdplace.app/legal/eula" },
  { label: "footer.terms", href: "https://thirdplace.app/legal/terms" },
];

/** When the copyright notice was written. */
const COPYRIGHT_YEAR = 2025;

/**
 * The language picker: a link to this page in each language, so it works without JavaScript
 * (docs/languages.md#the-language-picker). The links are documents: the page comes rendered in its language.
 */
function LanguagePicker() {
  const t = useT();
  const { language } = usePageLanguage();
  // Inside the router's basename: the path without the language's prefix.
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={t("footer.languages")}>
      <ul className="footer-languages">
        {LANGUAGES.map((each) => (
          <li key={each}>
            <a href={`${localizedPath(each, pathname)}${search}`} hrefLang={each} lang={each} aria-current={each === language ? "true" : undefined}>
              {LANGUAGE_NAMES[each]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label={t("footer.label")}>
          <ul className="footer-links">
            <li><Link to="/">{t("footer.home")}</Link></li>
            <li><Link to="/about">{t("header.about")}</Link></li>
            <li><Link to="/consumers">{t("header.consumers")}</Link></li>
            <li><Link to="/bars">{t("header.businesses")}</Link></li>
            <li><Link to="/faq">{t("header.faq")}</Link></li>
            <li><Link to="/submit-business">{t("header.submit")}</Link></li>
            <li><Link to="/businesses">{t("header.partnerLogIn")}</Link></li>
            <li><Link to="/admin">{t("footer.admin")}</Link></li>
          </ul>
        </nav>
        <LanguagePicker />
        <ul className="footer-links" aria-label={t("footer.legal")}>
          {policyLinks.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">{t(link.label)}</a>
            </li>
          ))}
        </ul>
        <ul className="footer-social" aria-label={t("footer.social")}>
          {socialLinks.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">{link.label}</a>
            </li>
          ))}
        </ul>
        <p>
          {t("footer.questions")} <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </p>
        <p className="copyright">{t("footer.copyright", { year: COPYRIGHT_YEAR })}</p>
      </div>
    </footer>
  );
}
