// Tiny real images (8×8, drawn by Chromium's canvas) and builders that add the metadata phones put
// in photos: an APP1 Exif segment whose IFD0 points to a GPS IFD, ICC and comment segments, PNG
// text/eXIf/iCCP chunks and WebP EXIF/XMP/ICCP chunks.

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** Baseline JPEG: SOI, APP0 JFIF, DQT, SOF0, DHT, SOS, data, EOI. */
export const TINY_JPEG = fromBase64(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAaEQEAAwADAAAAAAAAAAAAAAACAAEDEiEx/9oADAMBAAIRAxEAPwCAAVtNcl7KHPM5mgK6n//Z",
);
export const TINY_PNG = fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAANElEQVR4AayNsQ0AQAgCjSux0/9M7qQzaUtobCS5goRwjpfNJNCM25KDQdQ3Ro0HCr3UPgAAAP//8OOtwwAAAAZJREFUAwBBUxmZ6eNGJwAAAABJRU5ErkJggg==",
);
/** Simple lossy WebP: RIFF, WEBP, one VP8 chunk. */
export const TINY_WEBP = fromBase64("UklGRkYAAABXRUJQVlA4IDoAAACwAQCdASoIAAgAAsBMJbACdLoABGaAAP7o1n9ZD/4lH7YhAxS7wL/ab9HX9ZR3YcH5l/7DfYbw0AAA");

function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.byteLength + 2;
  return concatBytes(new Uint8Array([0xff, marker, length >> 8, length & 0xff]), payload);
}

/**
 * A big-endian TIFF: IFD0 with GPSInfo (0x8825) pointing at a GPS IFD with 40°43'30"N 73°59'15"W,
 * and, when given, an Orientation (0x0112) entry.
 */
export function exifWithGps(orientation?: number): Uint8Array {
  const tiff = new Uint8Array(8 + 18 + 2 + 4 * 12 + 4 + 48 + 12);
  const view = new DataView(tiff.buffer);
  tiff.set(ascii("MM"), 0);
  view.setUint16(2, 42);
  view.setUint32(4, 8);
  // IFD0: GPSInfo (and Orientation), then the next-IFD offset 0.
  view.setUint16(8, orientation === undefined ? 1 : 2);
  view.setUint16(10, 0x8825);
  view.setUint16(12, 4); // LONG
  view.setUint32(14, 1);
  view.setUint32(18, 38); // GPS IFD offset
  if (orientation !== undefined) {
    view.setUint16(22, 0x0112);
    view.setUint16(24, 3); // SHORT
    view.setUint32(26, 1);
    view.setUint16(30, orientation);
  }
  view.setUint32(orientation === undefined ? 22 : 34, 0);
  // GPS IFD at 38: four entries.
  const gps = 38;
  const rationals = gps + 2 + 4 * 12 + 4;
  view.setUint16(gps, 4);
  const entry = (index: number, tag: number, type: number, count: number, value: number, inline = false) => {
    const at = gps + 2 + index * 12;
    view.setUint16(at, tag);
    view.setUint16(at + 2, type);
    view.setUint32(at + 4, count);
    if (inline) tiff[at + 8] = value;
    else view.setUint32(at + 8, value);
  };
  entry(0, 0x0001, 2, 2, "N".charCodeAt(0), true); // GPSLatitudeRef
  entry(1, 0x0002, 5, 3, rationals); // GPSLatitude
  entry(2, 0x0003, 2, 2, "W".charCodeAt(0), true); // GPSLongitudeRef
  entry(3, 0x0004, 5, 3, rationals + 24); // GPSLongitude
  [40, 43, 30, 73, 59, 15].forEach((value, i) => {
    view.setUint32(rationals + i * 8, value);
    view.setUint32(rationals + i * 8 + 4, 1);
  });
  return concatBytes(ascii("Exif\0\0"), tiff);
}

