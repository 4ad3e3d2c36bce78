// A profile's menu, collapsed on phones behind "Show menu ▸" (docs/menus-and-specials.md#on-the-profile).
// Loaded after the first view: it sits below the fold, and its words and price formatting are not
// needed before. It renders only once the profile has hydrated, so its first state may follow the
// screen's width without the server's HTML differing (docs/server-rendering.md).
import { useEffect, useState } from "react";
import { DIETARY_LABELS } from "../../../common/menu-vocabulary";
import type { MenuAnswer } from "../../../common/schemas/menu";
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { timeText } from "../../live/specials";
import { formatPrice } from "../../../common/formats";
import { useLocale } from "../../lib/i18n";
import { MENU_MESSAGES } from "./menuMessages";

/** A price in the menu's currency (the venue's city's), written the visitor's way: "$12.00", "€12.50" in en-US (docs/cities.md#formats). */
export function priceFormatter(menu: Pick<MenuAnswer, "currency">, locale: string): (price: number) => string {
  return (price) => formatPrice(price, menu.currency, locale);
}

/** "Food until 11 PM" ("23 Uhr" in de-DE). */
export const kitchenText = (until: string, locale: string) => MENU_MESSAGES.foodUntil(timeText(until, locale));

/** Phones see the menu's heading and "Show menu ▸"; wider screens see it open. */
const openAtFirst = () => !window.matchMedia?.("(max-width: 768px)").matches;

/**
 * The worker renders the menu open, so it reads with JavaScript off; once its island hydrates (as it
 * nears the screen, docs/server-rendering.md#islands), or once rendered in the app, a phone folds it.
 * Its ids are fixed: an island counts `useId` from its own root.
 */
export default function Menu({ placeId }: { placeId: number }) {
  const { data } = useApi(publicApi.menu(placeId));
  const locale = useLocale();
  const [open, setOpen] = useState(true);
  useEffect(() => setOpen(openAtFirst()), []);
  const headingId = `menu-heading-${placeId}`;
  const contentId = `menu-content-${placeId}`;
  if (!data || (data.sections.length === 0 && !data.kitchen_hours)) return null;
  const price = priceFormatter(data, locale);
  return (
    <section className="profile-menu" aria-labelledby={headingId}>
      <div className="menu-head">
        <h2 id={headingId}>{MENU_MESSAGES.heading}</h2>
        {data.kitchen_hours ? <span className="menu-kitchen">{kitchenText(data.kitchen_hours.until, locale)}</span> : null}
      </div>
      {data.sections.length > 0 ? (
        <button type="button" className="menu-toggle" aria-expanded={open} aria-controls={contentId} onClick={() => setOpen(!open)}>
          {open ? MENU_MESSAGES.hide : MENU_MESSAGES.show}
          <span aria-hidden="true">{open ? " ▾" : " ▸"}</span>
        </button>
      ) : null}
      <div id={contentId} hidden={!open}>
        {data.sections.map((section) => (
          <section key={section.id} className="menu-section" aria-label={section.name}>
            <h3>{section.name}</h3>
            <ul>
              {section.items.map((item) => (
                <li key={item.id} className="menu-item">
                  {item.photo_url ? <img src={item.photo_url} alt="" width="72" height="72" loading="lazy" /> : null}
                  <div>
                    <p className="menu-item-head">
                      <span className="menu-item-name">{item.name}</span>
                      <span className="menu-price">{price(item.price)}</span>
                    </p>
                    {item.description ? <p className="menu-item-text">{item.description}</p> : null}
                    {item.dietary.length > 0 ? <p className="menu-dietary">{item.dietary.map((tag) => DIETARY_LABELS[tag]).join(" · ")}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
