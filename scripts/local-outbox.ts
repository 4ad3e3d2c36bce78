// The local outbox (docs/accounts.md#mail): with MAIL_OUTBOX_URL set (.dev.vars), the worker posts
// each mail it would send as an .eml to this path of the server that serves it (`vite preview` or
// `vite dev`), which writes it to <state>/outbox/, <state> being THIRD_PLACE_STATE or
// .wrangler/state. workerd cannot write files itself. Local only: production has no such path.
import { mkdirSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Connect, Plugin } from "vite";

export const OUTBOX_PATH = "/__local/outbox";
/** A mail of ours is a few KB; anything larger is not one. */
const MAX_MAIL_BYTES = 256 * 1024;

/** The folder the mails are written to. */
export const outboxDir = (stateDir: string) => path.join(stateDir, "outbox");

let written = 0;

/**
 * Writes one posted mail. Only `message/rfc822` posts are taken: a web page cannot send that type
 * to another origin without a CORS preflight, which this answers with nothing, so no website a
 * developer visits can fill the outbox.
 */
function acceptMail(folder: string, request: IncomingMessage, response: ServerResponse) {
  if (request.method !== "POST" || request.headers["content-type"] !== "message/rfc822") {
    response.statusCode = 405;
    return response.end();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  request.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_MAIL_BYTES) chunks.push(chunk);
  });
  request.on("end", () => {
    if (size > MAX_MAIL_BYTES) {
      response.statusCode = 413;
      return response.end();
    }
    mkdirSync(folder, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}-${++written}.eml`;
    writeFileSync(path.join(folder, name), Buffer.concat(chunks));
    response.statusCode = 201;
    response.end(name);
  });
}

/** The Vite plugin that serves the outbox on the preview and dev servers, before the worker. */
export function localOutbox(stateDir = path.join(import.meta.dirname, "..", ".wrangler", "state")): Plugin {
  const folder = outboxDir(stateDir);
  const middleware: Connect.NextHandleFunction = (request, response, next) => {
    if (request.url?.split("?")[0] !== OUTBOX_PATH) return next();
    acceptMail(folder, request, response);
  };
  return {
    name: "third-place:local-outbox",
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
    configureServer: (server) => void server.middlewares.use(middleware),
  };
}
