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

/** The API payload: the form's comments travel as `reason` (docs/architecture.md#api-contract). */
export function toPayload(form: SubmitBusinessForm): BusinessSubmissionInput {
  const { comments, ...rest } = form;
  return { ...rest, reason: comments };
}
