// The offer form's values and what they send (docs/offers.md#the-dashboard): checked with the
// server's own schema before sending, so the sentences are the server's, tied to their fields.
import * as v from "valibot";
import type { EventDay } from "../../../../common/schemas/event";
import { offerCreateSchema, type OfferKind, type OfferWhen, type OwnedOffer } from "../../../../common/schemas/offers";

export interface OfferFormValues {
  title: string;
  terms: string;
  kind: OfferKind;
  value: string;
  days: EventDay[];
  from: string;
  to: string;
  startsOn: string;
  endsOn: string;
  dailyCap: string;
  when: OfferWhen;
  quietBelow: string;
  audience: "everyone" | "savers";
}

export const EMPTY_OFFER: OfferFormValues = {
  title: "",
  terms: "",
  kind: "percent",
  value: "20",
  days: [],
  from: "15:00",
  to: "18:00",
  startsOn: "",
  endsOn: "",
  dailyCap: "20",
  when: "quiet",
  quietBelow: "",
  audience: "everyone",
};

export function offerFormOf(offer: OwnedOffer): OfferFormValues {
  return {
    title: offer.title,
    terms: offer.terms,
    kind: offer.kind,
    value: offer.value === null ? "" : String(offer.value),
    days: offer.days,
    from: offer.from,
    to: offer.to,
    startsOn: offer.starts_on ?? "",
    endsOn: offer.ends_on ?? "",
    dailyCap: String(offer.daily_cap),
    when: offer.when,
    quietBelow: offer.quiet_below_percent === null ? "" : String(offer.quiet_below_percent),
    audience: offer.audience,
  };
}

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

/** What POST (or PATCH, whole) sends: a value only for a percent or a price, a percent only while quiet. */
export function offerBody(values: OfferFormValues) {
  return {
    title: values.title,
    terms: values.terms,
    kind: values.kind,
    value: values.kind === "percent" || values.kind === "price" ? numberOrNull(values.value) : null,
    days: values.days,
    from: values.from,
    to: values.to,
    starts_on: values.startsOn || null,
    ends_on: values.endsOn || null,
    daily_cap: numberOrNull(values.dailyCap) ?? 0,
    when: values.when,
    quiet_below_percent: values.when === "quiet" ? numberOrNull(values.quietBelow) : null,
    audience: values.audience,
  };
}

/** The server's sentence per field for the form's values; empty when it would be accepted. */
export function offerProblems(values: OfferFormValues): Partial<Record<string, string>> {
  const result = v.safeParse(offerCreateSchema, offerBody(values));
  if (result.success) return {};
  const problems: Partial<Record<string, string>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((item) => String(item.key))[0] ?? "form";
    problems[key] ??= issue.message;
  }
  return problems;
}
