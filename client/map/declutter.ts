// Markers a finger can tell apart (issue 38; docs/server-rendering.md#the-live-map-as-islands): at a
// city's zoom, venues a few doors apart drew their markers on top of each other, so a tap could
// not choose one (Lighthouse's target-size audit failed on them). Markers that would overlap are
// spread on a small ring around where they stand together; each keeps its own marker, its level
// and its name, and zooming in brings every one back to its own position. Pure: screen points in,
// offsets out.

export interface ScreenPoint {
  id: number;
  x: number;
  y: number;
}

/** How far a marker is drawn from its position, in screen pixels. */
export interface Offset {
  dx: number;
  dy: number;
}

/** Two boxes of `size` overlap when their centres are closer than `size` on both axes. */
const overlap = (a: { x: number; y: number }, b: { x: number; y: number }, size: number) => Math.abs(a.x - b.x) < size && Math.abs(a.y - b.y) < size;

/** Groups of points that touch, directly or through others (connected components). */
function touchingGroups<P extends { x: number; y: number }>(points: readonly P[], size: number): P[][] {
  const groups: P[][] = [];
  const seen = new Set<number>();
  for (let start = 0; start < points.length; start++) {
    if (seen.has(start)) continue;
    seen.add(start);
    const group = [points[start]];
    for (let next = 0; next < group.length; next++) {
      for (let other = 0; other < points.length; other++) {
        if (!seen.has(other) && overlap(group[next], points[other], size)) {
          seen.add(other);
          group.push(points[other]);
        }
      }
    }
    groups.push(group);
  }
  return groups;
}

/**
 * Offsets that leave no two markers of `size` px overlapping (with `gap` px between them): each
 * group of touching markers is drawn on a ring around its centre, in the order of their angle from
 * it, so the spread keeps their places' layout. A marker alone keeps its position (no offset).
 */
export function declutter(points: readonly ScreenPoint[], size: number, gap = 4): Map<number, Offset> {
  const room = size + gap;
  // Groups are spread, then looked at again: a spread ring may reach a neighbour, whose group then
  // joins it. Groups only ever join, so this ends (at the latest with one group of all).
  let groups = touchingGroups(points, room).map((group) => group.map((point) => point.id));
  let drawn = spread(points, groups, room);
  for (;;) {
    const groupOf = new Map(groups.flatMap((ids, index) => ids.map((id) => [id, index] as const)));
    const joined = touchingGroups(
      [...drawn.entries()].map(([id, at]) => ({ id, ...at })),
      room,
    ).map((group) => [...new Set(group.map((point) => groupOf.get(point.id)!))]);
    if (joined.every((indexes) => indexes.length === 1)) break;
    // Each set of groups that touch becomes one.
    const union = touchingSets(joined, groups.length);
    groups = union.map((indexes) => indexes.flatMap((index) => groups[index]));
    drawn = spread(points, groups, room);
  }
  const byId = new Map(points.map((point) => [point.id, point]));
  return new Map([...drawn].map(([id, at]) => [id, { dx: at.x - byId.get(id)!.x, dy: at.y - byId.get(id)!.y }]));
}

/** The sets of `count` indexes that share a list in `links`, each index in one set. */
function touchingSets(links: readonly number[][], count: number): number[][] {
  const parent = Array.from({ length: count }, (_, index) => index);
  const root = (index: number): number => (parent[index] === index ? index : (parent[index] = root(parent[index])));
  for (const list of links) for (const index of list.slice(1)) parent[root(index)] = root(list[0]);
  const sets = new Map<number, number[]>();
  for (let index = 0; index < count; index++) sets.set(root(index), [...(sets.get(root(index)) ?? []), index]);
  return [...sets.values()];
}

/** Where each point is drawn when each group of ids is spread on its ring. */
function spread(points: readonly ScreenPoint[], groups: readonly number[][], room: number): Map<number, { x: number; y: number }> {
  const byId = new Map(points.map((point) => [point.id, point]));
  const drawn = new Map<number, { x: number; y: number }>();
  for (const ids of groups) {
    const members = ids.map((id) => byId.get(id)!);
    if (members.length === 1) {
      drawn.set(members[0].id, { x: members[0].x, y: members[0].y });
      continue;
    }
    const cx = members.reduce((sum, point) => sum + point.x, 0) / members.length;
    const cy = members.reduce((sum, point) => sum + point.y, 0) / members.length;
    // Neighbours on the ring are `room` apart (a chord), and the square boxes clear each other on it.
    const radius = (room * Math.SQRT2) / 2 / Math.sin(Math.PI / members.length);
    // Around the ring in the order of the places' own angles from the centre (ties by id).
    const ordered = members.toSorted((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx) || a.id - b.id);
    ordered.forEach((point, index) => {
      const angle = (2 * Math.PI * index) / ordered.length - Math.PI / 2;
      drawn.set(point.id, { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) });
    });
  }
  return drawn;
}
