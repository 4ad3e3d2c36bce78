// The pure parts of saved places and suggestions (worker/occupancy/place-now.ts): the haversine
// distance, the bounding box and the ranking.
import { describe, expect, it } from "vitest";
import { boundingBox, distanceM, rankSuggestions, type Rankable } from "../../worker/occupancy/place-now";

describe("distanceM", () => {
  it("measures great-circle metres", () => {
    expect(distanceM({ lat: 0, lng: 0 }, { lat: 0, lng: 0 })).toBe(0);
    // One degree of latitude is about 111.2 km.
    expect(distanceM({ lat: 40, lng: -74 }, { lat: 41, lng: -74 })).toBeCloseTo(111_195, -1);
    // Paris–London, about 343.5 km.
    expect(distanceM({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 }) / 1000).toBeCloseTo(343.5, 0);
  });
});

describe("boundingBox", () => {
  it("holds every point within the radius", () => {
    const center = { lat: 40.7265, lng: -73.9815 };
    const box = boundingBox(center, 1000);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const rad = (bearing * Math.PI) / 180;
      const point = { lat: center.lat + (Math.cos(rad) * 999) / 111_195, lng: center.lng + (Math.sin(rad) * 999) / (111_195 * Math.cos((center.lat * Math.PI) / 180)) };
      expect(distanceM(center, point)).toBeLessThanOrEqual(1000);
      expect(point.lat >= box.minLat && point.lat <= box.maxLat && point.lng >= box.minLng && point.lng <= box.maxLng).toBe(true);
    }
  });
});

describe("rankSuggestions", () => {
  const item = (id: number, level: Rankable["level"], distance_m: number, vs_usual: Rankable["vs_usual"] = null): Rankable => ({ id, level, distance_m, vs_usual });

  it("puts the preferred level first, then the nearest, then the quieter against usual", () => {
    const items = [item(1, "Lively", 50), item(2, "Relaxed", 900), item(3, "Relaxed", 300, "busier"), item(4, "Relaxed", 320, "quieter"), item(5, null, 10)];
    expect(rankSuggestions(items, "Relaxed").map((entry) => entry.id)).toEqual([4, 3, 2, 5, 1]);
    expect(rankSuggestions(items, undefined).map((entry) => entry.id)).toEqual([5, 1, 4, 3, 2]);
  });

  it("orders equal places by exact distance, then id", () => {
    expect(rankSuggestions([item(2, null, 40), item(1, null, 40), item(3, null, 20)], undefined).map((entry) => entry.id)).toEqual([3, 1, 2]);
  });
});
