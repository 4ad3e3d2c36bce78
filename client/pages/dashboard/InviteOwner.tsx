// 'Assign Additional Owner': generates a single-use invite link and shows it in the 'Generated
// URL' modal with 'Copy to Clipboard' and 'Close'.
import { useState } from "react";
import type { InviteLinkAnswer } from "../../../common/schemas/answers";
import { writeFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { Modal } from "../../components/Modal";
import { copyText } from "../../lib/clipboard";
import { formatDateTime } from "../../lib/format";
import { MESSAGES } from "../../lib/messages";

export function InviteOwner({ placeId, onGenerated }: { placeId: number; onGenerated?: () => void }) {
  const [invite, setInvite] = useState<InviteLinkAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [input, setInput] = useState<HTMLInputElement | null>(null);

  const generate = async () => {
    setBusy(true);
    setError(null);
    try {
      setInvite(await ownerApi.generateInvite(placeId));
      onGenerated?.();
    } catch (caught) {
      setError(writeFailure(caught, MESSAGES.unexpectedTryAgain, MESSAGES.unexpectedTryAgain));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!invite) return;
    if (await copyText(invite.invite_link, input)) window.alert(MESSAGES.urlCopied);
    else setError("Copying failed: select the link and copy it yourself.");
  };

  return (
    <>
      <button type="button" className="button" onClick={generate} disabled={busy}>
        Assign Additional Owner
      </button>
      {error && !invite ? <p role="alert" className="form-error">{error}</p> : null}
      {invite ? (
        <Modal title="Generated URL" onClose={() => setInvite(null)}>
          <p>
            Send this link to the person who should co-own this venue. It works once, until{" "}
            {formatDateTime(invite.expires_at)}.
          </p>
          <label className="field">
            <span>Invite link</span>
            <input ref={setInput} readOnly value={invite.invite_link} onFocus={(event) => event.currentTarget.select()} />
          </label>
          {error ? <p role="alert" className="form-error">{error}</p> : null}
          <div className="actions">
            <button type="button" className="button" onClick={copy}>Copy to Clipboard</button>
            <button type="button" className="button secondary" onClick={() => { setInvite(null); setError(null); }}>
              Close
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
