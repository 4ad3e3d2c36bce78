// What a share image is (docs/search-and-previews.md#share-images): a 1200×630 JPEG within 600 KB,
// told by its frame header. Pure, and free of the Workers runtime's types, so the seed (Node, with
// sharp) checks its images by the same rules as the upload path (share-image.ts).

/** Share images are 1200×630, the size Open Graph and Twitter's large card both draw without cropping. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** Facebook and X take far larger ones; WhatsApp is widely reported to show no image in a preview past about 600 KB. */
export const SHARE_IMAGE_MAX_BYTES = 600 * 1024;

/** Qualities tried in turn until the JPEG fits SHARE_IMAGE_MAX_BYTES (a photo of fine detail at 82 may not). */
export const SHARE_IMAGE_QUALITIES = [82, 68, 55] as const;

const SOI = 0xd8;
/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame header that holds the size. */
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * A JPEG's width and height from its frame header (SOFn: length, precision, height, width), walking
 * the segments before it; null when the bytes are not a JPEG whose header can be reached.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2) return null;
    if (isFrameHeader(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: (bytes[at + 5] << 8) | bytes[at + 6], width: (bytes[at + 7] << 8) | bytes[at + 8] };
    }
    // Start of scan comes after the frame header: no header was found before it.
    if (marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

/** Whether bytes are a share image: a JPEG of exactly 1200×630 within SHARE_IMAGE_MAX_BYTES. */
export function isShareImage(bytes: Uint8Array): boolean {
  const size = jpegSize(bytes);
  return bytes.length <= SHARE_IMAGE_MAX_BYTES && size !== null && size.width === SHARE_IMAGE_WIDTH && size.height === SHARE_IMAGE_HEIGHT;
}

