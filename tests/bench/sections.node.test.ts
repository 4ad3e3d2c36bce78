// How `npm run bench` runs its sections (scripts/bench/sections.ts, issue 25): a section that throws
// is reported and the next one runs; a clean-up error comes after the first error, never instead.
import { describe, expect, it } from "vitest";
import { BenchSections, describeError, need } from "../../scripts/bench/sections.ts";

const socketClosed = () => new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { name: "SocketError" }) });

function recorded() {
  const lines: string[] = [];
  const sections = new BenchSections((line) => lines.push(line), () => {});
  return { sections, lines };
}

describe("bench sections", () => {
  it("reports a section that throws as FAIL with its error and causes, and runs the next", async () => {
    const { sections, lines } = recorded();
    const ran: string[] = [];
    await sections.run("whenToGoLatency", () => {
      ran.push("whenToGoLatency");
      throw socketClosed();
    });
    await sections.run("freshness", () => {
      ran.push("freshness");
      return true;
    });
    expect(ran).toEqual(["whenToGoLatency", "freshness"]);
    expect(lines).toEqual(["\nwhenToGoLatency: FAIL — TypeError: fetch failed ← SocketError: other side closed"]);
    expect(sections.results).toEqual({ whenToGoLatency: false, freshness: true });
  });

  it("exits 1 when a budget is missed or a section failed, 0 when all met", async () => {
    const met = recorded();
    await met.sections.run("bundle", () => true);
    await met.sections.run("information only", () => undefined, false);
    expect(met.sections.summary()).toBe(0);
    expect(met.lines).toEqual(["\nAll budgets met."]);

    const over = recorded();
    await over.sections.run("ingest", async () => false);
    expect(over.sections.summary()).toBe(1);
    expect(over.lines).toEqual(["\nOver budget or failed: ingest"]);

    const thrown = recorded();
    await thrown.sections.run("information only", () => {
      throw new Error("no backtest");
    }, false);
    expect(thrown.sections.summary()).toBe(1);
  });

  it("lists a clean-up error after the section's error, never in its place", async () => {
    const { sections, lines } = recorded();
    await sections.run("whenToGoLatency", () => {
      throw socketClosed();
    });
    await sections.cleanUp("stopping the app", () => {
      throw Object.assign(new Error("ENOTEMPTY: directory not empty, rmdir '/tmp/state/v3/cache/default/blobs'"), { code: "ENOTEMPTY" });
    });
    expect(sections.summary()).toBe(1);
    expect(lines).toEqual([
      "\nwhenToGoLatency: FAIL — TypeError: fetch failed ← SocketError: other side closed",
      "\nOver budget or failed: whenToGoLatency",
      "Sections that failed with an error:\n- whenToGoLatency: TypeError: fetch failed ← SocketError: other side closed",
      "Clean-up errors (after the above):\n- stopping the app: Error: ENOTEMPTY: directory not empty, rmdir '/tmp/state/v3/cache/default/blobs'",
    ]);
  });

  it("fails a section whose prerequisite failed, naming it", async () => {
    const { sections, lines } = recorded();
    await sections.run("ingest", () => need<string>(undefined, "serving the app").length > 0);
    expect(lines).toEqual(["\ningest: FAIL — Error: not run: serving the app failed"]);
    expect(describeError("a string")).toBe("a string");
  });

  it("with `only`, runs just the named budgeted sections and every unbudgeted step", async () => {
    const sections = new BenchSections(() => {}, () => {}, ["watches"]);
    const ran: string[] = [];
    await sections.run("serving the app", () => void ran.push("serving the app"), false);
    await sections.run("ingest", () => void ran.push("ingest"));
    await sections.run("watches", () => void ran.push("watches"));
    expect(ran).toEqual(["serving the app", "watches"]);
    expect(sections.results).toEqual({ watches: true });
    expect(sections.wants("analytics", "watches")).toBe(true);
    expect(sections.wants("analytics")).toBe(false);
    expect(new BenchSections(() => {}, () => {}).wants("analytics")).toBe(true);
  });
});
