// The API's description for sensor makers and partners: GET /api/openapi.json, generated from the
// routes' own declarations (worker/lib/openapi.ts), and GET /api/docs, the same as one HTML page.
import { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { componentSchemas, describe, errorResponse, SECURITY_SCHEMES } from "../lib/openapi";
import { renderApiReference, type ApiDocument } from "../lib/api-reference";
import { version } from "../../package.json";

const DESCRIPTION =
  "Live crowd levels of bars and restaurants, venue owners' analytics and the administrator's console. " +
  "Every error answers `{ error, details? }`. Sensors post counts to /api/ingest (see docs/device-protocol.md).";

/** Built on first use and kept for the isolate's life: the routes do not change while it runs. */
const documents = new WeakMap<Hono<AppEnv>, Promise<ApiDocument>>();
export function apiDocument(router: Hono<AppEnv>): Promise<ApiDocument> {
  const cached = documents.get(router);
  if (cached) return cached;
  const document = generateSpecs(router, {
    documentation: {
      info: { title: "Third Place API", version, description: DESCRIPTION },
      // Relative: the document describes whichever deployment serves it.
      servers: [{ url: "/" }],
      components: { securitySchemes: SECURITY_SCHEMES, schemas: componentSchemas() },
    },
    // openapi.json is a route, not a static file.
    excludeStaticFile: false,
    defaultValidationErrorResponse: errorResponse(400),
    // The page reads the subset of the document it shows.
  }) as unknown as Promise<ApiDocument>;
  documents.set(router, document);
  return document;
}

// The page needs no script and no style: a strict policy of its own.
const DOCS_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const docsRoutes = (router: Hono<AppEnv>) =>
  new Hono<AppEnv>()
  .get(
    "/openapi.json",
    describe({
      tag: "Reference",
      summary: "This document (OpenAPI 3.1)",
      access: "public",
      answers: { 200: v.looseObject({ openapi: v.literal("3.1.0") }) },
    }),
    async (c) => c.json(await apiDocument(router)),
  )
  .get(
    "/docs",
    describe({
      tag: "Reference",
      summary: "This document as a readable page",
      access: "public",
      answers: { 200: { media: "text/html", description: "Every route with its caller, parameters, body and answers." } },
    }),
    async (c) => c.html(renderApiReference(await apiDocument(router)), 200, { "content-security-policy": DOCS_CSP }),
  );
