// Many reads at once through the local front that `npm start`, these tests and the bench share
// (vite preview in front of workerd), and a D1 query made beside the running server meanwhile, as
// the bench's "when to go" section does (docs/architecture.md#bench-method).
import { describe, expect, it } from "vitest";
import { queryLocalD1Async } from "../../scripts/local-state.ts";
import { baseUrl, stateDir } from "./server";

const READS = 200;

/** READS concurrent GET /api/place/{slug} over the seeded places: how many got which answer. */
async function readsAtOnce(baseUrl: string, slugs: string[]): Promise<Record<string, number>> {
  const outcomes = await Promise.all(
    Array.from({ length: READS }, async (_, i) => {
      try {
        const response = await fetch(`${baseUrl}/api/place/${slugs[i % slugs.length]}`);
        await response.arrayBuffer();
        return String(response.status);
      } catch (error) {
        return `${(error as Error).message}: ${String((error as { cause?: Error }).cause?.message)}`;
      }
    }),
  );
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

describe("concurrent reads through the local front", () => {
  const slugs = async () => ((await (await fetch(`${baseUrl}/api/places`)).json()) as { slug: string }[]).map((place) => place.slug);

  it(`answers ${READS} reads made at once, each 200`, { timeout: 120_000 }, async () => {
    expect(await readsAtOnce(baseUrl, await slugs())).toEqual({ 200: READS });
  });

  it("keeps answering on the connections the reads left open after a D1 query beside the server", { timeout: 180_000 }, async () => {
    const places = await slugs();
    // Leaves up to READS kept-alive connections open to the front.
    await readsAtOnce(baseUrl, places);
    // wrangler takes seconds; had it blocked this process, the front's closing of the idle
    // connections (after 5 s) would go unseen and the next reads would fail on closed sockets.
    let turned = false;
    setImmediate(() => (turned = true));
    const [{ n }] = await queryLocalD1Async<{ n: number }>(stateDir, "SELECT count(*) AS n FROM places");
    expect(turned).toBe(true);
    expect(n).toBeGreaterThanOrEqual(places.length);
    expect(await readsAtOnce(baseUrl, places)).toEqual({ 200: READS });
  });
});
