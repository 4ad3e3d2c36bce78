// Each route declares its caller, input and answers once, beside its handler: `describe()` for the
// OpenAPI document (GET /api/openapi.json) and `params()` / `query()` / `jsonBody()` for the input,
// which they validate with our own rules (parseOrThrow: 400 naming the field, pipes stopping at
// their first failure; readJson: size cap, 415, malformed JSON) and document at the same time.
import { toJsonSchema, type ConversionConfig } from "@valibot/to-json-schema";
import type { Context, MiddlewareHandler } from "hono";
import { describeRoute, resolver, uniqueSymbol, type DescribeRouteOptions, type GenerateSpecOptions } from "hono-openapi";
import * as v from "valibot";
import type { ValidationTargets } from "hono";
import { errorAnswerSchema } from "../../common/schemas/answers";
import { wireFormat } from "../../common/schemas/fields";
import { expectNoBody, parseOrThrow, readJson } from "./validation";

/** Who may call a route, as the document's security requirements and the errors that follow. */
export type Access =
  /** Anyone. */
  | "public"
  /** Anyone; an owner's or the admin's token changes the answer (and an invalid one is a 401). */
  | "anyone-or-signed-in"
  /** A signed-in owner or the admin. */
  | "signed-in"
  /** An owner of the place in the path, or the admin. */
  | "place-owner"
  | "admin"
  | "sensor"
  /** The Things Stack's webhook, with an integration key. */
  | "integration";

export const SECURITY_SCHEMES = {
  ownerToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "An owner's access token from POST /api/auth/login, /api/auth/signup or /api/auth/handoff/redeem (15 minutes; POST /api/refresh with the tp_refresh cookie renews it).",
  },
  adminToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The administrator's token from POST /api/admin/login (12 hours; POST /api/admin/logout ends it).",
  },
  sensorKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "tpd_ and 43 base64url characters",
    description: "A sensor's key, shown once when the admin registers the device (POST /api/place/{id}/devices).",
  },
  integrationKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "tpi_ and 43 base64url characters",
    description: "A Things Stack webhook's key, shown once when the admin creates it (POST /api/integrations/ttn); sent as an additional header.",
  },
} as const;

type Scheme = keyof typeof SECURITY_SCHEMES;
const needs = (...schemes: Scheme[]) => schemes.map((scheme) => ({ [scheme]: [] }));

const ACCESS: Record<Access, { security: NonNullable<DescribeRouteOptions["security"]>; errors: number[] }> = {
  public: { security: [], errors: [] },
  // {} first: the token is optional.
  "anyone-or-signed-in": { security: [{}, ...needs("ownerToken"), ...needs("adminToken")], errors: [401] },
  "signed-in": { security: [...needs("ownerToken"), ...needs("adminToken")], errors: [401] },
  "place-owner": { security: [...needs("ownerToken"), ...needs("adminToken")], errors: [400, 401, 403, 404] },
  admin: { security: needs("adminToken"), errors: [401, 403] },
  // The place's object limits each sensor's requests.
  sensor: { security: needs("sensorKey"), errors: [401, 429] },
  // Rate limits and unknown devices are acknowledged (2xx): The Things Stack disables failing webhooks.
  integration: { security: needs("integrationKey"), errors: [401] },
};

const ERROR_MEANINGS: Record<number, string> = {
  400: "The request was refused: `error` names the first bad field, `details` lists each one.",
  401: "No valid credentials: sign in (or refresh the access token) and try again.",
  403: "The caller may not do this.",
  404: "No such resource.",
  409: "The request conflicts with the current state (a name taken, a cap reached, a last owner).",
  410: "The link or code was used, withdrawn or has expired.",
  413: "The body, or an image in it, is too large.",
  415: "The body is not of the content type this route reads, or an image is not JPEG, PNG or WebP.",
  422: "Some of the content was refused.",
  429: "Too many requests: wait for the seconds in Retry-After.",
  503: "A service this route needs is unavailable or not configured.",
};

