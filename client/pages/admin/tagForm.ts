// Pure logic of the admin's Add Tag and Edit Tag forms (spec §5): name required, description optional.
import { ADMIN_MESSAGES } from "./messages";

export interface TagFormValues {
  name: string;
  description: string;
}

export const emptyTagForm: TagFormValues = { name: "", description: "" };

/** The name's problem, or null when the form may be sent. */
export function tagNameError(values: TagFormValues): string | null {
  return values.name.trim() === "" ? ADMIN_MESSAGES.tagNameRequired : null;
}

/** The multipart body of POST /api/tags and PUT /api/tags/{id}. */
export function tagFormData(values: TagFormValues): FormData {
  const form = new FormData();
  form.set("name", values.name.trim());
  form.set("description", values.description.trim());
  return form;
}
