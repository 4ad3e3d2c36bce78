// A profile's specials, beside "Right now" (docs/menus-and-specials.md#on-the-profile): HTML the
// worker renders, with no code in the browser on the profile's page of islands.
import type { PublicPlace } from "../../../common/schemas/answers";
import { publicApi } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { useLocale, useT } from "../../lib/i18n";
import { specialLine } from "../../live/specials";

/** "Happy hour now · until 7 PM" for each special on now, then the others; nothing while none. */
export default function SpecialsNow({ place }: { place: PublicPlace }) {
  const { data } = useApi(publicApi.specials(place.id));
  const locale = useLocale();
  const t = useT();
  if (!data || data.specials.length === 0) return null;
  const now = Date.now();
  return (
    <section className="profile-specials" aria-labelledby="specials-heading">
      <h2 id="specials-heading">{t("profile.specials")}</h2>
      <ul>
        {data.specials.map((special) => (
          <li key={special.id} className={special.on_now ? "special-now" : undefined}>
            <strong>{specialLine(special, place.timezone, now, locale)}</strong>
            {special.text ? <span> {special.text}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
