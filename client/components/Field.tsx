// A labelled form control with its error sentence tied to it for screen readers.
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
}

/** The label, hint and error around any control; the control itself must use `id`. */
export function FieldFrame({ id, label, error, required, hint, children }: FieldProps & { children: ReactNode }) {
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

const describedBy = ({ id, error, hint }: FieldProps) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

export function InputField(
  props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { ref?: Ref<HTMLInputElement> },
) {
  const { id, label, error, required, hint, ...input } = props;
  return (
    <FieldFrame id={id} label={label} error={error} required={required} hint={hint}>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextAreaField(props: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const { id, label, error, required, hint, ...textarea } = props;
  return (
    <FieldFrame id={id} label={label} error={error} required={required} hint={hint}>
      <textarea
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function SelectField(props: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">) {
  const { id, label, error, required, hint, children, ...select } = props;
  return (
    <FieldFrame id={id} label={label} error={error} required={required} hint={hint}>
      <select
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** Focuses the first control marked invalid inside `form`, so keyboard users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
