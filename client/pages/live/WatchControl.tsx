// "Tell me when" on a venue's profile (docs/watches.md#on-the-profile): toggles that watch the place
// for quiet, lively or an event starting. Signed in only: signed out it is a link to sign in that
// comes back here. Its own component and file, so the profile's code around it stays untouched.
import { lazy, Suspense, useState } from "react";
import { PageLink, useHere } from "../../lib/pageLink";
import type { WatchKind } from "../../../common/schemas/watches";
import { ApiError } from "../../api/endpoints";
import { consumerSignInPath } from "../../api/signInPaths";
import { useApi } from "../../api/useApi";
import { useSignedIn } from "../../api/useSignedIn";
import { watchApi } from "../../api/watchEndpoints";
import "./watch-control.css";

/** Loaded once a watch is set: most visitors of a profile never need it. */
const PushPrompt = lazy(() => import("../../app/PushPrompt"));

const CHOICES: { when: WatchKind; label: string }[] = [
  { when: "quiet", label: "Tell me when it's quiet" },
  { when: "lively", label: "Tell me when it gets lively" },
  { when: "event_starts", label: "Tell me when an event starts" },
  { when: "special_starts", label: "Tell me when a special starts" },
  { when: "offer_starts", label: "Tell me when an offer is on" },
];

export function WatchControl({ placeId, placeName }: { placeId: number; placeName: string }) {
  const location = useHere();
  const signedIn = useSignedIn();
  const watches = useApi(signedIn ? watchApi.list() : null);
  const [busy, setBusy] = useState<WatchKind | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Right after a watch is set is when "tell me" needs the phone's permission (docs/push.md#on-the-phone).
  const [offerPush, setOfferPush] = useState(false);
  if (!signedIn) {
    return (
      <p className="watch-control">
        <PageLink to={consumerSignInPath(`${location.pathname}${location.search}`)}>Sign in to be told when {placeName} is quiet</PageLink>
      </p>
    );
  }
  const mine = (watches.data?.watches ?? []).filter((watch) => watch.place_id === placeId && watch.window === null);
  const toggle = async (when: WatchKind) => {
    setBusy(when);
    setProblem(null);
    try {
      const existing = mine.find((watch) => watch.when === when);
      if (existing) {
        await watchApi.stop(existing.id);
        watches.setData((current) => ({ watches: (current?.watches ?? []).filter((watch) => watch.id !== existing.id) }));
      } else {
        const added = await watchApi.add({ place_id: placeId, when });
        watches.setData((current) => ({ watches: [added, ...(current?.watches ?? [])] }));
        setOfferPush(true);
      }
    } catch (error) {
      setProblem(error instanceof ApiError && error.answer.error ? error.answer.error : "That did not work. Please try again.");
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="watch-control" aria-labelledby="watch-heading">
      <h2 id="watch-heading">Tell me when</h2>
      <div className="watch-choices">
        {CHOICES.map(({ when, label }) => (
          <button key={when} type="button" className="button secondary small" aria-pressed={mine.some((watch) => watch.when === when)} disabled={busy !== null || watches.data === null} onClick={() => void toggle(when)}>
            {label}
          </button>
        ))}
      </div>
      {problem ? <p role="alert">{problem}</p> : <p className="hint">We let you know in the app's notifications, and by push if you allow it.</p>}
      {offerPush ? (
        <Suspense fallback={null}>
          <PushPrompt mode="offer" />
        </Suspense>
      ) : null}
    </section>
  );
}
