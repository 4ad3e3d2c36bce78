// Pure logic of the admin's Add Tag and Edit Tag forms: the worker's tag schema, so an
// empty name gets 'Tag name is required.' here exactly as from the server.
import * as v from "valibot";
import { tagSchema } from "../../../common/schemas/tag";
import { fieldErrors } from "../../lib/formErrors";

export interface TagFormValues {
  name: string;
  description: string;
}

export type TagFormErrors = Partial<Record<keyof TagFormValues, string>>;

export const emptyTagForm: TagFormValues = { name: "", description: "" };

/** Field problems; empty when the form may be sent. */
export function validateTag(values: TagFormValues): TagFormErrors {
  const result = v.safeParse(tagSchema, values);
  return result.success ? {} : fieldErrors(result.issues);
}

/** The multipart body of POST /api/tags and PUT /api/tags/{id}. */
export function tagFormData(values: TagFormValues): FormData {
  const form = new FormData();
  form.set("name", values.name.trim());
  form.set("description", values.description.trim());
  return form;
}
