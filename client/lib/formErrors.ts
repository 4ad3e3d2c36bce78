import * as v from "valibot";

/**
 * The first message per form field from a shared schema's issues. `fieldOf` maps a payload key to
 * the form's field name (or null to drop it) where the two differ.
 */
export function fieldErrors<Field extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  fieldOf: (key: string) => Field | null = (key) => key as Field,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue);
    const field = key === null ? null : fieldOf(key);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
