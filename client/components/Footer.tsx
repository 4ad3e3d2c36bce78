import { Link } from "react-router";

export const CONTACT_EMAIL = "hello@thirdplace.app";

const socialLinks = [
  { label: "Instagram", href: "https://www.instagram.com/thirdplaceapp" },
  { label: "TikTok", href: "https://www.tiktok.com/@thirdplaceapp" },
  { label: "LinkedIn", href: "https://www.linkedin.com/company/thirdplaceapp" },
  { label: "X (Twitter)", href: "https://x.com/thirdplaceapp" },
];

const policyLinks = [
  { label: "Privacy Policy", href: "https://thirdplace.app/legal/privacy" },
  { label: "EULA", href: "https://thirdplace.app/legal/eula" },
  { label: "Terms of Service", href: "https://thirdplace.app/legal/terms" },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li><Link to="/">Home</Link></li>
            <li><Link to="/about">About Us</Link></li>
            <li><Link to="/consumers">For Consumers</Link></li>
            <li><Link to="/bars">For Businesses</Link></li>
            <li><Link to="/faq">FAQs</Link></li>
            <li><Link to="/submit-business">Submit a Business</Link></li>
            <li><Link to="/businesses">Partner Log-In</Link></li>
            <li><Link to="/admin">Admin</Link></li>
          </ul>
        </nav>
        <ul className="footer-links" aria-label="Legal">
          {policyLinks.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">{link.label}</a>
            </li>
          ))}
        </ul>
        <ul className="footer-social" aria-label="Social media">
          {socialLinks.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">{link.label}</a>
            </li>
          ))}
        </ul>
        <p>
          Questions? <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </p>
        <p className="copyright">© 2025 Third Place. All rights reserved.</p>
      </div>
    </footer>
  );
}
