// The pure parts of Live Looks: metadata stripping on real tiny images, the wait summary, the
// page cursor, the reporter hash, the cross-site test, an account's hourly limit and a contradicted sensor.
import { describe, expect, it } from "vitest";
import { exifOrientation, MAX_IMAGE_PARTS, stripImageMetadata, TooManyImagePartsError, UnreadableImageError } from "../../worker/lib/image-metadata";
import { dayOfDate } from "../../common/local-time";
import { isCrossSite } from "../../worker/lib/origin";
import { LIVE_LOOK_PUBLIC_MS } from "../../common/vocabulary";
import { accountRetryAfter, contradictsSensor, decodeCursor, encodeCursor, publicSince, reporterHash, waitSummary } from "../../worker/lib/live-look-rules";
import {
  concatBytes,
  containsBytes,
  craftedPhotos,
  jpegMarkers,
  jpegWithGps,
  jpegWithTemMarkers,
  photoOfSize,
  pngChunkTypes,
  pngWithEmptyIdats,
  pngWithMetadata,
  TINY_JPEG,
  TINY_PNG,
  TINY_WEBP,
  webpChunkTypes,
  webpWithEmptyAlphs,
  webpWithMetadata,
} from "./image-fixtures";

/** Where the first segment with `marker` starts (its 0xFF). */
function jpegSegmentStart(bytes: Uint8Array, marker: number): number {
  let at = 2;
  while (bytes[at + 1] !== marker) at += 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
  return at;
}

describe("stripImageMetadata: JPEG", () => {
  it("removes the Exif segment with its GPS IFD, XMP, ICC, IPTC and comments, keeping a valid JPEG", () => {
    const photo = jpegWithGps();
    // The fixture really carries the GPS IFD: the GPSInfo tag and the GPS IFD's N/W refs.
    expect(containsBytes(photo, "Exif\0\0")).toBe(true);
    expect(containsBytes(photo, new Uint8Array([0x88, 0x25]))).toBe(true);
    expect(jpegMarkers(photo)).toContain(0xe1);

    const stripped = stripImageMetadata(photo, "image/jpeg");
    expect(containsBytes(stripped, "Exif")).toBe(false);
    expect(containsBytes(stripped, "xmpmeta")).toBe(false);
    expect(containsBytes(stripped, "ICC_PROFILE")).toBe(false);
    expect(containsBytes(stripped, "taken at home")).toBe(false);
    expect(containsBytes(stripped, "Photoshop")).toBe(false);
    const markers = jpegMarkers(stripped);
    expect(markers).not.toContain(0xe1);
    expect(markers).not.toContain(0xe2);
    expect(markers).not.toContain(0xed);
    expect(markers).not.toContain(0xfe);
    // SOI … APP0, DQT, SOF0, DHT, SOS … EOI: the image itself is byte for byte the original.
    expect(markers).toEqual(jpegMarkers(TINY_JPEG));
    expect(stripped).toEqual(TINY_JPEG);
  });

  it("keeps a phone's Orientation, alone, so a portrait photo does not show sideways", () => {
    const photo = jpegWithGps(6);
    expect(exifOrientation(photo.subarray(jpegSegmentStart(photo, 0xe1) + 4))).toBe(6);
    const stripped = stripImageMetadata(photo, "image/jpeg");
    expect(containsBytes(stripped, new Uint8Array([0x88, 0x25]))).toBe(false);
    expect(containsBytes(stripped, "xmpmeta")).toBe(false);
    const app1 = jpegSegmentStart(stripped, 0xe1);
    expect(stripped.subarray(app1 + 2, app1 + 4)).toEqual(new Uint8Array([0, 34]));
    expect(exifOrientation(stripped.subarray(app1 + 4, app1 + 36))).toBe(6);
    expect(jpegMarkers(stripped)).toEqual([0xe0, 0xe1, ...jpegMarkers(TINY_JPEG).slice(1)]);
    // Orientation 1 (as taken) needs no tag at all.
    expect(stripImageMetadata(jpegWithGps(1), "image/jpeg")).toEqual(TINY_JPEG);
  });

  it("keeps a bare JFIF header but drops one carrying a thumbnail, and the reserved JPGn markers", () => {
    const app0 = jpegSegmentStart(TINY_JPEG, 0xe0);
    const app0End = app0 + 2 + ((TINY_JPEG[app0 + 2] << 8) | TINY_JPEG[app0 + 3]);
    // JFIF with a 1×1 RGB thumbnail: 16 bytes of header, 3 of pixels.
    const thumbnailJfif = new Uint8Array([0xff, 0xe0, 0x00, 0x13, ...TINY_JPEG.subarray(app0 + 4, app0 + 16), 1, 1, 0xff, 0x00, 0x00]);
    const jpg0 = new Uint8Array([0xff, 0xf0, 0x00, 0x06, ...new TextEncoder().encode("GPS!")]);
    const photo = concatBytes(TINY_JPEG.subarray(0, app0), thumbnailJfif, jpg0, TINY_JPEG.subarray(app0End));
    const stripped = stripImageMetadata(photo, "image/jpeg");
    expect(jpegMarkers(stripped)).toEqual(jpegMarkers(TINY_JPEG).filter((marker) => marker !== 0xe0));
    expect(containsBytes(stripped, "GPS!")).toBe(false);
  });

  it("leaves a JPEG without metadata as it is and drops bytes after EOI", () => {
    expect(stripImageMetadata(TINY_JPEG, "image/jpeg")).toEqual(TINY_JPEG);
    const trailing = new Uint8Array([...TINY_JPEG, ...new TextEncoder().encode("GPS 40.7,-73.9")]);
    expect(stripImageMetadata(trailing, "image/jpeg")).toEqual(TINY_JPEG);
  });

  it.each([
    ["cut short", TINY_JPEG.subarray(0, 100)],
    ["cut inside the image data", TINY_JPEG.subarray(0, TINY_JPEG.length - 2)],
    ["only a start marker", new Uint8Array([0xff, 0xd8, 0xff])],
    ["a segment longer than the file", new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x00])],
  ])("refuses a JPEG %s", (_, bytes) => {
    expect(() => stripImageMetadata(bytes, "image/jpeg")).toThrow(UnreadableImageError);
  });
});

