// Runs in the client project (Node, under jsdom): the validator reads the OpenAPI 3.1 meta-schema from disk and
// compiles it, neither of which workerd allows. The document is generated from the same router.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { apiDocument } from "../../worker/routes/docs";

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = await apiDocument(app);
    // As clients receive it: serialised.
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });
});
