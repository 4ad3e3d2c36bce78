import * as v from "valibot";

/** Where a refusal that names no field (a rule across fields, a wrong body) is shown. */
export const FORM_LEVEL = "form";

/**
 * The first message per form field from a shared schema's issues. `fieldOf` maps a payload key to
 * the form's field name (or null to drop it) where the two differ; issues without a key are kept
 * under FORM_LEVEL.
 */
export function fieldErrors<Field extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  fieldOf: (key: string) => Field | null = (key) => key as Field,
): Partial<Record<Field | typeof FORM_LEVEL, string>> {
  const errors: Partial<Record<Field | typeof FORM_LEVEL, string>> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue);
    const field = key === null ? FORM_LEVEL : fieldOf(key);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
