/** True when D1 refused a write for this kind of constraint; looks through Drizzle's error wrapper. */
export function isConstraintError(error: unknown, kind: "UNIQUE" | "FOREIGN KEY"): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.message.includes(`${kind} constraint failed`)) return true;
  }
  return false;
}