/**
 * How valibot schemas become JSON Schema. Inputs are documented as clients send them ("input"
 * stops a pipe at its first transform, which has no JSON Schema); a pipe whose wire format that
 * hides declares it with wireFormat() (common/schemas/fields.ts). Answers have no transforms.
 */
const conversion: ConversionConfig = { target: "draft-2020-12", typeMode: "input", errorMode: "ignore" };

const documented = (schema: v.GenericSchema) => resolver(schema, { options: conversion });

/** A body or answer that is not JSON: described by its media type alone. */
export interface OtherMedia {
  media: string;
  description: string;
}

export interface RouteDoc {
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Answers by status: a valibot schema of the JSON, or another media type. */
  answers: Record<number, v.GenericSchema | OtherMedia>;
  /** Error statuses beyond those of `access` and of the input validators. */
  errors?: number[];
  /** A body read by the handler itself (multipart forms, a body that may be absent); JSON bodies use jsonBody(). */
  body?: { required: boolean; content: Record<string, v.GenericSchema> };
  parameters?: DescribeRouteOptions["parameters"];
}

const isOtherMedia = (answer: v.GenericSchema | OtherMedia): answer is OtherMedia => "media" in answer;

/** Documents a route: its tag, summary, who may call it, its answers and its errors. */
export function describe(doc: RouteDoc): MiddlewareHandler {
  const responses: NonNullable<DescribeRouteOptions["responses"]> = {};
  for (const [status, answer] of Object.entries(doc.answers)) {
    responses[status] = isOtherMedia(answer)
      ? { description: answer.description, content: { [answer.media]: {} } }
      : { description: "Success.", content: { "application/json": { schema: documented(answer) } } };
  }
  for (const status of new Set([...ACCESS[doc.access].errors, ...(doc.errors ?? [])])) {
    responses[status] ??= errorResponse(status);
  }
  return describeRoute({
    tags: [doc.tag],
    summary: doc.summary,
    description: doc.description,
    security: ACCESS[doc.access].security,
    parameters: doc.parameters,
    requestBody: doc.body && {
      required: doc.body.required,
      content: Object.fromEntries(Object.entries(doc.body.content).map(([media, schema]) => [media, { schema: documented(schema) }])),
    },
    responses,
  });
}

type ComponentSchemas = NonNullable<NonNullable<GenerateSpecOptions["documentation"]["components"]>["schemas"]>;

/** The error answer, once in the document's components; every error status refers to it. */
export function componentSchemas(): ComponentSchemas {
  const { $schema: _dialect, ...errorAnswer } = toJsonSchema(errorAnswerSchema, conversion);
  // Draft 2020-12 JSON Schema is what OpenAPI 3.1's schema object is; only the typings differ.
  return { ErrorAnswer: errorAnswer as ComponentSchemas[string] };
}

export function errorResponse(status: number) {
  return {
    description: ERROR_MEANINGS[status] ?? "An error.",
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorAnswer" } } },
  };
}

/** A file field of a multipart form, for the document (the handler checks the bytes). */
export const fileField = (description: string) => v.optional(v.pipe(v.any(), wireFormat({ type: "string", format: "binary", description })));

/** An image field of a multipart form, for the document (the handler checks the bytes). */
export const imageFile = v.optional(v.pipe(v.any(), wireFormat({ type: "string", format: "binary", description: "JPEG, PNG or WebP, at most 5 MB; stored without its metadata (EXIF, GPS, XMP, ICC, text)" })));

type Validated<Target extends keyof ValidationTargets, Schema extends v.GenericSchema> = MiddlewareHandler<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any env: these read only the request
  any,
  string,
  { in: { [K in Target]: v.InferInput<Schema> }; out: { [K in Target]: v.InferOutput<Schema> } }
>;

