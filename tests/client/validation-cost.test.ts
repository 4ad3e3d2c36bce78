// Validation must cost time linear in its input (hole 1 of the security review): the e-mail
// pattern once took ~1 s of CPU on 60 KB, and valibot ran it even after the length check had
// failed. Linear work grows ~100× from 600 B to 60 KB; quadratic work ~10,000×. The ratio of two
// measurements in one run is compared, never a time, so a slow machine passes as a fast one does.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseOrThrow } from "../../worker/lib/validation";
import { signInSchema } from "../../common/schemas/auth";
import { businessSubmissionSchema, EMAIL_PATTERN } from "../../common/schemas/submission";

/** Shapes that make a backtracking e-mail pattern try many splits before failing. */
const PATHOLOGICAL = {
  dots: (n: number) => `a@${".".repeat(n - 3)}@`,
  labels: (n: number) => `a@${"a.".repeat(Math.floor((n - 3) / 2))}@`,
  "long label": (n: number) => `a@${"a".repeat(n - 4)}.@`,
  "long local part": (n: number) => `${"a".repeat(n - 1)}@`,
};

/** Milliseconds per call of `run(input)`, averaged over enough calls to read a clock. */
function costPerCall(run: (input: string) => unknown, input: string): number {
  let calls = 0;
  const started = performance.now();
  do {
    run(input);
    calls++;
  } while (performance.now() - started < 20);
  return (performance.now() - started) / calls;
}

function growth(run: (input: string) => unknown, shape: (n: number) => string): number {
  const small = shape(600);
  const large = shape(60_000);
  run(large); // warm up the engine on both sizes first
  run(small);
  return costPerCall(run, large) / costPerCall(run, small);
}

const refuses = (schema: v.GenericSchema, field: string) => (email: string) => {
  try {
    parseOrThrow(schema, { [field]: email, email, password: "x", businessName: "Bar", address: "1 Ave A" });
  } catch {
    return;
  }
  throw new Error("a pathological address was accepted");
};

describe("validation cost grows linearly with the input", () => {
  it.each(Object.entries(PATHOLOGICAL))("the e-mail pattern on %s", (_, shape) => {
    expect(EMAIL_PATTERN.test(shape(600))).toBe(false);
    expect(growth((input) => EMAIL_PATTERN.test(input), shape)).toBeLessThan(1_000);
  });

  it.each([
    ["sign-in", signInSchema, "email"],
    ["submit-business", businessSubmissionSchema, "submitterEmail"],
  ] as const)("the %s body, whose length check must stop the pattern", (_, schema, field) => {
    for (const shape of Object.values(PATHOLOGICAL)) expect(growth(refuses(schema, field), shape)).toBeLessThan(1_000);
  });
});
