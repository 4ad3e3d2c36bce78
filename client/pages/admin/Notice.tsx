// Success and failure sentences of the admin forms.
export type NoticeState = { ok: boolean; message: string } | null;

/** Success and failure sentences after a save: announced politely, failures assertively. */
export function Notice({ notice }: { notice: NoticeState }) {
  if (!notice) return null;
  return notice.ok ? (
    <p role="status" className="admin-notice success-message">{notice.message}</p>
  ) : (
    <p role="alert" className="admin-notice field-error">{notice.message}</p>
  );
}
