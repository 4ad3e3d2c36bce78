// Removes the metadata photos carry (a phone's EXIF holds GPS coordinates, the camera and the time)
// before any uploaded image is stored: Live Look photos, place covers, event covers and flyers
// (docs/live-looks.md#photos). Pure functions over bytes, no decoding: the pixels are copied
// untouched. A file whose structure cannot be followed to its end is refused rather than stored
// with whatever it may hide, and so is one made of more segments or chunks than any photo has.

import { BoundedCopy, fourCC } from "./bounded-copy";

export class UnreadableImageError extends Error {}
/** The file has more segments or chunks than MAX_IMAGE_PARTS. */
export class TooManyImagePartsError extends Error {}

/**
 * The most segments (JPEG) or chunks (PNG, WebP) one image may have. A phone's JPEG has 10–20
 * segments, a PNG at the 5 MB limit about 650 chunks (libpng writes IDAT in 8 KiB pieces), a still
 * WebP at most 6. Each one walked costs a little, so a file of millions of empty ones cost seconds
 * of CPU before this bound (docs/live-looks.md#the-part-bound).
 */
export const MAX_IMAGE_PARTS = 10_000;

const fail = (what: string): never => {
  throw new UnreadableImageError(what);
};

/** The stripped image being written, bounded by MAX_IMAGE_PARTS. */
const strippedImage = (capacity: number) =>
  new BoundedCopy(capacity, MAX_IMAGE_PARTS, () => new TooManyImagePartsError(`more than ${MAX_IMAGE_PARTS} segments or chunks`));

/**
 * The image without its metadata; throws UnreadableImageError when its structure is broken and
 * TooManyImagePartsError when it has more than MAX_IMAGE_PARTS segments or chunks.
 */
export function stripImageMetadata(bytes: Uint8Array, contentType: "image/jpeg" | "image/png" | "image/webp"): Uint8Array {
  if (contentType === "image/jpeg") return stripJpeg(bytes);
  if (contentType === "image/png") return stripPng(bytes);
  return stripWebp(bytes);
}

// JPEG segments are kept by an allow-list: what decoding needs (frames SOF0..15, Huffman and
// arithmetic tables, quantisation tables, restart interval, scans, DNL, hierarchical EXP/DHP), a
// bare JFIF APP0 (no thumbnail: a thumbnail can show what the photo was cropped from) and APP14
// (Adobe: how to read the colours). Everything else goes: APP1 EXIF and XMP, APP2 ICC, APP13
// Photoshop IPTC, vendor APPn, COM, and the reserved JPGn markers.
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;
const SOS = 0xda;
const EOI = 0xd9;
const JFIF = [0x4a, 0x46, 0x49, 0x46, 0]; // "JFIF\0"
/** SOF0..15 without 0xC8 (JPG, reserved), DHT 0xC4 and DAC 0xCC among them; DQT, DNL, DRI, SOS, DHP, EXP. */
const isDecodingMarker = (marker: number) => (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) || (marker >= 0xda && marker <= 0xdf);
/** An APP0 segment (marker included) that is JFIF and nothing more: 16 bytes long, no thumbnail. */
const isBareJfif = (segment: Uint8Array) =>
  segment.length === 18 && JFIF.every((byte, i) => segment[4 + i] === byte) && segment[16] === 0 && segment[17] === 0;
function keepsJpegSegment(marker: number, segment: Uint8Array): boolean {
  if (marker === APP0) return isBareJfif(segment);
  return marker === APP14 || isDecodingMarker(marker);
}
/** Markers that stand alone, without a length: TEM and RST0..7 (SOI and EOI are handled apart). */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * JPEG: SOI, then segments up to EOI; entropy-coded data after each SOS is copied as it is. At most
 * one Orientation segment is written (room for it is allocated up front: it can be longer than the
 * APP1 it comes from).
 */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) fail("no JPEG start");
  const out = strippedImage(bytes.length + ORIENTATION_SEGMENT_LENGTH);
  out.keep(bytes, 0, 2);
  let orientationKept = false;
  let at = 2;
  for (;;) {
    out.walked();
    if (at + 1 >= bytes.length) fail("JPEG ends before its end marker");
    if (bytes[at] !== 0xff) fail("JPEG segment without a marker");
    // Fill bytes: any number of 0xFF before a marker.
    let markerAt = at;
    while (bytes[markerAt + 1] === 0xff) markerAt++;
    const marker = bytes[markerAt + 1];
    if (marker === undefined) fail("JPEG ends inside a marker");
    if (marker === EOI) {
      out.keep(bytes, markerAt, markerAt + 2);
      // Anything after EOI (some phones append a second image or notes) is dropped.
      return out.bytes;
    }
    if (isStandalone(marker)) {
      out.keep(bytes, markerAt, markerAt + 2);
      at = markerAt + 2;
      continue;
    }
    if (markerAt + 3 >= bytes.length) fail("JPEG ends inside a segment length");
    const length = (bytes[markerAt + 2] << 8) | bytes[markerAt + 3];
    const end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) fail("JPEG segment runs past the file");
    if (keepsJpegSegment(marker, bytes.subarray(markerAt, end))) {
      out.keep(bytes, markerAt, end);
    } else if (marker === APP1 && !orientationKept) {
      // Phones store pixels as the sensor saw them and say how to turn them in EXIF: that one
      // tag is kept, alone, so a portrait photo does not show sideways.
      const orientation = exifOrientation(bytes.subarray(markerAt + 4, end));
      if (orientation !== null) {
        out.keep(orientationSegment(orientation));
        orientationKept = true;
      }
    }
    at = end;
    if (marker === SOS) {
      // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or RSTn inside it; any other
      // marker ends it.
      let scan = at;
      while (scan + 1 < bytes.length && !(bytes[scan] === 0xff && bytes[scan + 1] !== 0x00 && !(bytes[scan + 1] >= 0xd0 && bytes[scan + 1] <= 0xd7))) {
        scan++;
      }
      if (scan + 1 >= bytes.length) fail("JPEG image data without an end");
      out.keep(bytes, at, scan);
      at = scan;
    }
  }
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0];
const ORIENTATION_TAG = 0x0112;

