// 'On your website': the live badge, the widget and the events calendar of the chosen venue, each
// as text to copy (docs/embeds.md), with a preview of the badge.
import { useId, useState } from "react";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { publicFiles } from "../../api/endpoints";
import { copyText } from "../../lib/clipboard";
import { badgeSnippet, widgetSnippet, type VenueAddresses } from "./embedSnippets";

const COPY_FAILED = "Copying failed: the text is selected, copy it with your keyboard.";

function Snippet({ label, value, help }: { label: string; value: string; help: string }) {
  const id = useId();
  const [field, setField] = useState<HTMLTextAreaElement | null>(null);
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);

  const copy = async () => {
    setStatus((await copyText(value, field)) ? { text: `${label} copied.`, ok: true } : { text: COPY_FAILED, ok: false });
  };

  return (
    <div className="field snippet">
      <label htmlFor={`${id}-code`}>{label}</label>
      <p id={`${id}-help`} className="hint">{help}</p>
      <textarea
        id={`${id}-code`}
        ref={setField}
        readOnly
        rows={3}
        value={value}
        aria-describedby={`${id}-help`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="snippet-actions">
        <button type="button" className="button small" aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy()}>
          Copy
        </button>
        {status ? <p role="status" className={status.ok ? "success-message" : "form-error"}>{status.text}</p> : null}
      </div>
    </div>
  );
}

export function EmbedSnippets({ place }: { place: Pick<OwnedPlace, "name" | "slug"> }) {
  const headingId = useId();
  const venue: VenueAddresses = {
    name: place.name,
    profile: publicFiles.profile(place.slug),
    badge: publicFiles.badge(place.slug),
    embed: publicFiles.embed(place.slug),
    calendar: publicFiles.placeCalendar(place.slug),
  };
  return (
    <section className="alerts embed-snippets" aria-labelledby={headingId}>
      <h2 id={headingId}>On your website</h2>
      <p>
        Show visitors how busy {place.name} is right now and let them follow your events: paste these into your website. While
        you hide counts from the public they show the level only, as your profile does.
      </p>
      <p className="badge-preview">
        Badge now: <img src={venue.badge} alt={`${place.name}: live level badge`} height="22" />
      </p>
      <Snippet label="Live badge" help="A small image that links to your profile, updated every minute." value={badgeSnippet(venue)} />
      <Snippet label="Live widget" help="A small box with your level and a link, for a page of your site; it needs no script." value={widgetSnippet(venue)} />
      <Snippet
        label="Events calendar address"
        help="Guests subscribe to it in their calendar app (Google Calendar: Other calendars, From URL); new events appear by themselves."
        value={venue.calendar}
      />
    </section>
  );
}
