// The form of Submit a Business and its payload, kept apart from the page so they are unit-tested;
// its checks are in submitBusinessValidation.ts, which loads on the first submit.
import type { BusinessSubmissionInput } from "../../common/schemas/submission";

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

/** The form's fields as the visitor left them (a field the form lacks reads as empty). */
export function fromFormData(data: FormData): SubmitBusinessForm {
  const form = { ...emptyForm };
  for (const name of Object.keys(emptyForm) as (keyof SubmitBusinessForm)[]) {
    const value = data.get(name);
    if (typeof value === "string") form[name] = value;
  }
  return form;
}

/** The API payload: the form's comments travel as `reason` (docs/architecture.md#api-contract). */
export function toPayload(form: SubmitBusinessForm): BusinessSubmissionInput {
  const { comments, ...rest } = form;
  return { ...rest, reason: comments };
}
