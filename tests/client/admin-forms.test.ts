// Pure logic of the admin forms: defaults, required fields, and what each form sends.
import { describe, expect, it } from "vitest";
import {
  businessFormData,
  businessFormFrom,
  newBusinessForm,
  validateBusiness,
} from "../../client/pages/admin/businessForm";
import {
  DESCRIPTION_REQUIRED,
  eventEditFormData,
  eventEditValuesFrom,
  validateEventEdit,
} from "../../client/pages/admin/eventEditForm";
import { parseMaxDevices } from "../../client/pages/admin/maxDevicesForm";
import { tagFormData, validateTag } from "../../client/pages/admin/tagForm";
import { makeEvent, makePlace } from "./dashboard-fixtures";
import { EVENT_MESSAGES } from "../../common/schemas/event";
import { REQUIRED_MESSAGE } from "../../common/schemas/submission";
import { HOURS_PAIR_MESSAGE, MAX_DEVICES_MESSAGE, THRESHOLDS_MESSAGE, WEBSITE_MESSAGE } from "../../common/schemas/place";


describe("Add Business defaults and checks", () => {
  it("starts in New York, NY, United States as a Bar in the bar category, closed every day", () => {
    const form = newBusinessForm();
    expect(form).toMatchObject({ city: "New York", state: "NY", country: "United States", type: "Bar", category: "bar" });
    expect(form.monday_open).toBe("");
    expect(form.sunday_close).toBe("");
    expect(form.tags).toEqual([]);
  });

  it("requires the name when adding and the name and address when editing", () => {
    const empty = newBusinessForm();
    expect(validateBusiness(empty, "add")).toEqual({ name: REQUIRED_MESSAGE });
    expect(validateBusiness(empty, "edit")).toEqual({ name: REQUIRED_MESSAGE, address: REQUIRED_MESSAGE });
    expect(validateBusiness({ ...empty, name: "  " }, "add")).toEqual({ name: REQUIRED_MESSAGE });
    expect(validateBusiness({ ...empty, name: "Bar", address: "1 Ave A" }, "edit")).toEqual({});
  });

  it("wants a full web address for the website", () => {
    const named = { ...newBusinessForm(), name: "Bar" };
    expect(validateBusiness({ ...named, website: "example.com" }, "add")).toEqual({ website: WEBSITE_MESSAGE });
    expect(validateBusiness({ ...named, website: "https://example.com/menu" }, "add")).toEqual({});
  });

  it("gives the server's sentences for half-set hours and crossed thresholds", () => {
    const named = { ...newBusinessForm(), name: "Bar" };
    expect(validateBusiness({ ...named, monday_open: "17:00" }, "add")).toEqual({ monday_close: HOURS_PAIR_MESSAGE });
    expect(validateBusiness({ ...named, lively_threshold: "50", packed_threshold: "40" }, "add")).toEqual({
      packed_threshold: THRESHOLDS_MESSAGE,
    });
    expect(validateBusiness({ ...named, monday_open: "17:00", monday_close: "02:00" }, "add")).toEqual({});
  });

  it("sends every field as text, tags as a JSON list and the cover as photo (add) or cover_image (edit)", () => {
    const values = { ...newBusinessForm(), name: " The Stoop ", monday_open: "17:00", monday_close: "02:00", tags: [3, 1], no_device: true };
    const cover = new File(["png"], "cover.png", { type: "image/png" });
    const added = businessFormData(values, "add", cover);
    expect(added.get("name")).toBe("The Stoop");
    expect(added.get("city")).toBe("New York");
    expect(added.get("category")).toBe("bar");
    expect(added.get("monday_open")).toBe("17:00");
    expect(added.get("tuesday_open")).toBe("");
    expect(added.get("tags")).toBe("[3,1]");
    expect(added.get("no_device")).toBe("true");
    expect(added.get("favorite")).toBe("false");
    expect(added.get("photo")).toBeInstanceOf(File);
    expect(added.has("cover_image")).toBe(false);

    const edited = businessFormData(values, "edit", cover);
    expect(edited.get("cover_image")).toBeInstanceOf(File);
    expect(edited.has("photo")).toBe(false);
    expect(businessFormData(values, "edit", null).has("cover_image")).toBe(false);
  });

  it("loads an existing place into the edit form", () => {
    const place = makePlace({
      id: 4,
      slug: "the-stoop",
      name: "The Stoop",
      address: "1 Avenue A",
      latitude: 40.72,
      longitude: null,
      lively_threshold: 30,
      packed_threshold: 80,
      favorite: true,
      max_devices: 2,
      tags: [2],
    });
    const form = businessFormFrom(place);
    expect(form).toMatchObject({ name: "The Stoop", latitude: "40.72", longitude: "", lively_threshold: "30", favorite: true, tags: [2] });
  });
});

