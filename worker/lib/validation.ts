import type { Context } from "hono";
import * as v from "valibot";
import { readBodyCapped } from "./body";
import { ApiError, badRequest, type FieldProblem } from "./errors";

/** JSON bodies are small forms; anything larger is a mistake or an attack. */
export const MAX_JSON_BYTES = 64 * 1024;

export function fieldProblems(issues: readonly v.BaseIssue<unknown>[]): FieldProblem[] {
  return issues.map((issue) => ({
    field: v.getDotPath(issue) ?? "body",
    message: issue.message,
  }));
}

/** Parses `input` or throws a 400 whose message names the first bad field. */
export function parseOrThrow<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  // A field's pipe stops at its first failure, so a pattern never runs on text its length
  // check already refused (the cheap checks come first in every pipe).
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const details = fieldProblems(result.issues);
  const first = details[0];
  const message = first.field === "body" ? first.message : `${first.field}: ${first.message}`;
  throw badRequest(message, details);
}

/** Stateless for whole buffers, so one serves every request. */
const utf8 = new TextDecoder();

/** Reads a JSON body (size-capped, content type checked) and validates it. */
export async function readJson<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  maxBytes = MAX_JSON_BYTES,
): Promise<v.InferOutput<TSchema>> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType)) {
    throw new ApiError(415, "Send the request body as application/json.");
  }
  const text = utf8.decode(await readBodyCapped(c.req.raw, maxBytes));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("Request body must be valid JSON.");
  }
  return parseOrThrow(schema, body);
}

/**
 * For calls that take no body (generate-url, logout): nothing, or an empty JSON object, passes;
 * anything else is a mistake and must not be acted on.
 */
export async function expectNoBody(c: Context): Promise<void> {
  const text = new TextDecoder().decode(await readBodyCapped(c.req.raw, MAX_JSON_BYTES)).trim();
  if (text !== "" && text !== "{}") throw badRequest("This request takes no body.");
}

/** Only the fields that were sent: a validated partial update's undefined means "leave as it is". */
export function sentFields<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
