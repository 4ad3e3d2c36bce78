// The pure rules behind the venue and event forms, shared with the client.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { firstFreeSlug, slugify } from "../../worker/lib/slug";
import { eventConsistencyProblem, eventFieldsSchema } from "../../common/schemas/event";
import { NO_HOURS, placeConsistencyProblem, placeFieldsSchema, placeKeySchema } from "../../common/schemas/place";

describe("slugify", () => {
  it.each([
    ["The Copper Lantern", "the-copper-lantern"],
    ["St. Marks Tap Room", "st-marks-tap-room"],
    ["Café Olé & Friends", "cafe-ole-and-friends"],
    ["Joe's  Pub!!", "joes-pub"],
    ["1020", "place-1020"],
    ["???", "place"],
    ["x".repeat(80), "x".repeat(60)],
  ])("%s → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("numbers a taken slug with the first free suffix", () => {
    expect(firstFreeSlug("blue-door", new Set())).toBe("blue-door");
    expect(firstFreeSlug("blue-door", new Set(["blue-door", "blue-door-2", "blue-door-4"]))).toBe("blue-door-3");
  });

  it("reads only an id's own spelling as an id, so a zero-padded one is no second name of a place", () => {
    expect(v.parse(placeKeySchema, "7")).toBe(7);
    expect(v.parse(placeKeySchema, "007")).toBe("007");
  });

  it("never makes a slug that reads as an id", () => {
    for (const name of ["1", "42", "007"]) {
      expect(v.parse(placeKeySchema, slugify(name))).toEqual(expect.any(String));
    }
  });
});

describe("place hours and thresholds", () => {
  const place = { ...NO_HOURS, lively_threshold: 40, packed_threshold: 100 };

  it("accepts a close earlier than the open: the venue closes after midnight", () => {
    expect(placeConsistencyProblem({ ...place, friday_open: "18:00", friday_close: "02:00" })).toBeNull();
  });

  it("wants both times of a day or neither", () => {
    expect(placeConsistencyProblem({ ...place, friday_open: "18:00" })).toMatchObject({ field: "friday_close" });
    expect(placeConsistencyProblem({ ...place, friday_close: "02:00" })).toMatchObject({ field: "friday_open" });
  });

  it("wants packed above lively", () => {
    expect(placeConsistencyProblem({ ...place, packed_threshold: 40 })).toMatchObject({ field: "packed_threshold" });
  });

  it("reads form text: 'True'/'False', numbers, empty defaults and a JSON tag list", () => {
    expect(
      v.parse(placeFieldsSchema, {
        favorite: "True",
        no_device: "False",
        max_devices: "3",
        latitude: "",
        city: "",
        tags: "[3, 1, 3]",
        monday_open: "17:00:00",
      }),
    ).toMatchObject({ favorite: true, no_device: false, max_devices: 3, latitude: null, city: "New York", tags: [3, 1], monday_open: "17:00" });
  });

  it("leaves fields that are not sent undefined, so an update keeps them", () => {
    expect(v.parse(placeFieldsSchema, {})).toEqual({});
  });
});

describe("event schedule", () => {
  const event = { start_time: "2030-05-03T23:00:00.000Z", end_time: null, is_recurring: false, repeating_days: [] };

  it("accepts a one-off event without an end", () => {
    expect(eventConsistencyProblem(event)).toBeNull();
  });

  it("wants the end after the start and a recurring event to have days", () => {
    expect(eventConsistencyProblem({ ...event, end_time: event.start_time })).toMatchObject({ field: "end_time" });
    expect(eventConsistencyProblem({ ...event, is_recurring: true })).toMatchObject({ field: "repeating_days" });
    expect(eventConsistencyProblem({ ...event, is_recurring: true, repeating_days: ["Monday"] })).toBeNull();
  });

  it("accepts the days as a JSON list or JSON text, Monday first, each once", () => {
    expect(v.parse(eventFieldsSchema, { repeating_days: ["sunday", "Monday", "SUNDAY"] }).repeating_days).toEqual(["Monday", "Sunday"]);
    expect(v.parse(eventFieldsSchema, { repeating_days: '["Wednesday"]' }).repeating_days).toEqual(["Wednesday"]);
  });

  it("stores times with an offset as UTC", () => {
    expect(v.parse(eventFieldsSchema, { start_time: "2030-01-10T21:30+05:30" }).start_time).toBe("2030-01-10T16:00:00.000Z");
  });
});
