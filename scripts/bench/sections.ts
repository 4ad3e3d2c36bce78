// How `npm run bench` runs its sections (docs/architecture.md#bench-method): each on its own, a
// section that throws reported FAIL with its error and the next one run, servers stopped after,
// and a failure to stop reported after every section's failure, never in its place. `--only a,b`
// runs just those budgeted sections (and the unbudgeted steps they need).
import { inspect } from "node:util";

/** One line for an error and its causes: "TypeError: fetch failed ← SocketError: other side closed". */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e !== undefined && parts.length < 5; e = (e as { cause?: unknown }).cause) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    if (!(e instanceof Error)) break;
  }
  return parts.join(" ← ");
}

/** What a section needs that an earlier step failed to make: the section fails with that reason. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`not run: ${what} failed`);
  return value;
}

export class BenchSections {
  /** Each budgeted section's outcome: within budget (true), over it or failed (false). */
  readonly results: Record<string, boolean> = {};
  /** Sections that threw, with their error. */
  readonly errors: string[] = [];
  /** Clean-up steps that threw; reported last. */
  readonly cleanUpErrors: string[] = [];

  private readonly log: (line: string) => void;
  private readonly logDetail: (text: string) => void;
  /** Budgeted sections to run (`npm run bench -- --only watches,suggestions`); all when undefined. */
  private readonly only: ReadonlySet<string> | undefined;

  /** `log` prints the report's lines; `logDetail` an error's stack; `only` names the budgeted sections to run. */
  constructor(log: (line: string) => void = console.log, logDetail: (text: string) => void = console.error, only?: readonly string[]) {
    this.log = log;
    this.logDetail = logDetail;
    this.only = only ? new Set(only) : undefined;
  }

  /**
   * Runs one section; a budgeted one (the default) records whether it met its budget (anything but
   * `false` does). One that throws is reported FAIL with its error (the stack to `logDetail`) and
   * counts as failed, budgeted or not.
   */
  async run(name: string, measure: () => boolean | void | Promise<boolean | void>, budgeted = true): Promise<void> {
    // Steps without a budget (serving the app) are what the named sections need: they always run.
    if (budgeted && this.only && !this.only.has(name)) return;
    try {
      const ok = await measure();
      if (budgeted) this.results[name] = ok !== false;
    } catch (error) {
      this.results[name] = false;
      this.errors.push(`${name}: ${describeError(error)}`);
      this.log(`\n${name}: FAIL — ${describeError(error)}`);
      this.logDetail(inspect(error));
    }
  }

  /** Whether any of these budgeted sections runs (all do without `only`). */
  wants(...names: string[]): boolean {
    return !this.only || names.some((name) => this.only!.has(name));
  }

  /** A clean-up step (stopping a server): its error is kept for the summary, after the sections'. */
  async cleanUp(what: string, step: () => unknown): Promise<void> {
    try {
      await step();
    } catch (error) {
      this.cleanUpErrors.push(`${what}: ${describeError(error)}`);
    }
  }

  /** The closing lines; returns the exit code: 1 if a budget was missed, a section failed or a clean-up step did. */
  summary(): number {
    const failed = Object.entries(this.results)
      .filter(([, passed]) => !passed)
      .map(([name]) => name);
    this.log(failed.length ? `\nOver budget or failed: ${failed.join(", ")}` : "\nAll budgets met.");
    if (this.errors.length) this.log(`Sections that failed with an error:\n${this.errors.map((line) => `- ${line}`).join("\n")}`);
    if (this.cleanUpErrors.length) this.log(`Clean-up errors (after the above):\n${this.cleanUpErrors.map((line) => `- ${line}`).join("\n")}`);
    return failed.length || this.cleanUpErrors.length ? 1 : 0;
  }
}
