import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { updatePlace } from "../../worker/db/places";
import { writeWithImages } from "../../worker/lib/uploads";
import type { OwnedPlace } from "../../common/schemas/answers";
import {
  adminToken,
  bearer,
  count,
  imageBytes,
  imageFile,
  insertTag,
  ownedPlace,
  sendForm,
  storedImageKeys,
} from "./fixtures";
import { api, clearTables, postJson } from "./helpers";

const reset = () => clearTables("place_tags", "place_owners", "tags", "places", "users");

async function placeRow(placeId: number) {
  return env.DB.prepare("SELECT * FROM places WHERE id = ?").bind(placeId).first<Record<string, unknown>>();
}

async function tagIdsOf(placeId: number) {
  const { results } = await env.DB.prepare("SELECT tag_id FROM place_tags WHERE place_id = ? ORDER BY tag_id")
    .bind(placeId)
    .all<{ tag_id: number }>();
  return results.map((row) => row.tag_id);
}

describe("POST /api/place/create", () => {
  beforeEach(reset);

  it("creates a place from the admin's form with its photo and tags, under a slug from its name", async () => {
    const jukebox = await insertTag("Jukebox");
    const pool = await insertTag("Pool Table");
    const response = await sendForm(
      "/api/place/create",
      "POST",
      {
        name: "The Night Owl",
        address: "12 Avenue B",
        postal_code: "10009",
        latitude: "40.7231",
        longitude: "-73.9791",
        category: "dive-bar",
        website: "https://nightowl.example.com",
        phone_number: "(212) 555-0199",
        friday_open: "18:00",
        friday_close: "04:00",
        saturday_open: "18:00:00",
        saturday_close: "04:00",
        tags: JSON.stringify([pool, jukebox]),
        photo: imageFile("png"),
      },
      await adminToken(),
    );
    expect(response.status).toBe(201);
    const place = await response.json<OwnedPlace>();
    expect(place).toMatchObject({
      slug: "the-night-owl",
      name: "The Night Owl",
      city: "New York",
      state: "NY",
      country: "United States",
      type: "Bar",
      category: "dive-bar",
      latitude: 40.7231,
      longitude: -73.9791,
      friday_open: "18:00",
      friday_close: "04:00",
      saturday_open: "18:00",
      monday_open: "",
      tags: [jukebox, pool].sort((a, b) => a - b),
      owners: [],
      max_devices: 1,
      favorite: false,
    });
    expect(place.cover_image).toMatch(/^\/api\/images\/places\/[0-9a-f-]{36}\.png$/);
    expect(place.cover_photo_url).toBe(place.cover_image);
    const image = await api(place.cover_image!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("applies the spec's defaults when only a name is given, and numbers a repeated name's slug", async () => {
    const admin = await adminToken();
    const first = await (await sendForm("/api/place/create", "POST", { name: "Blue Door" }, admin)).json<OwnedPlace>();
    const second = await (
      await sendForm("/api/place/create", "POST", { name: "Blue Door", city: "", type: "", category: "" }, admin)
    ).json<OwnedPlace>();
    expect(first).toMatchObject({ slug: "blue-door", city: "New York", type: "Bar", category: "bar", address: "" });
    expect(second).toMatchObject({ slug: "blue-door-2", city: "New York", type: "Bar", category: "bar" });
    expect(second.cover_image).toBeNull();
  });

  it("refuses no token (401) and an owner (403), writing nothing", async () => {
    const { owner } = await ownedPlace();
    const before = await count("places");
    expect((await sendForm("/api/place/create", "POST", { name: "Sneaky" })).status).toBe(401);
    const asOwner = await sendForm("/api/place/create", "POST", { name: "Sneaky" }, owner.token);
    expect(asOwner.status).toBe(403);
    expect(await asOwner.json()).toEqual({ error: "Only an administrator can do this." });
    expect(await count("places")).toBe(before);
  });

  it.each([
    [{ address: "1 Main St" }, "name: This field is required."],
    [{ name: "   " }, "name: This field is required."],
    [{ name: "X", category: "casino" }, "category: Choose one of: bar, dive-bar, sports-bar, rooftop-bar, cocktail-bar, wine-bar, beer-garden, speakeasy, nightclub, pub, restaurant-bar, karaoke-bar, gastropub, hotel-bar."],
    [{ name: "X", type: "Cafe" }, "type: Choose Bar or Restaurant."],
    [{ name: "X", website: "nightowl" }, "website: Enter a full web address, like https://example.com."],
    [{ name: "X", phone_number: "12" }, "phone_number: Invalid phone number format."],
    [{ name: "X", monday_open: "25:00", monday_close: "02:00" }, "monday_open: Use a time like 17:00, or leave it empty when closed."],
    [{ name: "X", sunday_open: "12:00" }, "sunday_close: Give both an opening and a closing time, or leave both empty when closed."],
    [{ name: "X", latitude: "north" }, "latitude: Latitude must be a number from -90 to 90."],
    [{ name: "X", lively_threshold: "50", packed_threshold: "50" }, "packed_threshold: The packed threshold must be greater than the lively threshold."],
    [{ name: "X", max_devices: "-1" }, "max_devices: Max devices must be a whole number, 0 or more."],
    [{ name: "X", favorite: "maybe" }, "favorite: Favorite must be true or false."],
    [{ name: "X", timezone: "Mars/Olympus" }, "timezone: Unknown time zone."],
    [{ name: "X", tags: "[1," }, "tags: Tags must be a list of tag ids."],
    [{ name: "X", tags: '["jazz"]' }, "tags.0: Tags must be a list of tag ids."],
    [{ name: "X", tags: "[424242]" }, "tags: No tag with id 424242."],
  ])("refuses %o with 400 %s and writes nothing", async (fields, message) => {
    const before = await count("places");
    const response = await sendForm("/api/place/create", "POST", fields, await adminToken());
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe(message);
    expect(await count("places")).toBe(before);
  });

  it("refuses an executable renamed .png (415) and a 6 MB image (413), storing nothing", async () => {
    const admin = await adminToken();
    const before = (await storedImageKeys("places/")).length;
    const executable = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00])], "cover.png", {
      type: "image/png",
    });
    const fake = await sendForm("/api/place/create", "POST", { name: "Fake", photo: executable }, admin);
    expect(fake.status).toBe(415);
    expect(await fake.json()).toMatchObject({ error: "photo: Upload a JPEG, PNG or WebP image." });
    const huge = await sendForm("/api/place/create", "POST", { name: "Huge", photo: imageFile("png", "big.png", 6 * 1024 * 1024) }, admin);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: "photo: Images must be at most 5 MB." });
    expect(await count("places")).toBe(0);
    expect((await storedImageKeys("places/")).length).toBe(before);
  });

  it("accepts JPEG and WebP by their bytes, whatever the declared type", async () => {
    const admin = await adminToken();
    for (const [type, extension] of [["jpeg", "jpg"], ["webp", "webp"]] as const) {
      const photo = new File([imageFile(type)], "upload.bin", { type: "application/octet-stream" });
      const place = await (await sendForm("/api/place/create", "POST", { name: `Bar ${type}`, photo }, admin)).json<OwnedPlace>();
      expect(place.cover_image).toMatch(new RegExp(`\\.${extension}$`));
    }
  });

  it("refuses malformed multipart (400), JSON (415) and a body over the cap (413)", async () => {
    const headers = { ...bearer(await adminToken()) };
    const malformed = await api("/api/place/create", {
      method: "POST",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nNo end boundary",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The request body is not a readable multipart form." });
    const json = await postJson("/api/place/create", { name: "JSON Bar" }, headers);
    expect(json.status).toBe(415);
    const oversized = await api("/api/place/create", {
      method: "POST",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=xyz" },
      body: new Uint8Array(12 * 1024 * 1024),
    });
    expect(oversized.status).toBe(413);
    expect(await count("places")).toBe(0);
  });
});

