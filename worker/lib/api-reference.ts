// /api/docs: the OpenAPI document as one server-rendered page, grouped by tag. No script and no
// style, so it needs nothing the strictest policy would refuse and loads nothing of the app.
import { escapeMarkup } from "../../common/markup";

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Media {
  schema?: JsonSchema;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
}

export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { description?: string; bearerFormat?: string }> };
}

const schemaBlock = (schema: JsonSchema | undefined) =>
  schema ? `<details><summary>schema</summary><pre>${escapeMarkup(JSON.stringify(schema, null, 2))}</pre></details>` : "";

function callers(security: Operation["security"]): string {
  if (!security || security.length === 0) return "anyone";
  return security.map((requirement) => Object.keys(requirement)[0] ?? "anyone (optional token)").join(" or ");
}

function operationHtml(path: string, method: string, op: Operation): string {
  const parts = [
    `<h3 id="${escapeMarkup(`${method}-${path}`)}"><code>${method.toUpperCase()} ${escapeMarkup(path)}</code></h3>`,
    `<p>${escapeMarkup(op.summary ?? "")}</p>`,
    op.description ? `<p>${escapeMarkup(op.description)}</p>` : "",
    `<p>Caller: ${escapeMarkup(callers(op.security))}</p>`,
  ];
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${escapeMarkup(p.name)}</code></td><td>${escapeMarkup(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td>${schemaBlock(p.schema)}</td></tr>`,
    );
    parts.push(`<table><caption>Parameters</caption><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${rows.join("")}</table>`);
  }
  if (op.requestBody) {
    const bodies = Object.entries(op.requestBody.content).map(
      ([media, { schema }]) => `<li><code>${escapeMarkup(media)}</code>${schemaBlock(schema)}</li>`,
    );
    parts.push(`<p>Body (${op.requestBody.required ? "required" : "optional"}):</p><ul>${bodies.join("")}</ul>`);
  }
  const answers = Object.entries(op.responses).map(([status, answer]) => {
    const media = Object.entries(answer.content ?? {}).map(([type, { schema }]) => ` <code>${escapeMarkup(type)}</code>${schemaBlock(schema)}`);
    return `<li><strong>${escapeMarkup(status)}</strong> ${escapeMarkup(answer.description)}${media.join("")}</li>`;
  });
  parts.push(`<p>Answers:</p><ul>${answers.join("")}</ul>`);
  return `<section>${parts.join("\n")}</section>`;
}

export function renderApiReference(doc: ApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)]);
    }
  }
  const schemes = Object.entries(doc.components?.securitySchemes ?? {}).map(
    ([name, scheme]) => `<li><code>${escapeMarkup(name)}</code>: bearer ${escapeMarkup(scheme.bearerFormat ?? "")}. ${escapeMarkup(scheme.description ?? "")}</li>`,
  );
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(doc.info.title)}</title></head>
<body>
<h1>${escapeMarkup(doc.info.title)} ${escapeMarkup(doc.info.version)}</h1>
<p>${escapeMarkup(doc.info.description ?? "")}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeMarkup(doc.openapi)}).</p>
<h2>Credentials</h2>
<p>Sent as <code>Authorization: Bearer …</code>:</p>
<ul>${schemes.join("")}</ul>
<nav><ul>${tags.map((tag) => `<li><a href="#${escapeMarkup(tag)}">${escapeMarkup(tag)}</a></li>`).join("")}</ul></nav>
${tags.map((tag) => `<h2 id="${escapeMarkup(tag)}">${escapeMarkup(tag)}</h2>\n${byTag.get(tag)!.join("\n")}`).join("\n")}
</body>
</html>`;
}
