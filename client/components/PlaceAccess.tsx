// Who can manage a place: its owners (Remove) and its open invite links (Revoke). Shared by the
// owner's Place info page and the admin's business editor; each says whose token its calls carry.
// The server decides who may do what (an owner cannot remove the last owner).
import { useEffect, useId, useState } from "react";
import type { PlaceOwnerAnswer } from "../../common/schemas/answers";
import { type Sender, writeFailure } from "../api/endpoints";
import { ownerApi } from "../api/ownerEndpoints";
import { useApi } from "../api/useApi";
import { formatDateTime } from "../lib/format";

export const ACCESS_MESSAGES = {
  fetchFailed: "Failed to fetch owners and invite links.",
  removeOwnerFailed: "Failed to remove owner.",
  revokeInviteFailed: "Failed to revoke invite link.",
  unexpected: "An unexpected error occurred. Please try again.",
  noInvites: "No open invite links.",
} as const;

export const confirmRemoveOwner = (name: string) =>
  `Remove ${name} as an owner of this place? They lose access at once, and the invite links they made stop working.`;
export const confirmRevokeInvite = "Revoke this invite link? Whoever has it will no longer be able to use it.";

type Status = { ok: boolean; text: string } | null;

const ownerLabel = (owner: PlaceOwnerAnswer) => owner.name.trim() || owner.email;

export function PlaceAccess({
  placeId,
  sender,
  headingLevel,
  currentUserId = null,
  refreshKey = 0,
  onOwnersChanged,
  onLeft,
}: {
  placeId: number;
  sender: Sender;
  headingLevel: 2 | 3;
  /** The signed-in owner, marked "(you)"; removing them calls `onLeft` instead of reloading. */
  currentUserId?: number | null;
  /** Changing it reads the invite links again (after a new one was made). */
  refreshKey?: number;
  onOwnersChanged?: () => void;
  onLeft?: () => void;
}) {
  const headingId = useId();
  const ownerList = useApi(ownerApi.placeOwners(placeId, sender));
  const inviteList = useApi(ownerApi.placeInvites(placeId, sender));
  const owners = ownerList.data?.owners ?? null;
  const invites = inviteList.data?.invites ?? null;
  const loadError = ownerList.error !== null || inviteList.error !== null ? ACCESS_MESSAGES.fetchFailed : null;
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const { retry: reloadInvites } = inviteList;
  useEffect(() => {
    if (refreshKey > 0) void reloadInvites();
  }, [refreshKey, reloadInvites]);

  /** Sends one removal; on success says `done` and runs `after`, else shows the server's sentence. */
  const act = async (remove: () => Promise<unknown>, fallback: string, done: string, after: () => void) => {
    setBusy(true);
    setStatus(null);
    try {
      await remove();
      setStatus({ ok: true, text: done });
      after();
    } catch (error) {
      setStatus({ ok: false, text: writeFailure(error, fallback, ACCESS_MESSAGES.unexpected) });
    } finally {
      setBusy(false);
    }
  };

  const removeOwner = (owner: PlaceOwnerAnswer) => {
    if (!window.confirm(confirmRemoveOwner(ownerLabel(owner)))) return;
    const remove = () => ownerApi.removeOwner(placeId, owner.id, sender);
    void act(remove, ACCESS_MESSAGES.removeOwnerFailed, `${ownerLabel(owner)} is no longer an owner.`, () => {
      if (owner.id === currentUserId) {
        onLeft?.();
        return;
      }
      // Their open links were revoked with them.
      void ownerList.retry();
      void inviteList.retry();
      onOwnersChanged?.();
    });
  };

  const revokeInvite = (inviteId: string) => {
    if (!window.confirm(confirmRevokeInvite)) return;
    void act(() => ownerApi.revokeInvite(placeId, inviteId, sender), ACCESS_MESSAGES.revokeInviteFailed, "Invite link revoked.", () => void inviteList.retry());
  };

  const Heading = headingLevel === 2 ? "h2" : "h3";
  const SubHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <section className="place-access" aria-labelledby={headingId}>
      <Heading id={headingId}>Owners and invite links</Heading>
      {loadError ? <p role="alert" className="form-error">{loadError}</p> : null}
      {!owners && !loadError ? <p className="loading">Loading...</p> : null}
      {status ? (
        <p role={status.ok ? "status" : "alert"} className={status.ok ? "success-message" : "form-error"}>{status.text}</p>
      ) : null}
      {owners ? (
        <>
          <SubHeading>Owners</SubHeading>
          <ul className="place-access-list">
            {owners.map((owner) => (
              <li key={owner.id}>
                <span>
                  {ownerLabel(owner)}
                  {owner.name.trim() ? <span className="place-access-detail"> ({owner.email})</span> : null}
                  {owner.id === currentUserId ? " (you)" : null}
                </span>
                <button
                  type="button"
                  className="button danger small"
                  aria-label={`Remove ${ownerLabel(owner)}`}
                  disabled={busy}
                  onClick={() => removeOwner(owner)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {invites ? (
        <>
          <SubHeading>Open invite links</SubHeading>
          {invites.length === 0 ? <p>{ACCESS_MESSAGES.noInvites}</p> : null}
          <ul className="place-access-list">
            {invites.map((invite) => {
              const made = formatDateTime(invite.created_at);
              const maker = invite.created_by ? invite.created_by.name.trim() || invite.created_by.email : "an administrator";
              return (
                <li key={invite.id}>
                  <span>
                    Made by {maker} on {made}; works until {formatDateTime(invite.expires_at)}.
                  </span>
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={`Revoke the invite link made by ${maker} on ${made}`}
                    disabled={busy}
                    onClick={() => revokeInvite(invite.id)}
                  >
                    Revoke
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
