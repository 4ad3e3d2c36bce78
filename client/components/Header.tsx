import { useEffect, useRef, useState } from "react";
import { useSignedIn } from "../api/useSignedIn";
import { PageLink, useHere, type PageLinkProps } from "../lib/pageLink";
import { useT } from "../lib/i18n";

// The menu and dropdown slide in and out over 300 ms; the transitions live in global.css.

// Fixed ids, not useId: on a public page the header hydrates as an island of its own, whose ids
// useId would count from another root than the worker's (docs/server-rendering.md#islands).
const NAV_ID = "site-nav";
const DROPDOWN_ID = "site-nav-more";

/** A link of the menu, marked as the page you are on (React Router's `NavLink`, which an island cannot import). */
function NavLink({ className, ...props }: PageLinkProps) {
  const current = useHere().pathname === props.to;
  return <PageLink {...props} className={[className, current ? "active" : null].filter(Boolean).join(" ") || undefined} aria-current={current ? "page" : undefined} />;
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const dropdownButtonRef = useRef<HTMLButtonElement>(null);
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const location = useHere();
  // Not while hydrating a server-rendered page, which the server rendered signed out.
  const signedIn = useSignedIn();
  const t = useT();

  const closeAll = () => {
    setMenuOpen(false);
    setDropdownOpen(false);
  };

  // Choosing a link closes both the menu and the dropdown.
  useEffect(closeAll, [location.pathname]);

  // A click outside the header, or Escape, closes both.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) closeAll();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Escape closes the innermost open part and puts focus back on the button that opened it.
      if (dropdownOpen) {
        setDropdownOpen(false);
        dropdownButtonRef.current?.focus();
      } else if (menuOpen) {
        setMenuOpen(false);
        hamburgerRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [menuOpen, dropdownOpen]);

  // Tabbing out of the dropdown closes it, as a click outside would.
  const onDropdownBlur = (event: React.FocusEvent<HTMLLIElement>) => {
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setDropdownOpen(false);
  };

  return (
    <header className="site-header" ref={headerRef}>
      <div className="site-header-inner">
        <PageLink to="/" className="logo" aria-label={t("header.home")} onClick={closeAll}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Third Place</span>
        </PageLink>
        <button
          type="button"
          ref={hamburgerRef}
          className="hamburger"
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          aria-label={t(menuOpen ? "header.closeMenu" : "header.openMenu")}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </button>
        <nav id={NAV_ID} className={`site-nav${menuOpen ? " open" : ""}`} aria-label={t("header.main")}>
          <ul>
            <li className="dropdown" onBlur={onDropdownBlur}>
              <button
                type="button"
                ref={dropdownButtonRef}
                aria-expanded={dropdownOpen}
                aria-controls={DROPDOWN_ID}
                onClick={() => setDropdownOpen((open) => !open)}
              >
                {t("header.learnMore")} <span aria-hidden="true">▾</span>
              </button>
              <ul id={DROPDOWN_ID} className={`dropdown-menu${dropdownOpen ? " open" : ""}`}>
                <li><NavLink to="/consumers" onClick={closeAll}>{t("header.consumers")}</NavLink></li>
                <li><NavLink to="/bars" onClick={closeAll}>{t("header.businesses")}</NavLink></li>
              </ul>
            </li>
            <li><NavLink to="/about" onClick={closeAll}>{t("header.about")}</NavLink></li>
            <li><NavLink to="/faq" onClick={closeAll}>{t("header.faq")}</NavLink></li>
            <li><NavLink to="/submit-business" onClick={closeAll}>{t("header.submit")}</NavLink></li>
            <li><NavLink to={signedIn ? "/app" : "/signin"} onClick={closeAll}>{t(signedIn ? "header.yourApp" : "header.signIn")}</NavLink></li>
            <li><NavLink to="/businesses" className="button-link" onClick={closeAll}>{t("header.partnerLogIn")}</NavLink></li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
