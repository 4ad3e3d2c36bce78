// A sensor's problems as the server words them (offline, stuck, clock drift…): text, not colour,
// so the admin's table and the owner's device dropdown say the same thing.
import type { HealthProblem } from "../../common/schemas/answers";

export function HealthProblems({ health, label }: { health: readonly HealthProblem[]; label: string }) {
  if (health.length === 0) return null;
  return (
    <ul className="health-problems" aria-label={label}>
      {health.map((problem) => (
        <li key={problem.code}>{problem.message}</li>
      ))}
    </ul>
  );
}
