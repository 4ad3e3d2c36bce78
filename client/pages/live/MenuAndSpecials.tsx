// A profile's specials (beside "Right now") and its menu (collapsed on phones), both public data
// read on load (docs/menus-and-specials.md#on-the-profile).
import { useId, useState } from "react";
import type { PublicPlace } from "../../../common/schemas/answers";
import { DIETARY_LABELS } from "../../../common/vocabulary";
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { kitchenText, priceFormatter, specialLine } from "../../live/specials";

/** "Happy hour now · until 7 PM" for each special on now, then the others; nothing while none. */
export function SpecialsNow({ place }: { place: PublicPlace }) {
  const { data } = useApi(publicApi.specials(place.id));
  if (!data || data.specials.length === 0) return null;
  const now = Date.now();
  return (
    <section className="profile-specials" aria-labelledby="specials-heading">
      <h2 id="specials-heading">Specials</h2>
      <ul>
        {data.specials.map((special) => (
          <li key={special.id} className={special.on_now ? "special-now" : undefined}>
            <strong>{specialLine(special, place.timezone, now)}</strong>
            {special.text ? <span> {special.text}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Phones see the menu's heading and open it; wider screens see it open. */
const openAtFirst = () => typeof window === "undefined" || !window.matchMedia?.("(max-width: 768px)").matches;

export function Menu({ place }: { place: PublicPlace }) {
  const { data } = useApi(publicApi.menu(place.id));
  const [open, setOpen] = useState(openAtFirst);
  const headingId = useId();
  if (!data || (data.sections.length === 0 && !data.kitchen_hours)) return null;
  const price = priceFormatter(data);
  return (
    <section className="profile-menu" aria-labelledby={headingId}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <h2 id={headingId}>Menu</h2>
          {data.kitchen_hours ? <span className="menu-kitchen">{kitchenText(data.kitchen_hours.until)}</span> : null}
        </summary>
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
      </details>
    </section>
  );
}