describe("stripImageMetadata: PNG", () => {
  it("keeps only the chunks that draw the image: text, EXIF, ICC, time, content credentials and private chunks go", () => {
    const photo = pngWithMetadata();
    expect(pngChunkTypes(photo)).toEqual(["IHDR", "iCCP", "tEXt", "zTXt", "iTXt", "eXIf", "tIME", "caBX", "prVt", "IDAT", "IDAT", "IEND"]);
    const stripped = stripImageMetadata(photo, "image/png");
    expect(pngChunkTypes(stripped)).toEqual(["IHDR", "IDAT", "IDAT", "IEND"]);
    expect(stripped).toEqual(TINY_PNG);
  });

  it("refuses a PNG without IEND", () => {
    expect(() => stripImageMetadata(TINY_PNG.subarray(0, TINY_PNG.length - 12), "image/png")).toThrow(UnreadableImageError);
  });
});

describe("stripImageMetadata: WebP", () => {
  it("removes EXIF, XMP, ICCP and unknown chunks (C2PA), clears their VP8X flags and fixes the RIFF size", () => {
    const photo = webpWithMetadata();
    expect(webpChunkTypes(photo)).toEqual(["VP8X", "ICCP", "VP8 ", "EXIF", "XMP ", "C2PA"]);
    const stripped = stripImageMetadata(photo, "image/webp");
    expect(webpChunkTypes(stripped)).toEqual(["VP8X", "VP8 "]);
    expect(stripped[20] & (0x20 | 0x08 | 0x04)).toBe(0);
    expect(containsBytes(stripped, "xmpmeta")).toBe(false);
    expect(containsBytes(stripped, "Jane Doe")).toBe(false);
  });

  it("keeps a simple WebP as it is and refuses one shorter than its RIFF size", () => {
    expect(stripImageMetadata(TINY_WEBP, "image/webp")).toEqual(TINY_WEBP);
    expect(() => stripImageMetadata(TINY_WEBP.subarray(0, 40), "image/webp")).toThrow(UnreadableImageError);
  });
});

