// The profile's Live Looks strip (docs/live-looks.md): posts of the last 3 hours, newest first, and
// the reported wait. Kept small for the profile's first view: the post form (with its photo preview
// and validation) loads only when the visitor opens it.
import { lazy, Suspense, useRef, useState } from "react";
import { PageLink, useHere } from "../../lib/pageLink";
import type { LiveLookAnswer } from "../../../common/schemas/answers";
import { WAIT_LABELS } from "../../../common/vocabulary";
import { publicApi } from "../../api/endpoints";
import { consumerSignInPath } from "../../api/signInPaths";
import { useSignedIn } from "../../api/useSignedIn";
import { useApi } from "../../api/useApi";
import { LookMedia } from "../../components/LookMedia";
import { NeedsJavaScript } from "../../components/NeedsJavaScript";
import { useNow } from "../../lib/hydration";
import { timeAgo, waitSummaryText } from "../../lib/format";
import { LIVE_LOOK_MESSAGES } from "./liveLookMessages";
import { ReportActions } from "./ReportActions";

const LiveLookForm = lazy(() => import("./LiveLookForm"));

/** The strip reads again every minute, so new posts and "12 min ago" stay current. */
const LIVE_LOOKS_REFRESH_MS = 60_000;

function LiveLookItem({ look, now, canHide, onHidden }: { look: LiveLookAnswer; now: number; canHide: boolean; onHidden: () => void }) {
  const ago = timeAgo(look.created_at, now);
  return (
    <li className="look">
      <LookMedia look={look} width={240} height={180} />
      {/* Text as text: React escapes it and nothing turns into a link. */}
      <p className="look-text">{look.text}</p>
      <p className="look-meta">
        <time dateTime={look.created_at}>{ago}</time>
        {look.wait ? <span> · Wait {WAIT_LABELS[look.wait]}</span> : null}
        {look.vibe ? <span> · {look.vibe}</span> : null}
      </p>
      {look.not_checked ? (
        <p className="look-not-checked" title={LIVE_LOOK_MESSAGES.notCheckedTitle}>
          {LIVE_LOOK_MESSAGES.notChecked}
        </p>
      ) : null}
      <ReportActions
        kind="liveLook"
        subject={`the Live Look from ${ago}`}
        canHide={canHide}
        report={async (reason) => (await publicApi.reportLiveLook(look.id, { reason })).message}
        hide={(reason) => publicApi.hideLiveLook(look.id, { reason })}
        onHidden={onHidden}
      />
    </li>
  );
}

/**
 * "Latest reported wait: 5–15 min (12 min ago)" beside the forecast: the newest public post with a
 * wait, read through the strip's own request (useApi shares it). A report, never a forecast input.
 */
export function LatestReportedWait({ placeId }: { placeId: number }) {
  const { data } = useApi(publicApi.liveLooks(placeId), { refreshMs: LIVE_LOOKS_REFRESH_MS });
  const now = useNow();
  const latest = data?.live_looks.find((look) => look.wait !== null);
  if (!latest?.wait) return null;
  return (
    <p className="forecast-wait">
      Latest reported wait: {WAIT_LABELS[latest.wait]} ({timeAgo(latest.created_at, now)})
    </p>
  );
}

/** `canHide`: the visitor is signed in as one of the venue's owners. */
export function LiveLooks({ placeId, canHide }: { placeId: number; canHide: boolean }) {
  const { data, error, retry, setData } = useApi(publicApi.liveLooks(placeId), { refreshMs: LIVE_LOOKS_REFRESH_MS });
  const [formOpen, setFormOpen] = useState(false);
  const [posted, setPosted] = useState("");
  const opener = useRef<HTMLButtonElement>(null);
  const now = useNow();
  const signedIn = useSignedIn();
  const location = useHere();

  const close = () => {
    setFormOpen(false);
    // Back to the button that opened the form (it is rendered again on the next frame).
    requestAnimationFrame(() => opener.current?.focus());
  };
  const onPosted = (look: LiveLookAnswer) => {
    setData((current) => ({ live_looks: [look, ...(current?.live_looks ?? [])], wait_summary: current?.wait_summary ?? null, next_cursor: current?.next_cursor ?? null }));
    // The wait summary counts the new report: read it again.
    void retry();
    setPosted("Thanks! Your Live Look is posted.");
    close();
  };

  return (
    <section className="profile-looks" aria-labelledby="looks-heading">
      <div className="looks-head">
        <h2 id="looks-heading">Live Looks</h2>
        {formOpen ? null : signedIn ? (
          <button ref={opener} type="button" className="button small" onClick={() => {
              setPosted("");
              setFormOpen(true);
            }}>
            {LIVE_LOOK_MESSAGES.post}
          </button>
        ) : (
          // Only an account may post (docs/live-looks.md#who-may-post): everyone's sign-in, back to this profile.
          <PageLink className="button small" to={consumerSignInPath(`${location.pathname}${location.search}`)}>
            {LIVE_LOOK_MESSAGES.signInToPost}
          </PageLink>
        )}
      </div>
      <p className="looks-intro">What people at the venue say, from the last 3 hours.</p>
      <NeedsJavaScript what="Posting a Live Look" />
      {data?.wait_summary ? <p className="looks-wait">{waitSummaryText(data.wait_summary)}</p> : null}
      {formOpen ? (
        <Suspense fallback={<p role="status">Loading the form…</p>}>
          <LiveLookForm placeId={placeId} onPosted={onPosted} onCancel={close} />
        </Suspense>
      ) : null}
      <p role="status" className="success-message">{posted}</p>
      {data ? (
        data.live_looks.length === 0 ? (
          <p>No Live Looks in the last 3 hours. Be the first to post one.</p>
        ) : (
          <ul className="looks-strip">
            {data.live_looks.map((look) => (
              <LiveLookItem key={look.id} look={look} now={now} canHide={canHide} onHidden={() => void retry()} />
            ))}
          </ul>
        )
      ) : error ? (
        <p>Live Looks could not be loaded.</p>
      ) : (
        <p>Loading Live Looks…</p>
      )}
    </section>
  );
}
