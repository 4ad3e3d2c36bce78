// The Announcements tab (docs/announcements.md): write an announcement (optionally pointing at an
// event or a special), preview it as followers will see it, send it; past ones with their reach as
// totals; the weekly limit and the admin's pause explained; and what followers chose to tell us.
import { useId, useState, type FormEvent } from "react";
import * as v from "valibot";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { announcementBodySchema, type AnnouncementBodyInput } from "../../../common/schemas/announcements";
import { announcementApi } from "../../api/announcementEndpoints";
import { publicApi, writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { InputField, SelectField, TextAreaField } from "../../components/Field";
import { RetryButton } from "./ChartCard";
import { categoryWords, followersText, limitState, reachText, TEXT_MAX, TITLE_MAX } from "./announcements";
import { LOADING } from "./keyTrends";
import { formatDateTime } from "../../lib/format";

const UNREACHABLE = "The server could not be reached. Try again in a moment.";

interface Draft {
  title: string;
  text: string;
  /** "", "event:12" or "special:3". */
  link: string;
}
const EMPTY: Draft = { title: "", text: "", link: "" };

/** The request body of a draft, or the first sentence the server's schema would answer. */
export function draftBody(draft: Draft): { body: AnnouncementBodyInput } | { problem: string } {
  const [kind, id] = draft.link.split(":");
  const body: AnnouncementBodyInput = {
    title: draft.title,
    text: draft.text,
    ...(kind === "event" ? { event_id: Number(id) } : {}),
    ...(kind === "special" ? { special_id: Number(id) } : {}),
  };
  const result = v.safeParse(announcementBodySchema, body);
  return result.success ? { body } : { problem: result.issues[0].message };
}

function Followers({ placeId }: { placeId: number }) {
  const headingId = useId();
  const { data, error, retry } = useApi(announcementApi.followers(placeId));
  return (
    <section className="followers-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>Your followers</h3>
      {data ? (
        <>
          <p>{followersText(data)}</p>
          {data.categories.length + data.vibes.length + data.neighbourhoods.length > 0 ? (
            <dl className="follower-groups">
              {data.categories.length > 0 ? (
                <>
                  <dt>Kinds of places they like</dt>
                  <dd>{data.categories.map((group) => `${categoryWords(group.name)} (${group.count})`).join(", ")}</dd>
                </>
              ) : null}
              {data.vibes.length > 0 ? (
                <>
                  <dt>The vibe they like</dt>
                  <dd>{data.vibes.map((group) => `${group.name} (${group.count})`).join(", ")}</dd>
                </>
              ) : null}
              {data.neighbourhoods.length > 0 ? (
                <>
                  <dt>Where they go out from</dt>
                  <dd>{data.neighbourhoods.map((group) => `${group.name} (${group.count})`).join(", ")}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p>No group of 5 or more followers shares the same answer yet.</p>
          )}
          <p className="field-hint">{data.source}</p>
        </>
      ) : error !== null ? (
        <RetryButton retry={retry} what="your followers" />
      ) : (
        <p className="loading">{LOADING}</p>
      )}
    </section>
  );
}

export function AnnouncementsPanel({ place }: { place: OwnedPlace }) {
  const id = useId();
  const list = useApi(announcementApi.list(place.id));
  const events = useApi(publicApi.placeEvents(place.id));
  const specials = useApi(ownerApi.specials(place.id));
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [preview, setPreview] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const state = list.data ? limitState(list.data) : null;
  const set = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setPreview(false);
  };
  const linkName = (() => {
    const [kind, linked] = draft.link.split(":");
    if (kind === "event") return events.data?.events.find((event) => String(event.id) === linked)?.name;
    if (kind === "special") return specials.data?.specials.find((special) => String(special.id) === linked)?.title;
    return undefined;
  })();

  function showPreview() {
    const checked = draftBody(draft);
    setFailure("problem" in checked ? checked.problem : null);
    setPreview(!("problem" in checked));
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const checked = draftBody(draft);
    if ("problem" in checked) {
      setFailure(checked.problem);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const sent = await announcementApi.send(place.id, checked.body);
      setStatus(`Sent. ${reachText(sent.reach)}`);
      setDraft(EMPTY);
      setPreview(false);
      void list.retry();
    } catch (caught) {
      setFailure(writeFailure(caught, "The announcement could not be sent.", UNREACHABLE));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="announcements-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Announcements</h2>
      <p>
        Tell the people who saved {place.name} and turned on its news: an event, a special or a short note. It reaches their inbox in the app, and
        their phone unless it is their quiet hours or they had enough notifications today.
      </p>
      {status ? <p role="status">{status}</p> : null}
      {state ? <p className={state.canSend ? "field-hint" : "notice"}>{state.text}</p> : null}
      <form className="announcement-form" onSubmit={(event) => void send(event)} noValidate aria-label="Write an announcement">
        <InputField id={`${id}-title`} label="Title" required maxLength={TITLE_MAX} value={draft.title} onChange={(event) => set({ title: event.target.value })} />
        <TextAreaField id={`${id}-text`} label="Message" required rows={3} maxLength={TEXT_MAX} value={draft.text} hint={`Up to ${TEXT_MAX} characters.`} onChange={(event) => set({ text: event.target.value })} />
        <SelectField id={`${id}-link`} label="Point to (optional)" value={draft.link} onChange={(event) => set({ link: event.target.value })}>
          <option value="">Nothing</option>
          {events.data?.events.length ? (
            <optgroup label="Events">
              {events.data.events.map((event) => <option key={event.id} value={`event:${event.id}`}>{event.name}</option>)}
            </optgroup>
          ) : null}
          {specials.data?.specials.length ? (
            <optgroup label="Specials">
              {specials.data.specials.map((special) => <option key={special.id} value={`special:${special.id}`}>{special.title}</option>)}
            </optgroup>
          ) : null}
        </SelectField>
        {failure ? <p role="alert" className="field-error">{failure}</p> : null}
        <div className="app-links">
          <button type="button" className="button secondary" onClick={showPreview}>Preview</button>
          <button type="submit" className="button" disabled={sending || !state?.canSend}>{sending ? "Sending..." : "Send to followers"}</button>
        </div>
      </form>
      {preview ? (
        <section className="announcement-preview" aria-label="Preview">
          <h3>Preview: what followers see</h3>
          <div className="inbox-item unread">
            <p className="inbox-title"><strong>{place.name}: {draft.title.trim()}</strong></p>
            <p>{draft.text.trim()}{linkName ? ` — ${draft.link.startsWith("event") ? "Event" : "Special"}: ${linkName}` : ""}</p>
          </div>
        </section>
      ) : null}
      <h3>Sent</h3>
      {list.data ? (
        list.data.announcements.length === 0 ? (
          <p>Nothing sent yet.</p>
        ) : (
          <ul className="announcement-list">
            {list.data.announcements.map((announcement) => (
              <li key={announcement.id}>
                <p>
                  <strong>{announcement.title}</strong> · <time dateTime={announcement.created_at}>{formatDateTime(announcement.created_at)}</time>
                </p>
                <p>{announcement.text}</p>
                {announcement.event ? <p>Event: {announcement.event.name}</p> : null}
                {announcement.special ? <p>Special: {announcement.special.title}</p> : null}
                <p className="field-hint">{reachText(announcement.reach)}</p>
              </li>
            ))}
          </ul>
        )
      ) : list.error !== null ? (
        <RetryButton retry={list.retry} what="the announcements" />
      ) : (
        <p className="loading">{LOADING}</p>
      )}
      <p className="field-hint">Delivered: followers whose inbox got it. Opened: followers who read it in their inbox. Never who.</p>
      <Followers placeId={place.id} />
    </section>
  );
}