/** `image` (TINY_JPEG's headers) with APP1 Exif (GPS, and an orientation when given), APP1 XMP, APP2 ICC, APP13 IPTC and a comment after its APP0. */
export function jpegWithGps(orientation?: number, image: Uint8Array = TINY_JPEG): Uint8Array<ArrayBuffer> {
  const app0End = 2 + 2 + ((image[4] << 8) | image[5]);
  return concatBytes(
    image.subarray(0, app0End),
    jpegSegment(0xe1, exifWithGps(orientation)),
    jpegSegment(0xe1, ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>phone</x:xmpmeta>")),
    jpegSegment(0xe2, ascii("ICC_PROFILE\0\x01\x01fake profile")),
    jpegSegment(0xed, ascii("Photoshop 3.0\0location")),
    jpegSegment(0xfe, ascii("taken at home")),
    image.subarray(app0End),
  );
}

/** The markers of a JPEG's segments in order, checking its structure: SOI, lengths that fit, SOS's data, EOI last. */
export function jpegMarkers(bytes: Uint8Array): number[] {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("no SOI");
  const markers: number[] = [];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = bytes[at + 1];
    markers.push(marker);
    if (marker === 0xd9) {
      if (at + 2 !== bytes.length) throw new Error("bytes after EOI");
      return markers;
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    at += 2 + length;
    if (at > bytes.length) throw new Error("segment past the end");
    if (marker === 0xda) {
      while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && (bytes[at + 1] < 0xd0 || bytes[at + 1] > 0xd7))) at++;
    }
  }
  throw new Error("no EOI");
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.byteLength);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.byteLength);
  chunk.set(ascii(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.byteLength, crc32(chunk.subarray(4, 8 + data.byteLength)));
  return chunk;
}

/** Where TINY_PNG's IHDR ends: the signature, then IHDR's 13 bytes of data. */
const PNG_IHDR_END = 8 + 12 + 13;

/** `image` (a PNG starting like TINY_PNG) with tEXt, zTXt, iTXt, eXIf, iCCP, tIME, caBX and a private chunk after IHDR. */
export function pngWithMetadata(image: Uint8Array = TINY_PNG): Uint8Array<ArrayBuffer> {
  return concatBytes(
    image.subarray(0, PNG_IHDR_END),
    pngChunk("iCCP", ascii("icc\0\0fake")),
    pngChunk("tEXt", ascii("Comment\0taken at home")),
    pngChunk("zTXt", ascii("Author\0\0xx")),
    pngChunk("iTXt", ascii("XML:com.adobe.xmp\0\0\0\0\0<x/>")),
    pngChunk("eXIf", exifWithGps().subarray(6)),
    // When it was made, content credentials naming the device, and a private chunk of a phone app.
    pngChunk("tIME", new Uint8Array([0x07, 0xea, 11, 22, 21, 30, 0])),
    pngChunk("caBX", ascii("c2pa: Pixel 9 by Jane Doe")),
    pngChunk("prVt", ascii("lat=40.7 lon=-73.9")),
    image.subarray(PNG_IHDR_END),
  );
}

/** The chunk types of a PNG, checking lengths and CRCs. */
export function pngChunkTypes(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: string[] = [];
  let at = 8;
  while (at < bytes.length) {
    const length = view.getUint32(at);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) throw new Error("bad CRC");
    types.push(String.fromCharCode(...bytes.subarray(at + 4, at + 8)));
    at += 12 + length;
  }
  return types;
}

/** RIFF, its size and WEBP before `body`. */
function riff(body: Uint8Array): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(12);
  header.set(ascii("RIFFxxxxWEBP"));
  new DataView(header.buffer).setUint32(4, body.byteLength + 4, true);
  return concatBytes(header, body);
}

function webpChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(8 + data.byteLength + (data.byteLength % 2));
  chunk.set(ascii(type), 0);
  new DataView(chunk.buffer).setUint32(4, data.byteLength, true);
  chunk.set(data, 8);
  return chunk;
}

/** `image` (a simple WebP) as an extended WebP: VP8X (ICC, EXIF and XMP flags set), ICCP, the image, EXIF, XMP and C2PA. */
export function webpWithMetadata(image: Uint8Array = TINY_WEBP): Uint8Array<ArrayBuffer> {
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x20 | 0x08 | 0x04;
  // Canvas width and height minus one, 24-bit little-endian: 7 and 7.
  vp8x[4] = 7;
  vp8x[7] = 7;
  const body = concatBytes(
    webpChunk("VP8X", vp8x),
    webpChunk("ICCP", ascii("fake profile")),
    image.subarray(12),
    webpChunk("EXIF", exifWithGps().subarray(6)),
    webpChunk("XMP ", ascii("<x:xmpmeta>phone</x:xmpmeta>")),
    webpChunk("C2PA", ascii("content credentials: Jane Doe")),
  );
  return riff(body);
}

