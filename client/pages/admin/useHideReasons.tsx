// The reason box of each queued item an admin may hide (reviews, Live Looks): its text, its
// message when the reason is refused, and its focus then. Checked with the server's own schema.
import { useId, useState } from "react";
import * as v from "valibot";
import { HIDE_REASON_MAX } from "../../../common/vocabulary";
import { TextAreaField } from "../../components/Field";

type ReasonSchema = v.GenericSchema<{ reason?: string }, { reason: string }>;

export function useHideReasons(schema: ReasonSchema) {
  const prefix = useId();
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const reasonId = (id: number) => `${prefix}-reason-${id}`;

  /** The checked body of a hide, or null (the box then says why and has the focus). */
  const checkedReason = (id: number): { reason: string } | null => {
    const checked = v.safeParse(schema, { reason: reasons[id] ?? "" });
    if (checked.success) return checked.output;
    setErrors((current) => ({ ...current, [id]: checked.issues[0].message }));
    document.getElementById(reasonId(id))?.focus();
    return null;
  };

  const reasonField = (id: number, label: string) => (
    <TextAreaField
      id={reasonId(id)}
      label={label}
      rows={2}
      maxLength={HIDE_REASON_MAX}
      value={reasons[id] ?? ""}
      error={errors[id]}
      onChange={(event) => {
        const value = event.target.value;
        setReasons((current) => ({ ...current, [id]: value }));
        setErrors((current) => ({ ...current, [id]: "" }));
      }}
    />
  );

  return { checkedReason, reasonField };
}
