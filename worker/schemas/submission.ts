// The submit-a-business form, validated with the same schema in the browser and in the worker.
import * as v from "valibot";

export const REQUIRED_MESSAGE = "This field is required.";
export const PHONE_MESSAGE = "Invalid phone number format.";
export const EMAIL_MESSAGE = "Invalid email address.";

/** Ten US digits with an optional leading +/+1, brackets, dashes, spaces or dots. */
export const PHONE_PATTERN = /^\+?(?:1[-.\s]?)?(?:\(\d{3}\)|\d{3})[-.\s]?\d{3}[-.\s]?\d{4}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const tooLong = (max: number) => `Must be at most ${max} characters.`;

// A missing key reads as "" so it gets the same sentence as an empty field.
export const requiredText = (max: number) =>
  v.pipe(v.optional(v.string(REQUIRED_MESSAGE), ""), v.trim(), v.nonEmpty(REQUIRED_MESSAGE), v.maxLength(max, tooLong(max)));

const optionalText = (max: number) =>
  v.optional(v.pipe(v.string("Must be text."), v.trim(), v.maxLength(max, tooLong(max))), "");

const optionalMatching = (pattern: RegExp, max: number, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(max, tooLong(max)),
      v.check((value) => value === "" || pattern.test(value), message),
    ),
    "",
  );

export const businessSubmissionSchema = v.object({
  businessName: requiredText(200),
  address: requiredText(300),
  phoneNumber: optionalMatching(PHONE_PATTERN, 30, PHONE_MESSAGE),
  submitterEmail: optionalMatching(EMAIL_PATTERN, 254, EMAIL_MESSAGE),
  website: optionalText(500),
  // The form's "comments" field travels as `reason` (spec §3).
  reason: optionalText(2000),
});

export type BusinessSubmissionInput = v.InferInput<typeof businessSubmissionSchema>;
export type BusinessSubmissionFields = keyof BusinessSubmissionInput;
