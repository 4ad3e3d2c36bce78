// Uploaded images through the worker with real D1 and R2 (security review, issue 25): files made of
// millions of empty segments or chunks are refused with 422 before anything is stored, and owners'
// uploads (place covers, event covers and flyers) are stored without their EXIF and GPS, like Live
// Look photos. The stripper's own rules: live-looks-rules.test.ts.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { EventAnswer, OwnedPlace } from "../../common/schemas/answers";
import { adminToken, count, insertCategory, ownedPlace, sendForm, storedImageKeys } from "./fixtures";
import { clearTables } from "./helpers";
import { postLiveLook } from "./live-look-fixtures";
import { containsBytes, craftedPhotos, jpegMarkers, jpegWithGps, pngChunkTypes, pngWithMetadata, TINY_JPEG, webpChunkTypes, webpWithMetadata } from "./image-fixtures";
import { errorOf } from "./occupancy-fixtures";

const TOO_MANY_PARTS =
  "The image is made of more than 10,000 segments or chunks, which no photo has. Save it again as a JPEG, PNG or WebP and upload that.";

beforeEach(async () => {
  await clearTables("live_look_reports", "live_looks", "events", "event_categories", "place_owners", "places", "users");
  const stored = (await env.IMAGES.list()).objects.map((object) => object.key);
  if (stored.length > 0) await env.IMAGES.delete(stored);
});

/** The bytes R2 holds for an image URL of an answer. */
async function storedBytes(url: string | null): Promise<Uint8Array> {
  const object = await env.IMAGES.get(url!.replace("/api/images/", ""));
  return new Uint8Array(await object!.arrayBuffer());
}

/** The fixtures' GPS latitude as the GPS IFD stores it: 40/1, 43/1 (40°43'). */
const GPS_LATITUDE = new Uint8Array([0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0, 43, 0, 0, 0, 1]);

/** No trace of the fixtures' EXIF (its header, its GPS IFD), XMP, ICC or text. */
function expectNoMetadata(bytes: Uint8Array) {
  expect(containsBytes(bytes, "Exif")).toBe(false);
  expect(containsBytes(bytes, GPS_LATITUDE)).toBe(false);
  expect(containsBytes(bytes, "xmpmeta")).toBe(false);
  expect(containsBytes(bytes, "ICC_PROFILE")).toBe(false);
  expect(containsBytes(bytes, "fake profile")).toBe(false);
  expect(containsBytes(bytes, "taken at home")).toBe(false);
}

describe("crafted photo segment bound", () => {
  it.each(Object.entries(craftedPhotos()))(
    "refuses a 5 MB %s made of millions of empty parts as a Live Look photo with 422, storing nothing",
    async (type, bytes) => {
      const { placeId } = await ownedPlace();
      const body = new FormData();
      body.set("text", "Crafted");
      body.set("photo", new File([bytes], `photo.${type}`, { type: `image/${type}` }));
      const response = await postLiveLook(placeId, body);
      expect(response.status).toBe(422);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: `photo: ${TOO_MANY_PARTS}`, details: [{ field: "photo", message: TOO_MANY_PARTS }] });
      expect(await count("live_looks")).toBe(0);
      expect(await storedImageKeys("")).toEqual([]);
    },
  );

  it("refuses a crafted event flyer too, storing neither the event nor its cover", async () => {
    const { owner, placeId } = await ownedPlace();
    const category = await insertCategory("Live Music");
    const cover = new File([jpegWithGps()], "cover.jpg", { type: "image/jpeg" });
    const flyer = new File([craftedPhotos().png], "flyer.png", { type: "image/png" });
    const fields = { place_id: String(placeId), name: "Jazz Night", start_time: "2030-05-03T23:00:00.000Z", category: String(category) };
    const response = await sendForm("/api/create_user_event", "POST", { ...fields, cover_image: cover, flyer_image: flyer }, owner.token);
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toBe(`flyer_image: ${TOO_MANY_PARTS}`);
    expect(await count("events")).toBe(0);
    expect(await storedImageKeys("")).toEqual([]);
  });
});

describe("owner uploads are stored without EXIF and GPS", () => {
  it("checks against files that carry them", () => {
    for (const photo of [jpegWithGps(), pngWithMetadata(), webpWithMetadata()]) expect(containsBytes(photo, GPS_LATITUDE)).toBe(true);
  });

  it("strips a place's photo (the admin's Add place form) and its new cover (the admin's edit form)", async () => {
    const admin = await adminToken();
    const created = await sendForm("/api/place/create", "POST", { name: "Night Owl", photo: new File([jpegWithGps()], "IMG_0001.jpg") }, admin);
    expect(created.status).toBe(201);
    const place = await created.json<OwnedPlace>();
    const photo = await storedBytes(place.cover_image);
    expectNoMetadata(photo);
    expect(jpegMarkers(photo)).toEqual(jpegMarkers(TINY_JPEG));

    const updated = await sendForm(`/api/place/update/${place.id}`, "POST", { cover_image: new File([pngWithMetadata()], "cover.png") }, admin);
    expect(updated.status).toBe(200);
    const cover = await storedBytes((await updated.json<OwnedPlace>()).cover_image);
    expectNoMetadata(cover);
    expect(pngChunkTypes(cover)).toEqual(["IHDR", "IDAT", "IDAT", "IEND"]);
  });

  it("strips an event's cover and flyer (the owner's Add event form), and a replaced flyer", async () => {
    const { owner, placeId } = await ownedPlace();
    const category = await insertCategory("Live Music");
    const fields = { place_id: String(placeId), name: "Jazz Night", start_time: "2030-05-03T23:00:00.000Z", category: String(category) };
    const response = await sendForm(
      "/api/create_user_event",
      "POST",
      { ...fields, cover_image: new File([jpegWithGps()], "cover.jpg"), flyer_image: new File([webpWithMetadata()], "flyer.webp") },
      owner.token,
    );
    expect(response.status).toBe(201);
    const event = await response.json<EventAnswer>();
    const cover = await storedBytes(event.cover_image);
    expectNoMetadata(cover);
    expect(jpegMarkers(cover)).toEqual(jpegMarkers(TINY_JPEG));
    const flyer = await storedBytes(event.flyer_image);
    expectNoMetadata(flyer);
    expect(webpChunkTypes(flyer)).toEqual(["VP8X", "VP8 "]);

    const replaced = await sendForm(`/api/events/${event.id}`, "PUT", { flyer_image: new File([pngWithMetadata()], "flyer.png") }, owner.token);
    expect(replaced.status).toBe(200);
    const newFlyer = await storedBytes((await replaced.json<EventAnswer>()).flyer_image);
    expectNoMetadata(newFlyer);
    expect(pngChunkTypes(newFlyer)).toEqual(["IHDR", "IDAT", "IDAT", "IEND"]);
  });
});