describe("POST /api/place/update/{id}", () => {
  beforeEach(reset);

  const ownerEdit = {
    name: "The Copper Lantern",
    address: "114 Avenue A",
    phone_number: "212-555-0142",
    website: "https://lantern.example.com",
    favorite: true,
    monday_open: "16:00",
    monday_close: "01:30",
    tuesday_open: "",
    tuesday_close: "",
  };

  it("lets an owner change the dashboard fields by JSON and nothing else", async () => {
    const { owner, placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A", max_devices: 2 });
    const response = await postJson(
      `/api/place/update/${placeId}`,
      { ...ownerEdit, max_devices: 50, category: "pub", cover_image_key: "seed/x.svg" },
      bearer(owner.token),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ...ownerEdit, owners: ["Olivia Owner"], max_devices: 2, category: "bar" });
    expect(await placeRow(placeId)).toMatchObject({ address: "114 Avenue A", max_devices: 2, cover_image_key: null });
  });

  it("keeps fields that are not sent", async () => {
    const { owner, placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A", phone_number: "212-555-0100" });
    const response = await postJson(`/api/place/update/${placeId}`, { website: "" }, bearer(owner.token));
    expect(response.status).toBe(200);
    expect(await placeRow(placeId)).toMatchObject({ name: "Lantern", address: "112 Avenue A", phone_number: "212-555-0100" });
  });

  it("refuses no token (401), an owner of another place (403) and an unknown place (404)", async () => {
    const { placeId, stranger } = await ownedPlace({ name: "Lantern", address: "112 Avenue A" });
    expect((await postJson(`/api/place/update/${placeId}`, ownerEdit)).status).toBe(401);
    const forged = await postJson(`/api/place/update/${placeId}`, ownerEdit, bearer(stranger.token));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: "You do not manage this place." });
    expect((await postJson("/api/place/update/424242", ownerEdit, bearer(await adminToken()))).status).toBe(404);
    expect(await placeRow(placeId)).toMatchObject({ name: "Lantern" });
  });

  it("lets the admin update by JSON too", async () => {
    const { placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A" });
    const response = await postJson(`/api/place/update/${placeId}`, ownerEdit, bearer(await adminToken()));
    expect(response.status).toBe(200);
    expect(await placeRow(placeId)).toMatchObject({ address: "114 Avenue A", favorite: 1 });
  });

  it.each([
    [{ name: "" }, "name: This field is required."],
    [{ address: "  " }, "address: This field is required."],
    [{ monday_open: "9am", monday_close: "17:00" }, "monday_open: Use a time like 17:00, or leave it empty when closed."],
    [{ monday_open: "" }, "monday_open: Give both an opening and a closing time, or leave both empty when closed."],
    [{ website: "javascript:alert(1)" }, "website: Enter a full web address, like https://example.com."],
    [{ favorite: "sometimes" }, "favorite: Favorite must be true or false."],
  ])("refuses %o with 400 %s and changes nothing", async (body, message) => {
    const { owner, placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A", monday_open: "17:00", monday_close: "02:00" });
    const response = await postJson(`/api/place/update/${placeId}`, body, bearer(owner.token));
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe(message);
    expect(await placeRow(placeId)).toMatchObject({ name: "Lantern", address: "112 Avenue A", monday_open: "17:00" });
  });

  it("refuses a JSON array instead of an object, changing nothing", async () => {
    const { owner, placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A" });
    const before = await placeRow(placeId);
    const response = await postJson(`/api/place/update/${placeId}`, "[1, 2, 3]", bearer(owner.token));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Send the fields as a JSON object." });
    expect(await placeRow(placeId)).toEqual(before);
  });

  it("refuses an owner's multipart form: only the admin changes every field", async () => {
    const { owner, placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A" });
    const response = await sendForm(`/api/place/update/${placeId}`, "POST", { max_devices: "9" }, owner.token);
    expect(response.status).toBe(403);
    expect(await placeRow(placeId)).toMatchObject({ max_devices: 1 });
  });

  it("lets the admin change every field, replace the cover (deleting the old one) and replace the tags", async () => {
    const admin = await adminToken();
    const keep = await insertTag("Keep");
    const drop = await insertTag("Drop");
    const add = await insertTag("Add");
    await env.IMAGES.put("places/old-cover.png", "old");
    const { placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A", cover_image_key: "places/old-cover.png" });
    await env.DB.prepare("INSERT INTO place_tags (place_id, tag_id) VALUES (?, ?), (?, ?)").bind(placeId, keep, placeId, drop).run();
    const keysBefore = await storedImageKeys("places/");

    const response = await sendForm(
      `/api/place/update/${placeId}`,
      "POST",
      {
        name: "Copper Lantern",
        address: "112 Avenue A",
        city: "Brooklyn",
        type: "Restaurant",
        category: "gastropub",
        max_devices: "4",
        no_device: "true",
        lively_threshold: "30",
        packed_threshold: "70",
        latitude: "",
        tags: JSON.stringify([keep, add]),
        cover_image: imageFile("webp"),
      },
      admin,
    );
    expect(response.status).toBe(200);
    const place = await response.json<OwnedPlace>();
    expect(place).toMatchObject({
      name: "Copper Lantern",
      city: "Brooklyn",
      type: "Restaurant",
      category: "gastropub",
      max_devices: 4,
      no_device: true,
      lively_threshold: 30,
      packed_threshold: 70,
      latitude: null,
      tags: [keep, add].sort((a, b) => a - b),
    });
    expect(place.cover_image).toMatch(/^\/api\/images\/places\/[0-9a-f-]{36}\.webp$/);
    expect(await env.IMAGES.head("places/old-cover.png")).toBeNull();
    const newKey = place.cover_image!.replace("/api/images/", "");
    // With the new cover's share image (docs/search-and-previews.md#share-images).
    const shareKey = (await env.DB.prepare("SELECT share_image_key AS key FROM places WHERE id = ?").bind(placeId).first<{ key: string }>())!.key;
    expect(shareKey).toMatch(/^places\/[0-9a-f-]{36}\.jpg$/);
    expect(await storedImageKeys("places/")).toEqual(
      [...keysBefore.filter((key) => key !== "places/old-cover.png"), newKey, shareKey].sort(),
    );
  });

  it("keeps the tags when the form sends none, and clears them for an empty list", async () => {
    const admin = await adminToken();
    const tag = await insertTag("Stays");
    const { placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A" });
    await env.DB.prepare("INSERT INTO place_tags (place_id, tag_id) VALUES (?, ?)").bind(placeId, tag).run();
    await sendForm(`/api/place/update/${placeId}`, "POST", { city: "Queens" }, admin);
    expect(await tagIdsOf(placeId)).toEqual([tag]);
    await sendForm(`/api/place/update/${placeId}`, "POST", { tags: "[]" }, admin);
    expect(await tagIdsOf(placeId)).toEqual([]);
  });
});

describe("writes that fail leave nothing half-written", () => {
  beforeEach(reset);

  it("a place update whose batch fails keeps the old row and the old tags", async () => {
    const oldTag = await insertTag("Old");
    const newTag = await insertTag("New");
    const { placeId } = await ownedPlace({ name: "Lantern", address: "112 Avenue A" });
    await env.DB.prepare("INSERT INTO place_tags (place_id, tag_id) VALUES (?, ?)").bind(placeId, oldTag).run();
    // The CHECK on thresholds fails the update: the tag delete and insert in the same batch roll back.
    await expect(
      updatePlace(getDb(env), placeId, { name: "Renamed", packedThreshold: 1 }, [newTag]),
    ).rejects.toThrow();
    expect(await placeRow(placeId)).toMatchObject({ name: "Lantern" });
    expect(await tagIdsOf(placeId)).toEqual([oldTag]);
  });

  it("images stored for a write that then fails are deleted again", async () => {
    const before = await storedImageKeys("events/");
    const image = { bytes: imageBytes("png"), contentType: "image/png", extension: "png" } as const;
    await expect(
      writeWithImages(env.IMAGES, "events", { cover_image: image, flyer_image: image }, async (keys) => {
        expect(Object.keys(keys)).toHaveLength(2);
        throw new Error("database write failed");
      }),
    ).rejects.toThrow("database write failed");
    expect(await storedImageKeys("events/")).toEqual(before);
  });
});