/** Hands what `read` validated to c.req.valid(target) and leaves `record` for generateSpecs to find. */
function validated<Target extends "param" | "query" | "json", Schema extends v.GenericSchema>(
  target: Target,
  read: (c: Context) => Promise<v.InferOutput<Schema>>,
  record: object,
): Validated<Target, Schema> {
  const middleware: Validated<Target, Schema> = async (c, next) => {
    c.req.addValidatedData(target, (await read(c)) as object);
    await next();
  };
  return Object.assign(middleware, { [uniqueSymbol]: record });
}

/** The record hono-openapi's own validator() leaves: the schema becomes parameters and a 400. */
/**
 * The names of an object schema (or a pipe that starts with one) that must be given: those whose
 * schema refuses a missing value. A field may default to "" only to answer with its own message
 * ("date must be …"), which the conversion would otherwise document as an optional parameter.
 */
function requiredNames(schema: v.GenericSchema): string[] {
  const object = "entries" in schema ? schema : (schema as { pipe?: v.GenericSchema[] }).pipe?.find((item) => "entries" in item);
  const entries = (object as { entries?: Record<string, v.GenericSchema> } | undefined)?.entries ?? {};
  return Object.keys(entries).filter((name) => !v.safeParse(entries[name], undefined).success);
}

const parameterRecord = (target: "param" | "query", schema: v.GenericSchema) => {
  const resolved = documented(schema);
  const required = requiredNames(schema);
  return {
    target,
    ...resolved,
    toOpenAPISchema: async (...options: Parameters<typeof resolved.toOpenAPISchema>) => {
      const result = await resolved.toOpenAPISchema(...options);
      const converted = result.schema as { properties?: Record<string, { default?: unknown }>; required?: string[] };
      for (const name of required) {
        if (!converted.properties?.[name]) continue;
        delete converted.properties[name].default;
        converted.required = [...new Set([...(converted.required ?? []), name])];
      }
      return result;
    },
    options: { options: conversion },
  };
};

/** Documents the path parameters a middleware (a guard) validates itself. */
export const withParamsDoc = <M extends MiddlewareHandler>(middleware: M, entries: Record<string, v.GenericSchema>) =>
  Object.assign(middleware, { [uniqueSymbol]: parameterRecord("param", v.object(entries)) });

/** Path parameters, each checked alone so that its message is the schema's own, unprefixed. */
export const params = <Entries extends Record<string, v.GenericSchema>>(entries: Entries) => {
  const schema = v.object(entries);
  return validated<"param", typeof schema>(
    "param",
    async (c) =>
      Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, parseOrThrow(entry, c.req.param(name))])) as v.InferOutput<
        typeof schema
      >,
    parameterRecord("param", schema),
  );
};

/** The query string (an object schema; the first value of a repeated name counts). */
export const query = <Schema extends v.GenericSchema>(schema: Schema) =>
  validated<"query", Schema>("query", async (c) => parseOrThrow(schema, c.req.query()), parameterRecord("query", schema));

/** A JSON body, read size-capped (413), as application/json only (415), parsed (400) and validated (400). */
export const jsonBody = <Schema extends v.GenericSchema>(schema: Schema, maxBytes?: number) =>
  validated<"json", Schema>("json", (c) => readJson(c, schema, maxBytes), {
    spec: {
      requestBody: { required: true, content: { "application/json": { schema: documented(schema) } } },
      responses: Object.fromEntries([400, 413, 415].map((status) => [status, errorResponse(status)])),
    },
  });

/** For calls that take no body: nothing or {} passes; anything else is a 400 (a huge one a 413). */
export const noBody = (): MiddlewareHandler =>
  Object.assign(
    async (c: Context, next: () => Promise<void>) => {
      await expectNoBody(c);
      await next();
    },
    { [uniqueSymbol]: { spec: { responses: Object.fromEntries([400, 413].map((status) => [status, errorResponse(status)])) } } },
  );
