import { useState, type ChangeEvent, type FormEvent } from "react";
import { publicApi } from "../api/endpoints";
import { useApi } from "../api/useApi";
import { NeedsJavaScript } from "../components/NeedsJavaScript";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { PUBLIC_PAGE_TITLES } from "../../common/public-pages";
import type { Preload } from "../api/pageData";
import { emptyForm, toPayload, type FormErrors, type SubmitBusinessForm } from "./submitBusinessForm";

export const SUBMIT_FAILURE_ALERT = "Sorry, there was an error submitting the form. Please try again.";
/** The spec's partner ticker repeats its logo list four times so the loop never shows a gap. */
export const TICKER_REPEAT = 4;

const fields: { name: keyof SubmitBusinessForm; label: string; type: string; required?: boolean; autoComplete?: string }[] = [
  { name: "businessName", label: "Business name", type: "text", required: true, autoComplete: "organization" },
  { name: "address", label: "Address", type: "text", required: true, autoComplete: "street-address" },
  { name: "phoneNumber", label: "Phone number", type: "tel", autoComplete: "tel" },
  { name: "submitterEmail", label: "Your email", type: "email", autoComplete: "email" },
  { name: "website", label: "Website", type: "text", autoComplete: "url" },
];

const benefits = [
  { title: "Show your crowd in real time", text: "Guests see whether you are Relaxed, Lively or Packed before they leave home." },
  { title: "Fill the quiet hours", text: "Promote happy hours and events to people nearby exactly when you have room." },
  { title: "Know your nights", text: "Your dashboard shows peak hours, weekly patterns and how events move the needle." },
  { title: "We install everything", text: "A small plug-in sensor, set up by our team. No staff training, no app to run." },
];

/** The worker renders the page with its partner ticker (docs/server-rendering.md). */
export const preload: Preload = (_params, load) => load(publicApi.partnerVenues());

function PartnerTicker() {
  // Without partner venues (none yet, or unreadable) the ticker stays away.
  const partners = useApi(publicApi.partnerVenues()).data ?? [];
  if (partners.length === 0) return null;
  const repeated = Array.from({ length: TICKER_REPEAT }, () => partners).flat();
  return (
    <section className="ticker" aria-labelledby="partners-heading">
      <h2 id="partners-heading">Already on Third Place</h2>
      <ul className="visually-hidden">
        {partners.map((partner) => <li key={partner.id}>{partner.name}</li>)}
      </ul>
      <div className="ticker-track" aria-hidden="true" data-testid="partner-ticker">
        {repeated.map((partner, index) => (
          <div className="ticker-item" key={`${partner.id}-${index}`}>
            {partner.cover_image ? <img src={partner.cover_image} alt="" width="160" height="90" loading="lazy" /> : null}
            <span>{partner.name}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

export default function SubmitBusiness() {
  useDocumentTitle(PUBLIC_PAGE_TITLES["/submit-business"]);
  const [form, setForm] = useState<SubmitBusinessForm>(emptyForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [status, setStatus] = useState<"idle" | "submitting" | "success">("idle");

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { validate } = await import("./submitBusinessValidation");
      const found = validate(form);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setStatus("submitting");
      await publicApi.submitBusiness(toPayload(form));
      setStatus("success");
      setForm(emptyForm);
    } catch (error) {
      console.error(error);
      setStatus("idle");
      window.alert(SUBMIT_FAILURE_ALERT);
    }
  };

  return (
    <main className="page" id="main">
      <section className="page-banner">
        <h1>Submit a Business</h1>
        <p>Know a bar or restaurant that should be on Third Place? Own one? Tell us and we'll be in touch.</p>
      </section>
      <div className="two-column">
        <section aria-labelledby="form-heading" className="card">
          <h2 id="form-heading">Recommend a venue</h2>
          {status === "success" ? (
            <div role="status" className="success-message">
              <p><strong>Thank you!</strong> We received your submission and will reach out soon.</p>
              <button type="button" className="button secondary" onClick={() => setStatus("idle")}>
                Submit another business
              </button>
            </div>
          ) : (
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
                    value={form[field.name]}
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
                  value={form.comments}
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
          )}
        </section>
        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading">Why partner with us</h2>
          <ul className="benefits">
            {benefits.map((benefit) => (
              <li key={benefit.title}>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <PartnerTicker />
    </main>
  );
}