describe("tag form", () => {
  it("refuses an empty or blank name with the spec's message", () => {
    expect(validateTag({ name: "", description: "x" })).toEqual({ name: "Tag name is required." });
    expect(validateTag({ name: "   ", description: "" })).toEqual({ name: "Tag name is required." });
    expect(validateTag({ name: "Jazz", description: "" })).toEqual({});
  });

  it("sends name and description as multipart text", () => {
    const form = tagFormData({ name: " Jazz ", description: " Live sets " });
    expect([...form.entries()]).toEqual([
      ["name", "Jazz"],
      ["description", "Live sets"],
    ]);
  });
});

describe("max devices", () => {
  it.each([
    ["", MAX_DEVICES_MESSAGE],
    ["   ", MAX_DEVICES_MESSAGE],
    ["2.5", MAX_DEVICES_MESSAGE],
    ["-1", MAX_DEVICES_MESSAGE],
    ["three", MAX_DEVICES_MESSAGE],
    ["1e3", MAX_DEVICES_MESSAGE],
    ["1001", MAX_DEVICES_MESSAGE],
  ])("refuses %j", (text, message) => {
    expect(parseMaxDevices(text)).toEqual({ ok: false, message });
  });

  it.each([["0", 0], ["3", 3], [" 12 ", 12]])("accepts the whole number %j", (text, value) => {
    expect(parseMaxDevices(text)).toEqual({ ok: true, value });
  });
});

describe("admin event editor", () => {
  const event = makeEvent({
    id: 9,
    place_id: 2,
    place_name: "The Stoop",
    name: "Jazz Night",
    description: "Live trio",
    start_time: "2026-06-05T23:30:00.000Z",
    end_time: null,
    max_capacity: null,
    category: 4,
    category_name: "Live Music",
  });

  it("requires place id, name, description and start time", () => {
    const values = { ...eventEditValuesFrom(event), place_id: "", name: " ", description: "", start_time: "" };
    expect(validateEventEdit(values)).toEqual({
      place_id: EVENT_MESSAGES.place,
      name: EVENT_MESSAGES.name,
      description: DESCRIPTION_REQUIRED,
      start_time: EVENT_MESSAGES.startTime,
    });
    expect(validateEventEdit(eventEditValuesFrom(event))).toEqual({});
  });

  it("refuses an end before the start, a capacity that is not a whole number and a recurring event without days", () => {
    const values = eventEditValuesFrom(event);
    expect(validateEventEdit({ ...values, end_time: values.start_time })).toEqual({ end_time: EVENT_MESSAGES.endAfterStart });
    expect(validateEventEdit({ ...values, max_capacity: "1.5" })).toEqual({ max_capacity: EVENT_MESSAGES.maxCapacity });
    expect(validateEventEdit({ ...values, is_recurring: true })).toEqual({ repeating_days: EVENT_MESSAGES.recurringNeedsDay });
    expect(validateEventEdit({ ...values, is_recurring: true, repeating_days: ["Friday"] })).toEqual({});
  });

  it("sends the non-empty fields, is_recurring as True/False, ISO times and the chosen images", () => {
    const values = { ...eventEditValuesFrom(event), is_recurring: true, repeating_days: ["Friday" as const], frequency: "Weekly" };
    const flyer = new File(["png"], "flyer.png", { type: "image/png" });
    const form = eventEditFormData(values, { cover_image: null, flyer_image: flyer });
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"))).toEqual({
      place_id: "2",
      name: "Jazz Night",
      description: "Live trio",
      start_time: "2026-06-05T23:30:00.000Z",
      category: "4",
      frequency: "Weekly",
      is_recurring: "True",
      repeating_days: '["Friday"]',
    });
    expect(form.get("flyer_image")).toBeInstanceOf(File);
    expect(form.has("cover_image")).toBe(false);
    const oneOff = eventEditFormData({ ...values, is_recurring: false }, { cover_image: null, flyer_image: null });
    expect(oneOff.get("is_recurring")).toBe("False");
    expect(oneOff.get("repeating_days")).toBe("[]");
  });
});
