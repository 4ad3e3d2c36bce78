// An invite link to share (docs/friends.md#invite-links): made on request, copied, shared through
// the phone's share sheet, or shown as a QR code to scan across the table (common/qr.ts draws it as SVG).
import { useState } from "react";
import { qrPath } from "../../../common/qr";
import type { InviteCreated } from "../../../common/schemas/friends";
import { writeFailure } from "../../api/endpoints";
import { friendsApi } from "../../api/friendsEndpoints";
import { formatInstant } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";

export function InviteLink() {
  const [invite, setInvite] = useState<InviteCreated | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    setNote(null);
    try {
      setInvite(await friendsApi.invite());
    } catch (error) {
      setNote(writeFailure(error, "Could not make a link.", "Could not reach Third Place. Try again."));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!invite) return;
    try {
      await navigator.clipboard.writeText(invite.url);
      setNote("Link copied.");
    } catch {
      setNote("Copy the link above by hand.");
    }
  };
  const qr = invite ? qrPath(invite.url) : null;
  return (
    <div className="invite-link">
      <h3>Invite link</h3>
      <p className="hint">Whoever opens it, signed in, becomes your friend. It works once, for 7 days.</p>
      {invite && qr ? (
        <>
          <p className="invite-url"><a href={invite.url}>{invite.url}</a></p>
          <p className="hint">Works until {formatInstant(Date.parse(invite.expires_at), SITE_LOCALE, { weekday: "long", month: "long", day: "numeric" })}.</p>
          <svg className="invite-qr" viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label="QR code of the invite link" shapeRendering="crispEdges">
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
          <div className="row-actions">
            <button type="button" className="button" onClick={copy}>Copy link</button>
            {"share" in navigator ? (
              <button type="button" className="button secondary" onClick={() => navigator.share({ title: "Be my friend on Third Place", url: invite.url }).catch(() => undefined)}>
                Share…
              </button>
            ) : null}
            <button type="button" className="link-button" onClick={make} disabled={busy}>Make another</button>
          </div>
        </>
      ) : (
        <button type="button" className="button" onClick={make} disabled={busy}>Make an invite link</button>
      )}
      {note ? <p role="status" className="hint">{note}</p> : null}
    </div>
  );
}