/** The Orientation (2–8) of an APP1 Exif payload's first IFD, or null (absent, normal, or unreadable). */
export function exifOrientation(payload: Uint8Array): number | null {
  if (payload.length < 14 || !EXIF_HEADER.every((byte, i) => payload[i] === byte)) return null;
  const tiff = new DataView(payload.buffer, payload.byteOffset + 6, payload.byteLength - 6);
  const order = tiff.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const ifd = tiff.getUint32(4, little);
  if (ifd + 2 > tiff.byteLength) return null;
  const entries = tiff.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > tiff.byteLength) return null;
    if (tiff.getUint16(at, little) === ORIENTATION_TAG && tiff.getUint16(at + 2, little) === 3) {
      const value = tiff.getUint16(at + 8, little);
      return value >= 2 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** Marker and length, "Exif\0\0", TIFF header, one IFD of one entry and its next-IFD offset. */
const ORIENTATION_SEGMENT_LENGTH = 4 + 6 + 8 + 2 + 12 + 4;

/** An APP1 Exif segment holding only an Orientation tag (big-endian TIFF, one IFD of one entry). */
function orientationSegment(orientation: number): Uint8Array {
  const segment = new Uint8Array(ORIENTATION_SEGMENT_LENGTH);
  const view = new DataView(segment.buffer);
  view.setUint16(0, 0xff00 | APP1);
  view.setUint16(2, segment.length - 2);
  segment.set(EXIF_HEADER, 4);
  segment.set([0x4d, 0x4d, 0x00, 0x2a], 10);
  view.setUint32(14, 8);
  view.setUint16(18, 1);
  view.setUint16(20, ORIENTATION_TAG);
  view.setUint16(22, 3);
  view.setUint32(24, 1);
  view.setUint16(28, orientation);
  return segment;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/**
 * PNG chunks kept: the critical ones, transparency, how to show the colours and the pixels' size,
 * and APNG's animation. Everything else goes: text, EXIF, ICC profiles, tIME, content credentials
 * (caBX, which can name the device and the author) and any private chunk.
 */
const PNG_KEPT_CHUNKS = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "cICP", "sBIT", "bKGD", "pHYs", "acTL", "fcTL", "fdAT"]);

/** PNG: the signature, then length, type, data and CRC per chunk, up to IEND. */
function stripPng(bytes: Uint8Array): Uint8Array {
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) fail("no PNG signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = strippedImage(bytes.length);
  out.keep(bytes, 0, 8);
  let at = 8;
  for (;;) {
    out.walked();
    if (at + 12 > bytes.length) fail("PNG ends before IEND");
    const length = view.getUint32(at);
    const type = fourCC(bytes, at + 4);
    const end = at + 12 + length;
    if (end > bytes.length) fail("PNG chunk runs past the file");
    if (PNG_KEPT_CHUNKS.has(type)) out.keep(bytes, at, end);
    at = end;
    // Anything after IEND is dropped.
    if (type === "IEND") return out.bytes;
  }
}

/** WebP chunks kept: the image, its alpha and animation; EXIF, XMP, ICCP and unknown ones (C2PA) go. */
const WEBP_KEPT_CHUNKS = new Set(["VP8 ", "VP8L", "ALPH", "ANIM", "ANMF"]);
// VP8X flag bits announcing those chunks: ICC 0x20, EXIF 0x08, XMP 0x04.
const VP8X_METADATA_FLAGS = 0x20 | 0x08 | 0x04;

/** WebP: RIFF, its size, WEBP, then chunks (FourCC, little-endian size, data padded to even). */
function stripWebp(bytes: Uint8Array): Uint8Array {
  if (fourCC(bytes, 0) !== "RIFF" || fourCC(bytes, 8) !== "WEBP") fail("no WebP header");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length) fail("WebP shorter than its RIFF size");
  const out = strippedImage(riffEnd);
  out.keep(bytes, 0, 12);
  let at = 12;
  while (at < riffEnd) {
    out.walked();
    if (at + 8 > riffEnd) fail("WebP chunk header runs past the file");
    const type = fourCC(bytes, at);
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) fail("WebP chunk runs past the file");
    if (type === "VP8X") {
      const flags = out.keep(bytes, at, end) + 8;
      out.bytes[flags] &= ~VP8X_METADATA_FLAGS;
    } else if (WEBP_KEPT_CHUNKS.has(type)) {
      out.keep(bytes, at, end);
    }
    at = end;
  }
  const stripped = out.bytes;
  new DataView(stripped.buffer, stripped.byteOffset).setUint32(4, stripped.byteLength - 8, true);
  return stripped;
}
