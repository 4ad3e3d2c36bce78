// "Watching" (docs/watches.md#watching): every watch of the account, what it waits for and whether
// it reaches this phone, each with a Stop. The inbox tab shows it above the notifications.
import { useState } from "react";
import { Link } from "react-router";
import { writeFailure } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { watchApi } from "../../api/watchEndpoints";
import { PushPrompt } from "../../app/PushPrompt";
import { AppSection } from "./AppSection";
import { watchText } from "./watching";
import { useLocale } from "../../lib/i18n";

export function Watching() {
  const watches = useApi(watchApi.list());
  const locale = useLocale();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const list = watches.data?.watches ?? null;

  const stop = async (id: number) => {
    setBusyId(id);
    setProblem(null);
    try {
      await watchApi.stop(id);
      watches.setData((current) => ({ watches: (current?.watches ?? []).filter((watch) => watch.id !== id) }));
    } catch (error) {
      setProblem(writeFailure(error, "Could not stop that watch.", "Something went wrong. Please try again."));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <AppSection id="watching" title="Watching">
      {problem ? <p role="alert">{problem}</p> : null}
      {list === null ? (
        watches.error ? <p role="status">Your watches are unavailable at the moment.</p> : <ul className="watching-list skeleton-list" aria-busy="true"><li /><li /></ul>
      ) : list.length === 0 ? (
        <p>Nothing yet. On a place&rsquo;s page, tap &ldquo;Tell me when it&rsquo;s quiet&rdquo;.</p>
      ) : (
        <>
          <PushPrompt mode="offer" />
          <ul className="watching-list">
            {list.map((watch) => (
              <li key={watch.id}>
                <div>
                  <Link to={watch.place_url}>{watch.place_name}</Link>
                  <p className="hint">{watchText(watch, locale)}</p>
                </div>
                <button type="button" className="button secondary small" disabled={busyId !== null} onClick={() => void stop(watch.id)}>
                  Stop <span className="visually-hidden">{`watching ${watch.place_name} ${watchText(watch, locale)}`}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </AppSection>
  );
}
