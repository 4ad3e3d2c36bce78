// "Continue as …?": a link that would sign this browser in (a one-time hand-off code, or a bare
// access token when no one is signed in) first says whose account it is, and waits for an answer.
// Without it, a link made by someone else would silently put the visitor in their account.
import { useEffect, useRef, useState } from "react";
import { accountOfToken, currentAccount, inspectHandoff, redeemHandoff, type Outcome } from "../api/auth";
import { session } from "../api/session";

export type Pickup = { kind: "code"; code: string; userId: string | null } | { kind: "token"; token: string };

interface Account {
  id: number;
  name: string;
  email: string;
}

type Phase =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "asking"; offered: Account; current: Account | null; busy: boolean };

const accountOfPickup = (pickup: Pickup): Promise<Outcome<Account>> =>
  pickup.kind === "code" ? inspectHandoff(pickup.code, pickup.userId) : accountOfToken(pickup.token);

/** Signs in as the offered account: redeems the code, or keeps the token. */
async function switchTo(pickup: Pickup, offered: Account): Promise<Outcome<unknown>> {
  if (pickup.kind === "code") return redeemHandoff(pickup.code, String(offered.id));
  session.store(pickup.token, offered.id);
  return { ok: true, value: null };
}

export function HandoffPrompt({ pickup, onDone }: { pickup: Pickup; onDone: () => void }) {
  const [phase, setPhase] = useState<Phase>({ state: "loading" });
  const heading = useRef<HTMLHeadingElement>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    let live = true;
    const signedIn = session.accessToken() !== null;
    Promise.all([accountOfPickup(pickup), signedIn ? currentAccount() : null]).then(([offered, current]) => {
      if (!live) return;
      if (!offered.ok) return setPhase({ state: "failed", message: offered.message });
      const currentValue = current?.ok ? current.value : null;
      // The link is for the account already signed in here: nothing to switch.
      if (currentValue?.id === offered.value.id) return onDoneRef.current();
      setPhase({ state: "asking", offered: offered.value, current: currentValue, busy: false });
    });
    return () => {
      live = false;
    };
  }, [pickup]);

  // The question replaces the page's content, so keyboard and screen-reader focus go to it.
  useEffect(() => {
    if (phase.state !== "loading") heading.current?.focus();
  }, [phase.state]);

  if (phase.state === "loading") return <p role="status">Checking your sign-in link…</p>;

  if (phase.state === "failed") {
    return (
      <section className="card" aria-labelledby="handoff-heading">
        <h2 id="handoff-heading" tabIndex={-1} ref={heading}>This sign-in link cannot be used</h2>
        <p role="alert" className="form-error">{phase.message}</p>
        <button type="button" className="button" onClick={onDone}>Continue without it</button>
      </section>
    );
  }

  const { offered, current, busy } = phase;
  const accept = async () => {
    setPhase({ ...phase, busy: true });
    const outcome = await switchTo(pickup, offered);
    if (outcome.ok) onDone();
    else setPhase({ state: "failed", message: outcome.message });
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