describe("crafted photo segment bound: stripImageMetadata", () => {
  // Each builder adds empty parts to a tiny image whose own parts (EOI and IEND included) count too.
  it.each([
    ["JPEG of TEM markers", "image/jpeg", jpegWithTemMarkers, jpegMarkers(TINY_JPEG).length],
    ["PNG of empty IDAT chunks", "image/png", pngWithEmptyIdats, pngChunkTypes(TINY_PNG).length],
    ["WebP of empty ALPH chunks", "image/webp", webpWithEmptyAlphs, webpChunkTypes(TINY_WEBP).length],
  ] as const)("follows a %s to exactly the bound and refuses one part more", (_, type, build, ownParts) => {
    expect(MAX_IMAGE_PARTS).toBe(10_000);
    expect(stripImageMetadata(build(MAX_IMAGE_PARTS - ownParts), type).length).toBeGreaterThan(0);
    expect(() => stripImageMetadata(build(MAX_IMAGE_PARTS - ownParts + 1), type)).toThrow(TooManyImagePartsError);
  });

  it("refuses the review's three 5 MB files, and strips photos of the same size far below the bound", () => {
    const crafted = craftedPhotos();
    expect(() => stripImageMetadata(crafted.jpeg, "image/jpeg")).toThrow(TooManyImagePartsError);
    expect(() => stripImageMetadata(crafted.png, "image/png")).toThrow(TooManyImagePartsError);
    expect(() => stripImageMetadata(crafted.webp, "image/webp")).toThrow(TooManyImagePartsError);

    const size = 5 * 1024 * 1024 - 64 * 1024;
    const jpeg = photoOfSize("jpeg", size);
    expect(jpegMarkers(stripImageMetadata(jpeg, "image/jpeg"))).toEqual([0xe0, 0xe1, ...jpegMarkers(TINY_JPEG).slice(1)]);
    // A PNG in libpng's 8 KiB IDATs is the real file with the most parts: about 630 here.
    const png = photoOfSize("png", size);
    expect(pngChunkTypes(png).length).toBeLessThan(MAX_IMAGE_PARTS / 10);
    expect(pngChunkTypes(stripImageMetadata(png, "image/png")).filter((chunk) => chunk !== "IDAT")).toEqual(["IHDR", "IEND"]);
    expect(webpChunkTypes(stripImageMetadata(photoOfSize("webp", size), "image/webp"))).toEqual(["VP8X", "VP8 "]);
  });

  it("writes one Orientation at most, so the stripped JPEG fits the buffer allocated for it", () => {
    const twoOrientations = jpegWithGps(6, jpegWithGps(3));
    const stripped = stripImageMetadata(twoOrientations, "image/jpeg");
    expect(jpegMarkers(stripped)).toEqual([0xe0, 0xe1, ...jpegMarkers(TINY_JPEG).slice(1)]);
    expect(exifOrientation(stripped.subarray(jpegSegmentStart(stripped, 0xe1) + 4))).toBe(6);
  });
});

describe("waitSummary", () => {
  const now = Date.parse("2026-06-05T22:00:00Z");
  const at = (minutesAgo: number) => now - minutesAgo * 60_000;

  it("is the median of the reports' minutes in the last hour, with their count and the hour's start", () => {
    const summary = waitSummary(
      [
        { wait: "5-15", createdAt: at(5) },
        { wait: "lt5", createdAt: at(20) },
        { wait: "15-30", createdAt: at(50) },
      ],
      now,
    );
    expect(summary).toEqual({ minutes: 10, reports: 3, since: "2026-06-05T21:00:00.000Z" });
  });

  it("averages the middle two of an even count and rounds to whole minutes", () => {
    // 0 and 3 → 1.5 → 2.
    expect(waitSummary([{ wait: "none", createdAt: at(1) }, { wait: "lt5", createdAt: at(2) }], now)?.minutes).toBe(2);
    // 10 and 23 → 16.5 → 17.
    expect(waitSummary([{ wait: "5-15", createdAt: at(1) }, { wait: "15-30", createdAt: at(2) }], now)?.minutes).toBe(17);
  });

  it("one long report among short ones does not make a queue", () => {
    const reports = [{ wait: "none", createdAt: at(1) }, { wait: "none", createdAt: at(2) }, { wait: "30+", createdAt: at(3) }] as const;
    expect(waitSummary([...reports], now)?.minutes).toBe(0);
  });

  it("leaves out reports an hour old or more, and is null without reports", () => {
    expect(waitSummary([{ wait: "30+", createdAt: at(60) }], now)).toBeNull();
    expect(waitSummary([], now)).toBeNull();
    expect(waitSummary([{ wait: "30+", createdAt: at(59) }], now)).toMatchObject({ minutes: 40, reports: 1 });
  });
});

