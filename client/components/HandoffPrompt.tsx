// "Continue as …?": a link that would sign this browser in (a one-time hand-off code, or a bare
// access token when no one is signed in) first says whose account it is, and waits for an answer.
// Without it, a link made by someone else would silently put the visitor in their account.
import { useEffect, useRef, useState } from "react";
import { failureMessage, handoffBody, redeemHandoff, type Outcome } from "../api/auth";
import { ownerApi } from "../api/ownerEndpoints";
import { session } from "../api/session";
import { useApi } from "../api/useApi";

export type Pickup = { kind: "code"; code: string; userId: string | null } | { kind: "token"; token: string };

interface Account {
  id: number;
  name: string;
  email: string;
}

/** Signs in as the offered account: redeems the code, or keeps the token. */
async function switchTo(pickup: Pickup, offered: Account): Promise<Outcome<unknown>> {
  if (pickup.kind === "code") return redeemHandoff(pickup.code, String(offered.id));
  session.store(pickup.token, offered.id);
  return { ok: true, value: null };
}

export function HandoffPrompt({ pickup, onDone }: { pickup: Pickup; onDone: () => void }) {
  const [signedIn] = useState(() => session.accessToken() !== null);
  const offer = useApi<Account>(pickup.kind === "code" ? ownerApi.handoffOwner(handoffBody(pickup.code, pickup.userId)) : ownerApi.accountOfToken(pickup.token));
  const me = useApi(signedIn ? ownerApi.me() : null);
  const [busy, setBusy] = useState(false);
  const [switchFailure, setSwitchFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  const offered = offer.data;
  const current = me.data;
  const answered = (offered !== null || offer.error !== null) && (!signedIn || current !== null || me.error !== null);
  // The link is for the account already signed in here: nothing to switch.
  const sameAccount = offered !== null && current?.id === offered.id;
  const failure = switchFailure ?? (offered === null && offer.error !== null ? failureMessage(offer.error) : null);
  const phase = !answered || sameAccount ? "loading" : failure !== null ? "failed" : "asking";

  useEffect(() => {
    if (answered && sameAccount) onDoneRef.current();
  }, [answered, sameAccount]);

  // The question replaces the page's content, so keyboard and screen-reader focus go to it.
  useEffect(() => {
    if (phase !== "loading") heading.current?.focus();
  }, [phase]);

  if (phase === "loading") return <p role="status">Checking your sign-in link…</p>;

  if (phase === "failed" || offered === null) {
    return (
      <section className="card" aria-labelledby="handoff-heading">
        <h2 id="handoff-heading" tabIndex={-1} ref={heading}>This sign-in link cannot be used</h2>
        <p role="alert" className="form-error">{failure}</p>
        <button type="button" className="button" onClick={onDone}>Continue without it</button>
      </section>
    );
  }

  const accept = async () => {
    setBusy(true);
    const outcome = await switchTo(pickup, offered);
    if (outcome.ok) onDone();
    else setSwitchFailure(outcome.message);
  };
  return (
    <section className="card" aria-labelledby="handoff-heading">
      <h2 id="handoff-heading" tabIndex={-1} ref={heading}>Continue as {offered.name}?</h2>
      <p>
        This link signs you in as <strong>{offered.name}</strong> ({offered.email}). Continue only if this is your
        account.
      </p>
      {current ? (
        <p>
          You are signed in here as <strong>{current.name}</strong> ({current.email}). Continuing switches this
          browser to the other account.
        </p>
      ) : null}
      <div className="cta-row">
        <button type="button" className="button" onClick={accept} disabled={busy}>
          {busy ? "Signing in..." : `Continue as ${offered.name}`}
        </button>
        <button type="button" className="button secondary" onClick={onDone} disabled={busy}>
          {current ? `Stay signed in as ${current.name}` : "Don't sign in"}
        </button>
      </div>
    </section>
  );
}
