// common/map-view.ts: the live map's first view as the server draws it, checked against Leaflet's
// own fitBounds and pixel origin in a box of a phone's size (docs/server-rendering.md#the-live-map-as-islands).
import L from "leaflet";
import { describe, expect, it } from "vitest";
import { fitView, tilesCovering, type LatLng } from "../../common/map-view";

const BOX = { width: 356, height: 521 };

/** A Leaflet map in a box of BOX's size (jsdom lays nothing out: the size is given). */
function leafletMap(): L.Map {
  const element = document.createElement("div");
  Object.defineProperty(element, "clientWidth", { value: BOX.width });
  Object.defineProperty(element, "clientHeight", { value: BOX.height });
  document.body.append(element);
  return L.map(element, { center: [40.72, -74], zoom: 10, fadeAnimation: false, zoomAnimation: false });
}

/** Deterministic points around a centre (no Math.random: the same test every run). */
function cluster(centre: LatLng, count: number, spread: number, seed: number): LatLng[] {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
  return Array.from({ length: count }, () => ({ lat: centre.lat + next() * spread, lng: centre.lng + next() * spread }));
}

describe("the live map's first view", () => {
  const cases: [string, LatLng[]][] = [
    ["the East Village's venues", cluster({ lat: 40.7265, lng: -73.9815 }, 17, 0.012, 7)],
    ["Kreuzberg's", cluster({ lat: 52.4986, lng: 13.4033 }, 6, 0.01, 11)],
    ["a city spread wide", cluster({ lat: 40.73, lng: -73.99 }, 30, 0.2, 3)],
    ["one venue", [{ lat: 40.7265, lng: -73.9815 }]],
  ];
  it.each(cases)("is the view Leaflet's fitBounds gives a phone's box: %s", (_name, points) => {
    const map = leafletMap();
    map.fitBounds(L.latLngBounds(points.map((point) => [point.lat, point.lng])), { padding: [40, 40], maxZoom: 16, animate: false });
    const view = fitView(points, BOX, 40, 16)!;
    expect(view.zoom).toBe(map.getZoom());
    expect(view.lat).toBeCloseTo(map.getCenter().lat, 9);
    expect(view.lng).toBeCloseTo(map.getCenter().lng, 9);

    // The tiles cover the box where Leaflet puts its own: its pixel origin, 256 px tiles.
    const origin = map.getPixelOrigin();
    const tiles = tilesCovering(view, BOX, "https://{s}.tiles.test/{z}/{x}/{y}{r}.png");
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(12);
    for (const tile of tiles) {
      const [, , z, x, y] = /^https:\/\/([abc])\.tiles\.test\/(\d+)\/(\d+)\/(\d+)@2x\.png$/.exec(tile.url)!.map((part, index) => (index >= 2 ? Number(part) : part)) as [string, string, number, number, number];
      expect(z).toBe(view.zoom);
      expect(tile.left + BOX.width / 2).toBeCloseTo(x * 256 - origin.x, 6);
      expect(tile.top + BOX.height / 2).toBeCloseTo(y * 256 - origin.y, 6);
    }
    // Every pixel of the box is under one of them.
    const covers = (px: number, py: number) => tiles.some((tile) => px >= tile.left && px < tile.left + 256 && py >= tile.top && py < tile.top + 256);
    for (const [px, py] of [[-BOX.width / 2, -BOX.height / 2], [BOX.width / 2 - 1, BOX.height / 2 - 1], [0, 0], [-BOX.width / 2, BOX.height / 2 - 1]]) expect(covers(px, py)).toBe(true);
    map.remove();
  });

  it("has no view without venues", () => {
    expect(fitView([], BOX, 40, 16)).toBeNull();
  });
});
