// A secret the server shows once (a device key, an integration key), with a copy button.
import { useState, type ReactNode } from "react";
import { ADMIN_MESSAGES } from "../messages";

export function KeyOnce({ label, children, value, onDone, onCopyFailed }: {
  /** The region's accessible name ("New device key"). */
  label: string;
  /** What the key is for, shown above it. */
  children: ReactNode;
  value: string;
  onDone: () => void;
  onCopyFailed: (message: string) => void;
}) {
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (error) {
      console.error(error);
      onCopyFailed(ADMIN_MESSAGES.copyFailed);
    }
  };

  return (
    <div className="admin-key" role="region" aria-label={label}>
      <p>{children}</p>
      <code className="admin-key-value" tabIndex={0}>{value}</code>
      <div className="admin-actions">
        <button type="button" className="button small" onClick={() => void copy()}>
          Copy key
        </button>
        <button type="button" className="button secondary small" onClick={onDone}>
          Done
        </button>
      </div>
      {copied ? <p role="status" className="success-message">{ADMIN_MESSAGES.keyCopied}</p> : null}
    </div>
  );
}
