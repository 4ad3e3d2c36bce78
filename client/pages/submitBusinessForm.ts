// Pure form logic of Submit a Business, kept apart from the page so it is unit-tested.
import * as v from "valibot";
import { fieldErrors } from "../lib/formErrors";
import { businessSubmissionSchema, type BusinessSubmissionInput } from "../../common/schemas/submission";

export interface SubmitBusinessForm {
  businessName: string;
  address: string;
  phoneNumber: string;
  submitterEmail: string;
  website: string;
  comments: string;
}

export type FormErrors = Partial<Record<keyof SubmitBusinessForm, string>>;

export const emptyForm: SubmitBusinessForm = {
  businessName: "",
  address: "",
  phoneNumber: "",
  submitterEmail: "",
  website: "",
  comments: "",
};

/** The API payload: the form's comments travel as `reason` (docs/architecture.md#api-contract). */
export function toPayload(form: SubmitBusinessForm): BusinessSubmissionInput {
  const { comments, ...rest } = form;
  return { ...rest, reason: comments };
}

/** Field messages from the shared schema, keyed by form field; empty when the form is valid. */
export function validate(form: SubmitBusinessForm): FormErrors {
  const result = v.safeParse(businessSubmissionSchema, toPayload(form));
  if (result.success) return {};
  return fieldErrors(result.issues, (key) => (key === "reason" ? "comments" : key) as keyof SubmitBusinessForm);
}