/** The chunk types of a WebP, checking the RIFF size and each chunk's size. */
export function webpChunkTypes(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) + 8 !== bytes.byteLength) throw new Error("RIFF size is wrong");
  const types: string[] = [];
  let at = 12;
  while (at < bytes.length) {
    const size = view.getUint32(at + 4, true);
    types.push(String.fromCharCode(...bytes.subarray(at, at + 4)));
    at += 8 + size + (size % 2);
  }
  if (at !== bytes.length) throw new Error("chunk past the end");
  return types;
}

/** Whether `needle` occurs in `bytes`. */
export function containsBytes(bytes: Uint8Array, needle: Uint8Array | string): boolean {
  const pattern = typeof needle === "string" ? ascii(needle) : needle;
  outer: for (let i = 0; i + pattern.length <= bytes.length; i++) {
    for (let k = 0; k < pattern.length; k++) if (bytes[i + k] !== pattern[k]) continue outer;
    return true;
  }
  return false;
}

// Crafted files of the security review (issue 25; docs/live-looks.md#the-part-bound): a tiny image
// with `count` empty parts added, each costing the stripper a step. At the 5 MB limit that is
// millions of parts.

/** `part` written `count` times over. */
function repeated(part: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(part.byteLength * count);
  for (let at = 0; at < out.length; at += part.byteLength) out.set(part, at);
  return out;
}

/** TINY_JPEG with `count` TEM markers (FF 01, a marker with no length) after SOI. */
export const jpegWithTemMarkers = (count: number) =>
  concatBytes(TINY_JPEG.subarray(0, 2), repeated(new Uint8Array([0xff, 0x01]), count), TINY_JPEG.subarray(2));

/** TINY_PNG with `count` empty IDAT chunks (12 bytes each) before its own IDAT. */
export const pngWithEmptyIdats = (count: number) =>
  concatBytes(TINY_PNG.subarray(0, PNG_IHDR_END), repeated(pngChunk("IDAT", new Uint8Array(0)), count), TINY_PNG.subarray(PNG_IHDR_END));

/** TINY_WEBP with `count` empty ALPH chunks (8 bytes each) before its image. */
export const webpWithEmptyAlphs = (count: number) => riff(concatBytes(repeated(webpChunk("ALPH", new Uint8Array(0)), count), TINY_WEBP.subarray(12)));

const LIMIT = 5 * 1024 * 1024;
/** The review's three files, each as many parts as fit in 5 MB (2.6 million TEM markers, …). */
export const craftedPhotos = () => ({
  jpeg: jpegWithTemMarkers(Math.floor((LIMIT - TINY_JPEG.length) / 2)),
  png: pngWithEmptyIdats(Math.floor((LIMIT - TINY_PNG.length) / 12)),
  webp: webpWithEmptyAlphs(Math.floor((LIMIT - TINY_WEBP.length) / 8)),
});

/** Deterministic bytes that look like compressed data (xorshift32). */
function noise(size: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

/**
 * A photo's structure at full size: the tiny image with a phone's metadata (jpegWithGps,
 * pngWithMetadata, webpWithMetadata) whose image data is grown to about `size` bytes of noise. JPEG:
 * one scan of entropy-coded data (each 0xFF stuffed with 0x00); PNG: IDAT chunks of 8 KiB, as
 * libpng writes them; WebP: one VP8 chunk. The pixels do not decode; the stripper never decodes.
 */
export function photoOfSize(type: "jpeg" | "png" | "webp", size: number): Uint8Array<ArrayBuffer> {
  const data = noise(size);
  if (type === "jpeg") {
    let sos = 2;
    while (TINY_JPEG[sos + 1] !== 0xda) sos += 2 + ((TINY_JPEG[sos + 2] << 8) | TINY_JPEG[sos + 3]);
    const scanStart = sos + 2 + ((TINY_JPEG[sos + 2] << 8) | TINY_JPEG[sos + 3]);
    const scan = new Uint8Array(size * 2);
    let length = 0;
    for (const byte of data) {
      scan[length++] = byte;
      if (byte === 0xff) scan[length++] = 0;
    }
    return jpegWithGps(6, concatBytes(TINY_JPEG.subarray(0, scanStart), scan.subarray(0, length), new Uint8Array([0xff, 0xd9])));
  }
  if (type === "png") {
    const idats: Uint8Array[] = [];
    for (let at = 0; at < size; at += 8192) idats.push(pngChunk("IDAT", data.subarray(at, at + 8192)));
    return pngWithMetadata(concatBytes(TINY_PNG.subarray(0, PNG_IHDR_END), ...idats, pngChunk("IEND", new Uint8Array(0))));
  }
  return webpWithMetadata(riff(webpChunk("VP8 ", data)));
}
