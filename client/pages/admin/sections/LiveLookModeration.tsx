// Live Looks (issue 17; docs/live-looks.md): posts visitors reported, to hide with a reason or
// keep, and hidden ones (by the admin, a venue's owner or 3 reports), to restore or delete. Delete
// also removes the photo from storage.
import type { ModeratedLiveLookAnswer } from "../../../../common/schemas/answers";
import { liveLookHideSchema } from "../../../../common/schemas/live-look";
import { WAIT_LABELS } from "../../../../common/vocabulary";
import { publicApi } from "../../../api/endpoints";
import { LookMedia } from "../../../components/LookMedia";
import { ADMIN, adminApi } from "../../../api/adminEndpoints";
import { formatDateTime, plural } from "../../../lib/format";
import { attempt } from "../adminApi";
import { ADMIN_MESSAGES } from "../messages";
import { useHideReasons } from "../useHideReasons";
import { useModerationQueue } from "../useModerationQueue";

type Action = "hide" | "keep" | "restore" | "delete";

const name = (look: ModeratedLiveLookAnswer) => `Live Look ${look.id} at ${look.place_name}`;
const DONE: Record<Action, (look: ModeratedLiveLookAnswer) => string> = {
  hide: (look) => `${name(look)} is hidden.`,
  keep: (look) => `${name(look)} stays; its reports are closed.`,
  restore: (look) => `${name(look)} is shown again (while it is under 3 hours old).`,
  delete: (look) => `${name(look)} and its photo are deleted.`,
};
const HIDDEN_BY = { admin: "the admin", owner: "an owner of the venue", reports: "3 reports" } as const;
const confirmDeleteLiveLook = (look: ModeratedLiveLookAnswer) => `Delete ${name(look)} and its photo for good?`;

export function LiveLookModeration() {
  const { checkedReason, reasonField } = useHideReasons(liveLookHideSchema);
  const queue = useModerationQueue(adminApi.moderatedLiveLooks, ADMIN_MESSAGES.fetchLiveLooksFailed);

  const act = async (look: ModeratedLiveLookAnswer, action: Action) => {
    let send: () => Promise<unknown>;
    if (action === "hide") {
      const checked = checkedReason(look.id);
      if (!checked) return;
      send = () => publicApi.hideLiveLook(look.id, checked, ADMIN);
    } else if (action === "delete") {
      if (!window.confirm(confirmDeleteLiveLook(look))) return;
      send = () => adminApi.deleteLiveLook(look.id);
    } else {
      // Keeping a reported post is the restore call: it closes its reports.
      send = () => publicApi.restoreLiveLook(look.id, ADMIN);
    }
    queue.settle(await attempt(send, ADMIN_MESSAGES.moderateLiveLookFailed, () => DONE[action](look)));
  };

  const button = (look: ModeratedLiveLookAnswer, action: Action, label: string, secondary = false) => (
    <button type="button" className={`button small${secondary ? " secondary" : ""}`} aria-label={`${label} ${name(look)}`} onClick={() => void act(look, action)}>
      {label}
    </button>
  );

  return (
    <>
      {queue.header("Live Looks", queue.data?.live_looks.length)}
      <ul className="admin-cards">
        {queue.data?.live_looks.map((look) => (
          <li key={look.id} className="card">
            <h3>{name(look)}</h3>
            <p className="admin-muted">
              posted {formatDateTime(look.created_at)}
              {look.wait ? ` · wait ${WAIT_LABELS[look.wait]}` : ""}
              {look.vibe ? ` · ${look.vibe}` : ""}
            </p>
            <LookMedia look={look} width={240} height={180} className="admin-look-photo" />
            <p className="admin-review-comment">{look.text}</p>
            <p>{plural(look.open_reports, "open report")}</p>
            {look.hidden_at ? (
              <>
                <dl className="admin-details">
                  <dt>Hidden</dt>
                  <dd>{formatDateTime(look.hidden_at)} by {HIDDEN_BY[look.hidden_by ?? "admin"]}</dd>
                  <dt>Reason</dt>
                  <dd>{look.hidden_reason}</dd>
                </dl>
                <div className="admin-actions">
                  {button(look, "restore", "Restore")}
                  {button(look, "delete", "Delete", true)}
                </div>
              </>
            ) : (
              <>
                {reasonField(look.id, `Reason for hiding ${name(look)}`)}
                <div className="admin-actions">
                  {button(look, "hide", "Hide")}
                  {button(look, "keep", "Keep", true)}
                  {button(look, "delete", "Delete", true)}
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
