// The submit-a-business form, validated with the same schema in the browser and in the worker.
import * as v from "valibot";
import { PLAIN_EMAIL_CHARACTERS, wireFormat } from "./fields";

export const REQUIRED_MESSAGE = "This field is required.";
export const PHONE_MESSAGE = "Invalid phone number format.";
export const EMAIL_MESSAGE = "Invalid email address.";

/**
 * Ten US digits with an optional leading +/+1, brackets, dashes, spaces or dots; or, for a venue in
 * another country (docs/cities.md), + and its country code then 2 to 5 groups of digits, each after
 * one space, dot or dash ("+49 30 5550 1234"). Every group starts after a separator, so the match
 * stays linear in the input.
 */
export const PHONE_PATTERN = /^(?:\+?(?:1[-.\s]?)?(?:\(\d{3}\)|\d{3})[-.\s]?\d{3}[-.\s]?\d{4}|\+[2-9]\d{0,2}(?:[-.\s]\d{1,6}){2,5})$/;
/**
 * name@domain.tld. Domain labels cannot contain dots, so every dot is a separator and the match
 * is linear in the input; the older `[^\s@]+\.[^\s@]+` let each dot fall on either side of it,
 * which took a second of CPU on 60 KB of dots.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

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
  // The admin inbox makes this a mailto: link, so only a plain address passes.
  submitterEmail: v.pipe(
    optionalMatching(EMAIL_PATTERN, 254, EMAIL_MESSAGE),
    v.check((value) => value === "" || PLAIN_EMAIL_CHARACTERS.test(value), EMAIL_MESSAGE),
  ),
  website: optionalText(500),
  // The form's "comments" field travels as `reason` (the API contract, docs/architecture.md#api-contract).
  reason: optionalText(2000),
});

export type BusinessSubmissionInput = v.InferInput<typeof businessSubmissionSchema>;
export type BusinessSubmissionFields = keyof BusinessSubmissionInput;

/** The admin inbox (beyond the spec): a submission is new until the team has handled it. */
export const SUBMISSION_STATUSES = ["new", "handled"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
const STATUS_MESSAGE = "Status must be new or handled.";
const LIMIT_MESSAGE = "Limit must be a whole number from 1 to 500.";
export const SUBMISSION_LIST_DEFAULT_LIMIT = 200;

/** GET /api/admin/submissions?status=&limit= */
export const submissionListQuerySchema = v.object({
  status: v.optional(v.picklist(SUBMISSION_STATUSES, STATUS_MESSAGE)),
  limit: v.optional(
    v.pipe(v.string(LIMIT_MESSAGE), v.regex(/^[1-9]\d{0,2}$/, LIMIT_MESSAGE), v.transform(Number), v.maxValue(500, LIMIT_MESSAGE)),
    String(SUBMISSION_LIST_DEFAULT_LIMIT),
  ),
});

/** PATCH /api/admin/submissions/{id}: mark handled, or reopen. */
export const submissionUpdateSchema = v.object({
  // A missing key gets the same sentence as a wrong value.
  status: v.pipe(v.optional(v.unknown(), ""), wireFormat({ enum: SUBMISSION_STATUSES }), v.picklist(SUBMISSION_STATUSES, STATUS_MESSAGE)),
});

export const submissionIdSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, "Submission id must be a positive whole number."),
  v.transform(Number),
  v.maxValue(2 ** 31 - 1, "Submission id must be a positive whole number."),
);
