// The form of Submit a Business: an island of the page, hydrated at the first touch
// (docs/server-rendering.md#islands). Its fields are uncontrolled, read from the form on submit:
// what a visitor types before the island has hydrated stays in the fields (React keeps an input's
// value when it hydrates, and a controlled input would hold "" until the next keystroke).
import { useState, type ChangeEvent, type FormEvent } from "react";
import { publicApi } from "../api/endpoints";
import { NeedsJavaScript } from "../components/NeedsJavaScript";
import { fromFormData, toPayload, type FormErrors, type SubmitBusinessForm } from "./submitBusinessForm";

export const SUBMIT_FAILURE_ALERT = "Sorry, there was an error submitting the form. Please try again.";

const fields: { name: keyof SubmitBusinessForm; label: string; type: string; required?: boolean; autoComplete?: string }[] = [
  { name: "businessName", label: "Business name", type: "text", required: true, autoComplete: "organization" },
  { name: "address", label: "Address", type: "text", required: true, autoComplete: "street-address" },
  { name: "phoneNumber", label: "Phone number", type: "tel", autoComplete: "tel" },
  { name: "submitterEmail", label: "Your email", type: "email", autoComplete: "email" },
  { name: "website", label: "Website", type: "text", autoComplete: "url" },
];

export function SubmissionForm() {
  const [errors, setErrors] = useState<FormErrors>({});
  const [status, setStatus] = useState<"idle" | "submitting" | "success">("idle");

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as keyof SubmitBusinessForm;
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = fromFormData(new FormData(event.currentTarget));
    try {
      const { validate } = await import("./submitBusinessValidation");
      const found = validate(form);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setStatus("submitting");
      await publicApi.submitBusiness(toPayload(form));
      // The form leaves with its values; "Submit another business" brings an empty one.
      setStatus("success");
    } catch (error) {
      console.error(error);
      setStatus("idle");
      window.alert(SUBMIT_FAILURE_ALERT);
    }
  };

  if (status === "success") {
    return (
      <div role="status" className="success-message">
        <p><strong>Thank you!</strong> We received your submission and will reach out soon.</p>
        <button type="button" className="button secondary" onClick={() => setStatus("idle")}>
          Submit another business
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <NeedsJavaScript what="Sending this form" />
      {fields.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={field.name}>
            {field.label}
            {field.required ? <span aria-hidden="true"> *</span> : null}
          </label>
          <input
            id={field.name}
            name={field.name}
            type={field.type}
            onChange={onChange}
            required={field.required}
            autoComplete={field.autoComplete}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? `${field.name}-error` : undefined}
          />
          {errors[field.name] ? (
            <p className="field-error" id={`${field.name}-error`}>{errors[field.name]}</p>
          ) : null}
        </div>
      ))}
      <div className="field">
        <label htmlFor="comments">Why should this place be on Third Place?</label>
        <textarea
          id="comments"
          name="comments"
          rows={4}
          onChange={onChange}
          aria-invalid={errors.comments ? true : undefined}
          aria-describedby={errors.comments ? "comments-error" : undefined}
        />
        {errors.comments ? <p className="field-error" id="comments-error">{errors.comments}</p> : null}
      </div>
      <button type="submit" className="button" disabled={status === "submitting"}>
        {status === "submitting" ? "Submitting..." : "Submit"}
      </button>
    </form>
  );
}
