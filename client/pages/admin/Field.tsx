// A labelled form control with its error sentence tied to it for screen readers.
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

interface FieldFrame {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
}

function Frame({ id, label, error, required, hint, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? <p className="field-hint" id={`${id}-hint`}>{hint}</p> : null}
      {error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}

const describedBy = ({ id, error, hint }: FieldFrame) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

export function InputField(
  props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { ref?: Ref<HTMLInputElement> },
) {
  const { id, label, error, required, hint, ...input } = props;
  return (
    <Frame id={id} label={label} error={error} required={required} hint={hint}>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        {...input}
      />
    </Frame>
  );
}

export function TextAreaField(props: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const { id, label, error, required, hint, ...textarea } = props;
  return (
    <Frame id={id} label={label} error={error} required={required} hint={hint}>
      <textarea
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        {...textarea}
      />
    </Frame>
  );
}

export function SelectField(props: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">) {
  const { id, label, error, required, hint, children, ...select } = props;
  return (
    <Frame id={id} label={label} error={error} required={required} hint={hint}>
      <select
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

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

/** Focuses the first control marked invalid inside `form`, so keyboard users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
