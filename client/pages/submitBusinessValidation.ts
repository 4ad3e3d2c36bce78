// The checks of Submit a Business: the worker's own schema, so the browser shows the server's
// sentences. Loaded on the first submit: valibot and the schema stay off the page's first view.
import * as v from "valibot";
import { fieldErrors } from "../lib/formErrors";
import { businessSubmissionSchema } from "../../common/schemas/submission";
import { toPayload, type FormErrors, type SubmitBusinessForm } from "./submitBusinessForm";

/** Field messages from the shared schema, keyed by form field; empty when the form is valid. */
export function validate(form: SubmitBusinessForm): FormErrors {
  const result = v.safeParse(businessSubmissionSchema, toPayload(form));
  if (result.success) return {};
  return fieldErrors(result.issues, (key) => (key === "reason" ? "comments" : key) as keyof SubmitBusinessForm);
}
