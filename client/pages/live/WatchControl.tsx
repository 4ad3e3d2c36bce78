// "Tell me when" on a venue's profile (docs/watches.md#on-the-profile): toggles that watch the place
// for quiet, lively or an event starting. Signed in only: signed out it is a link to sign in that
// comes back here. Its own component and file, so the profile's code around it stays untouched.
import { lazy, Suspense, useState } from "react";
import { PageLink, useHere } from "../../lib/pageLink";
import type { MessageKey } from "../../../common/messages/en";
import type { WatchKind } from "../../../common/schemas/watches";
import { useT } from "../../lib/i18n";
import { ApiError } from "../../api/endpoints";
import { consumerSignInPath } from "../../api/signInPaths";
import { useApi } from "../../api/useApi";
import { useSignedIn } from "../../api/useSignedIn";
import { watchApi } from "../../api/watchEndpoints";
import "./watch-control.css";

/** Loaded once a watch is set: most visitors of a profile never need it. */
const PushPrompt = lazy(() => import("../../app/PushPrompt"));

const CHOICES: { when: WatchKind; label: MessageKey }[] = [
  { when: "quiet", label: "watch.quiet" },
  { when: "lively", label: "watch.lively" },
  { when: "event_starts", label: "watch.event" },
  { when: "special_starts", label: "watch.special" },
  { when: "offer_starts", label: "watch.offer" },
];

export function WatchControl({ placeId, placeName }: { placeId: number; placeName: string }) {
  const location = useHere();
  const signedIn = useSignedIn();
  const watches = useApi(signedIn ? watchApi.list() : null);
  const [busy, setBusy] = useState<WatchKind | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Right after a watch is set is when "tell me" needs the phone's permission (docs/push.md#on-the-phone).
  const [offerPush, setOfferPush] = useState(false);
  const t = useT();
  if (!signedIn) {
    return (
      <p className="watch-control">
        <PageLink to={consumerSignInPath(`${location.pathname}${location.search}`)}>{t("watch.signIn", { name: placeName })}</PageLink>
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
      setProblem(error instanceof ApiError && error.answer.error ? error.answer.error : t("watch.failed"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="watch-control" aria-labelledby="watch-heading">
      <h2 id="watch-heading">{t("watch.heading")}</h2>
      <div className="watch-choices">
        {CHOICES.map(({ when, label }) => (
          <button key={when} type="button" className="button secondary small" aria-pressed={mine.some((watch) => watch.when === when)} disabled={busy !== null || watches.data === null} onClick={() => void toggle(when)}>
            {t(label)}
          </button>
        ))}
      </div>
      {problem ? <p role="alert">{problem}</p> : <p className="hint">{t("watch.hint")}</p>}
      {offerPush ? (
        <Suspense fallback={null}>
          <PushPrompt mode="offer" />
        </Suspense>
      ) : null}
    </section>
  );
}
