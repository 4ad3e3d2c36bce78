// English, the source language (docs/languages.md): every key, in ICU MessageFormat. A key's first
// segment is its namespace; a page ships the namespaces its render used, in its own language.
export const en = {
  "header.home": "Third Place home",
  "header.openMenu": "Open menu",
  "header.closeMenu": "Close menu",
  "header.main": "Main",
  "header.learnMore": "Learn More",
  "header.consumers": "For Consumers",
  "header.businesses": "For Businesses",
  "header.about": "About Us",
  "header.faq": "FAQs",
  "header.submit": "Submit a Business",
  "header.yourApp": "Your app",
  "header.signIn": "Sign in",
  "header.partnerLogIn": "Partner Log-In",
  "footer.label": "Footer",
  "footer.home": "Home",
  "footer.admin": "Admin",
  "footer.legal": "Legal",
  "footer.privacy": "Privacy Policy",
  "footer.eula": "EULA",
  "footer.terms": "Terms of Service",
  "footer.social": "Social media",
  "footer.questions": "Questions?",
  "footer.copyright": "© {year, number, ::group-off} Third Place. All rights reserved.",
  "footer.languages": "Languages",
  "layout.skip": "Skip to content",
  "suggestion.link": "Read this page in English",
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof en;
/** A language's messages: every key English has, and no other. */
export type Catalogue = Record<MessageKey, string>;