describe("expiry, cursor and reporter hash", () => {
  it("a post is public for exactly 3 hours", () => {
    const now = Date.parse("2026-06-05T22:00:00Z");
    expect(LIVE_LOOK_PUBLIC_MS).toBe(3 * 3600_000);
    expect(publicSince(now)).toBe(Date.parse("2026-06-05T19:00:00Z"));
  });

  it("the cursor round-trips", () => {
    expect(decodeCursor(encodeCursor({ createdAt: 1780000000123, id: 42 }))).toEqual({ createdAt: 1780000000123, id: 42 });
  });

  it("the reporter hash is stable for one client, post and venue day, and differs otherwise; it never contains the address", async () => {
    const day = dayOfDate("2026-06-05")!;
    const hash = await reporterHash("secret", "198.18.0.1", 7, day);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hash).not.toContain("198");
    expect(await reporterHash("secret", "198.18.0.1", 7, day)).toBe(hash);
    expect(await reporterHash("secret", "198.18.0.2", 7, day)).not.toBe(hash);
    expect(await reporterHash("secret", "198.18.0.1", 8, day)).not.toBe(hash);
    expect(await reporterHash("secret", "198.18.0.1", 7, day + 1)).not.toBe(hash);
    expect(await reporterHash("other", "198.18.0.1", 7, day)).not.toBe(hash);
  });

  it("a request is cross-site when Sec-Fetch-Site says so or its Origin is not one of the app's own", () => {
    const own = ["https://thirdplace.example", "https://third-place.workers.dev"];
    expect(isCrossSite({}, own)).toBe(false);
    expect(isCrossSite({ origin: "https://thirdplace.example", secFetchSite: "same-origin" }, own)).toBe(false);
    expect(isCrossSite({ origin: "https://third-place.workers.dev" }, own)).toBe(false);
    expect(isCrossSite({ secFetchSite: "none" }, own)).toBe(false);
    expect(isCrossSite({ secFetchSite: "Cross-Site" }, own)).toBe(true);
    expect(isCrossSite({ origin: "https://evil.example" }, own)).toBe(true);
    expect(isCrossSite({ origin: "null" }, own)).toBe(true);
    expect(isCrossSite({ origin: "https://thirdplace.example.evil.example" }, own)).toBe(true);
  });
});

describe("who may post (docs/live-looks.md#who-may-post)", () => {
  const HOUR = 60 * 60_000;
  it("an account waits once it has posted 3 times at a venue in the last hour, until the oldest of them is an hour old", () => {
    const now = 10 * HOUR;
    expect(accountRetryAfter([], now)).toBeNull();
    expect(accountRetryAfter([now - 5_000, now - 10_000], now)).toBeNull();
    expect(accountRetryAfter([now - 50 * 60_000, now - 20 * 60_000, now - 1_000], now)).toBe(10 * 60);
    // Posts older than the hour do not count.
    expect(accountRetryAfter([now - HOUR, now - 2 * HOUR, now - 1_000, now - 2_000], now)).toBeNull();
    // Of four in the hour, the third newest decides.
    expect(accountRetryAfter([now - 55 * 60_000, now - 30 * 60_000, now - 20 * 60_000, now - 1_000], now)).toBe(30 * 60);
  });

  it("a vibe contradicts the sensor only two levels apart, and only when both are known", () => {
    expect(contradictsSensor("Packed", "Relaxed")).toBe(true);
    expect(contradictsSensor("Relaxed", "Packed")).toBe(true);
    expect(contradictsSensor("Lively", "Relaxed")).toBe(false);
    expect(contradictsSensor("Packed", "Lively")).toBe(false);
    expect(contradictsSensor("Packed", "Packed")).toBe(false);
    expect(contradictsSensor(null, "Relaxed")).toBe(false);
    expect(contradictsSensor("Packed", null)).toBe(false);
  });
});
