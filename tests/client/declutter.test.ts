// client/map/declutter.ts: markers that would overlap are spread so none does; one alone stays put.
import { describe, expect, it } from "vitest";
import { declutter, type ScreenPoint } from "../../client/map/declutter";

const SIZE = 28;
/** Where each point is drawn. */
const drawnAt = (points: ScreenPoint[], gap = 4) => {
  const offsets = declutter(points, SIZE, gap);
  return points.map((point) => ({ id: point.id, x: point.x + offsets.get(point.id)!.dx, y: point.y + offsets.get(point.id)!.dy }));
};
const overlapping = (drawn: { x: number; y: number }[]) =>
  drawn.flatMap((a, i) => drawn.slice(i + 1).filter((b) => Math.abs(a.x - b.x) < SIZE && Math.abs(a.y - b.y) < SIZE));

describe("declutter", () => {
  it("leaves markers that do not touch where they are", () => {
    const points = [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 40, y: 0 },
      { id: 3, x: 0, y: 40 },
    ];
    expect([...declutter(points, SIZE).values()]).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });

  it("spreads two markers on one spot, and a crowd of them, so none overlaps another", () => {
    expect(overlapping(drawnAt([{ id: 1, x: 100, y: 100 }, { id: 2, x: 100, y: 100 }]))).toEqual([]);
    const crowd = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, x: 200 + (i % 4) * 6, y: 200 + Math.floor(i / 4) * 5 }));
    const drawn = drawnAt(crowd);
    expect(overlapping(drawn)).toEqual([]);
    // Near where they stand: on a ring a dozen markers round.
    for (const point of drawn) expect(Math.hypot(point.x - 209, point.y - 205)).toBeLessThan(100);
  });

  it("keeps spreading until a ring no longer reaches a neighbour", () => {
    // A pair whose ring would land on the marker beside it.
    const points = [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 2, y: 0 },
      { id: 3, x: 0, y: 34 },
    ];
    expect(overlapping(drawnAt(points))).toEqual([]);
  });

  it("spreads the same way every time (the server's order plays no part)", () => {
    const points = [
      { id: 5, x: 10, y: 10 },
      { id: 2, x: 12, y: 11 },
      { id: 9, x: 11, y: 14 },
    ];
    expect(declutter(points, SIZE)).toEqual(declutter(points.toReversed(), SIZE));
  });
});
