import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";

/** Matches the slide animation in header.css (spec §9: 300 ms). */
export const MENU_ANIMATION_MS = 300;

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const dropdownButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navId = useId();
  const dropdownId = useId();

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
      if (dropdownOpen) dropdownButtonRef.current?.focus();
      closeAll();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [dropdownOpen]);

  return (
    <header className="site-header" ref={headerRef}>
      <div className="site-header-inner">
        <Link to="/" className="logo" aria-label="Third Place home">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Third Place</span>
        </Link>
        <button
          type="button"
          className="hamburger"
          aria-expanded={menuOpen}
          aria-controls={navId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </button>
        <nav id={navId} className={`site-nav${menuOpen ? " open" : ""}`} aria-label="Main">
          <ul>
            <li className="dropdown">
              <button
                type="button"
                ref={dropdownButtonRef}
                aria-expanded={dropdownOpen}
                aria-controls={dropdownId}
                onClick={() => setDropdownOpen((open) => !open)}
              >
                Learn More <span aria-hidden="true">▾</span>
              </button>
              <ul id={dropdownId} className={`dropdown-menu${dropdownOpen ? " open" : ""}`}>
                <li><NavLink to="/consumers" onClick={closeAll}>For Consumers</NavLink></li>
                <li><NavLink to="/bars" onClick={closeAll}>For Businesses</NavLink></li>
              </ul>
            </li>
            <li><NavLink to="/about" onClick={closeAll}>About Us</NavLink></li>
            <li><NavLink to="/faq" onClick={closeAll}>FAQs</NavLink></li>
            <li><NavLink to="/submit-business" onClick={closeAll}>Submit a Business</NavLink></li>
            <li><NavLink to="/businesses" className="button-link" onClick={closeAll}>Partner Log-In</NavLink></li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
