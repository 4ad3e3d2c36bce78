import * as v from "valibot";

/** The first message of each field a schema refused, keyed by the field's name. */
export function firstErrorPerField(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? "form";
    errors[field] ??= issue.message;
  }
  return errors;
}
