// /app/friends: who is out now, friend requests, finding someone by handle, an invite link (with
// its QR code), your friends (remove, block), ghost mode and the accounts you blocked
// (docs/friends.md). Mobile first; every action is a labelled button.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { Person } from "../../../common/schemas/friends";
import { writeFailure } from "../../api/endpoints";
import { checkInApi, friendsApi } from "../../api/friendsEndpoints";
import { useApi } from "../../api/useApi";
import { useRequireSession } from "../../api/useRequireSession";
import { CheckedInReminder } from "../../app/friends/CheckedInReminder";
import { clockTime } from "../../app/friends/clock";
import { InviteLink } from "../../app/friends/InviteLink";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { Skeleton } from "./shell/Skeleton";
import "./app.css";
import "./friends.css";

const UNREACHABLE = "Could not reach Third Place. Try again.";

/** Runs a write and reports its failure in the page's status line; answers whether it worked. */
function useAction() {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    setStatus(null);
    try {
      await write();
      setStatus({ ok: true, text: done });
      return true;
    } catch (error) {
      setStatus({ ok: false, text: writeFailure(error, failed, UNREACHABLE) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { status, busy, run };
}

const who = (person: Person) => (
  <>
    {person.name || `@${person.handle}`} <span className="hint">@{person.handle}</span>
  </>
);

export default function Friends() {
  useDocumentTitle("Friends");
  const { ready, pickupView } = useRequireSession();
  return (
    <main className="page app-page friends-page" id="main">
      {pickupView}
      <div className="page-title-row">
        <h1>Friends</h1>
        <Link className="button secondary small" to="/app/messages">Messages</Link>
      </div>
      {ready ? <FriendsBody /> : null}
    </main>
  );
}

function FriendsBody() {
  const friends = useApi(friendsApi.friends());
  const requests = useApi(friendsApi.requests(), { refreshMs: 60_000 });
  const blocks = useApi(friendsApi.blocks());
  const out = useApi(checkInApi.out(), { refreshMs: 60_000 });
  const { status, busy, run } = useAction();
  const refresh = () => Promise.all([friends.retry(), requests.retry(), blocks.retry(), out.retry()]);
  const act = async (write: () => Promise<unknown>, done: string, failed: string) => {
    await run(write, done, failed);
    await refresh();
  };

  return (
    <>
      <CheckedInReminder />
      <p role="status" aria-live="polite" className={status?.ok === false ? "form-error" : "hint"}>{status?.text ?? ""}</p>

      <section className="card app-section" aria-labelledby="out-heading">
        <h2 id="out-heading">Out now</h2>
        {out.data?.friends.length ? (
          <ul className="people">
            {out.data.friends.map((friend) => (
              <li key={friend.id}>
                {who(friend)} is at <Link to={`/profile/${friend.place.slug}`}>{friend.place.name}</Link>
                <span className="hint"> until {clockTime(friend.until)}</span>
              </li>
            ))}
          </ul>
        ) : (
          out.data ? <p className="hint">None of your friends is sharing a check-in with you right now.</p> : <Skeleton rows={1} />
        )}
        <GhostMode />
      </section>

      <FindByHandle onSent={refresh} />

      <section className="card app-section" aria-labelledby="requests-heading">
        <h2 id="requests-heading">Friend requests</h2>
        {requests.data && requests.data.incoming.length + requests.data.outgoing.length === 0 ? <p className="hint">No requests waiting.</p> : null}
        <ul className="people">
          {requests.data?.incoming.map((request) => (
            <li key={request.id}>
              {who(request.from)} wants to be friends
              <div className="row-actions">
                <button type="button" className="button" disabled={busy} onClick={() => act(() => friendsApi.accept(request.id), `You and ${request.from.name} are friends.`, "Could not accept.")}>
                  Accept <span className="visually-hidden">{request.from.name}</span>
                </button>
                <button type="button" className="button secondary" disabled={busy} onClick={() => act(() => friendsApi.decline(request.id), "Declined.", "Could not decline.")}>
                  Decline <span className="visually-hidden">{request.from.name}</span>
                </button>
              </div>
            </li>
          ))}
          {requests.data?.outgoing.map((request) => (
            <li key={request.id}>
              You asked {who(request.to)}
              <div className="row-actions">
                <button type="button" className="link-button" disabled={busy} onClick={() => act(() => friendsApi.withdraw(request.id), "Request withdrawn.", "Could not withdraw.")}>
                  Withdraw <span className="visually-hidden">the request to {request.to.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="card app-section" aria-labelledby="friends-heading">
        <h2 id="friends-heading">Your friends</h2>
        {friends.data?.friends.length === 0 ? <p className="hint">No friends yet: find someone by handle or send an invite link.</p> : null}
        <ul className="people">
          {friends.data?.friends.map((friend) => (
            <li key={friend.id}>
              {who(friend)}
              <div className="row-actions">
                <button type="button" className="link-button" disabled={busy} onClick={() => act(() => friendsApi.remove(friend.id), `${friend.name} is no longer your friend.`, "Could not remove.")}>
                  Remove <span className="visually-hidden">{friend.name}</span>
                </button>
                <button type="button" className="link-button danger" disabled={busy} onClick={() => act(() => friendsApi.block(friend.id), `${friend.name} is blocked.`, "Could not block.")}>
                  Block <span className="visually-hidden">{friend.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
        <InviteLink />
      </section>

      <section className="card app-section" aria-labelledby="blocked-heading">
        <h2 id="blocked-heading">Blocked</h2>
        <p className="hint">Someone you block cannot find you, ask you, see your check-ins or message you, and is not told.</p>
        {blocks.data?.blocks.length === 0 ? <p className="hint">You have not blocked anyone.</p> : null}
        <ul className="people">
          {blocks.data?.blocks.map((blocked) => (
            <li key={blocked.id}>
              {who(blocked)}
              <div className="row-actions">
                <button type="button" className="link-button" disabled={busy} onClick={() => act(() => friendsApi.unblock(blocked.id), `${blocked.name} is unblocked.`, "Could not unblock.")}>
                  Unblock <span className="visually-hidden">{blocked.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function FindByHandle({ onSent }: { onSent: () => Promise<unknown> }) {
  const [handle, setHandle] = useState("");
  const { status, busy, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => friendsApi.ask(handle), `Request sent to @${handle.replace(/^@/, "")}.`, "Could not send the request.")) setHandle("");
    await onSent();
  };
  return (
    <section className="card app-section" aria-labelledby="find-heading">
      <h2 id="find-heading">Find a friend</h2>
      <form onSubmit={submit} className="find-form">
        <label htmlFor="friend-handle">Their handle</label>
        <div className="inline-field">
          <input id="friend-handle" value={handle} onChange={(event) => setHandle(event.target.value)} placeholder="@handle" autoCapitalize="none" autoCorrect="off" spellCheck={false} required />
          <button type="submit" className="button" disabled={busy || handle.trim() === ""}>Send request</button>
        </div>
      </form>
      {status ? <p role={status.ok ? "status" : "alert"} className={status.ok ? "hint" : "form-error"}>{status.text}</p> : null}
    </section>
  );
}

function GhostMode() {
  const mine = useApi(checkInApi.mine());
  const [busy, setBusy] = useState(false);
  if (!mine.data) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      mine.setData(await checkInApi.ghost(!mine.data!.ghost));
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="ghost-mode">
      <button type="button" role="switch" aria-checked={mine.data.ghost} className="switch" onClick={toggle} disabled={busy}>
        Ghost mode: {mine.data.ghost ? "on" : "off"}
      </button>
      <span className="hint"> {mine.data.ghost ? "Nobody sees your check-ins, now or later, until you turn it off." : "Turn on to hide every check-in of yours."}</span>
    </p>
  );
}
