// Multipart forms and the images and videos they carry. Files are recognised by their first bytes,
// never by the declared type or file name, stripped of their metadata (docs/live-looks.md#photos,
// docs/live-looks.md#videos) and stored in R2 under keys we generate.
import type { Context } from "hono";
import {
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_TOO_LONG_MESSAGE,
  type IMAGE_CONTENT_TYPES,
} from "../../common/schemas/fields";
import { readBodyCapped } from "./body";
import { ApiError, badRequest } from "./errors";
import { MAX_IMAGE_PARTS, stripImageMetadata, TooManyImagePartsError, UnreadableImageError } from "./image-metadata";
import {
  MAX_VIDEO_PARTS,
  sniffVideoType,
  stripVideoMetadata,
  TooManyVideoPartsError,
  UnreadableVideoError,
  UnsupportedVideoCodecError,
  VideoTooLongError,
  type VideoContentType,
} from "./video-metadata";

export { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES };
/** Room for two images at the limit (an event's cover and flyer) plus the text fields. */
export const MAX_FORM_BYTES = 2 * MAX_IMAGE_BYTES + 1024 * 1024;

export interface FormInput {
  /** The body's length in bytes. */
  size: number;
  /** Text values by name (the first one when a name repeats). */
  fields: Record<string, string>;
  /** Non-empty files by name; browsers send an empty file for a file input left blank. */
  files: Map<string, File>;
}

/** Reads a multipart (or URL-encoded) form, refusing other bodies, oversized ones and garbage. */
export async function readForm(c: Context, maxBytes = MAX_FORM_BYTES): Promise<FormInput> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^(?:multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) {
    throw new ApiError(415, "Send the request body as multipart/form-data.");
  }
  const bytes = await readBodyCapped(c.req.raw, maxBytes);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest("The request body is not a readable multipart form.");
  }
  const fields: Record<string, string> = {};
  const files = new Map<string, File>();
  for (const [name, value] of form) {
    if (typeof value === "string") {
      if (!(name in fields)) fields[name] = value;
    } else if (value.size > 0 && !files.has(name)) {
      files.set(name, value);
    }
  }
  return { size: bytes.byteLength, fields, files };
}

export type ImageFolder = "places" | "events" | "live-looks" | "menus";

/** An uploaded image that passed the checks, without its metadata, with the type its bytes prove. */
export interface CheckedImage {
  bytes: Uint8Array;
  contentType: (typeof IMAGE_CONTENT_TYPES)[number];
  extension: "jpg" | "png" | "webp";
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

function sniffImageType(head: Uint8Array): Omit<CheckedImage, "bytes"> | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", extension: "png" };
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return { contentType: "image/webp", extension: "webp" };
  return null;
}

export const IMAGE_TYPE_MESSAGE = "Upload a JPEG, PNG or WebP image.";
export const IMAGE_UNREADABLE_MESSAGE = "The image could not be read. Upload a JPEG, PNG or WebP image.";
export const IMAGE_TOO_MANY_PARTS_MESSAGE =
  `The image is made of more than ${MAX_IMAGE_PARTS.toLocaleString("en-US")} segments or chunks, which no photo has. ` +
  "Save it again as a JPEG, PNG or WebP and upload that.";

const fileError = (status: 413 | 415 | 422, field: string, message: string) =>
  new ApiError(status, `${field}: ${message}`, { details: [{ field, message }] });

/**
 * The image in form field `field`, checked and stripped of its metadata, or null: 413 over 5 MB,
 * 415 when not JPEG/PNG/WebP or its structure is broken, 422 when it has more segments or chunks
 * than any photo (docs/live-looks.md#the-part-bound).
 */
export async function imageField(form: FormInput, field: string): Promise<CheckedImage | null> {
  const file = form.files.get(field);
  if (!file) return null;
  if (file.size > MAX_IMAGE_BYTES) throw fileError(413, field, IMAGE_TOO_LARGE_MESSAGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImageType(bytes.subarray(0, 12));
  if (!kind) throw fileError(415, field, IMAGE_TYPE_MESSAGE);
  try {
    return { bytes: stripImageMetadata(bytes, kind.contentType), ...kind };
  } catch (error) {
    if (error instanceof UnreadableImageError) throw fileError(415, field, IMAGE_UNREADABLE_MESSAGE);
    if (error instanceof TooManyImagePartsError) throw fileError(422, field, IMAGE_TOO_MANY_PARTS_MESSAGE);
    throw error;
  }
}

/** An uploaded video that passed the checks, without its metadata, with the type its bytes prove. */
export interface CheckedVideo {
  bytes: Uint8Array;
  contentType: VideoContentType;
  extension: "mp4" | "mov" | "webm";
}

const VIDEO_EXTENSIONS: Record<VideoContentType, CheckedVideo["extension"]> = { "video/mp4": "mp4", "video/quicktime": "mov", "video/webm": "webm" };
export const VIDEO_TYPE_MESSAGE = "Upload an MP4, QuickTime (.mov) or WebM video.";
export const VIDEO_UNREADABLE_MESSAGE = "The video could not be read. Upload the clip as your phone recorded it (MP4, .mov or WebM).";
export const VIDEO_CODEC_MESSAGE = "Upload a video in H.264 or HEVC with AAC sound (MP4, .mov), or VP8, VP9 or AV1 with Opus or Vorbis (WebM).";
export const VIDEO_TOO_MANY_PARTS_MESSAGE =
  `The video is made of more than ${MAX_VIDEO_PARTS.toLocaleString("en-US")} boxes or elements, which no phone's clip has. ` +
  "Upload the clip as your phone recorded it.";

/**
 * The video in form field `field`, checked and stripped of its metadata, or null: 413 over 25 MB,
 * 415 when not MP4/QuickTime/WebM, its structure is broken or holds what cannot be cleaned, or its
 * codec is not one we take; 422 over 15 s or when made of more boxes than any clip
 * (docs/live-looks.md#videos).
 */
export async function videoField(form: FormInput, field: string): Promise<CheckedVideo | null> {
  const file = form.files.get(field);
  if (!file) return null;
  if (file.size > MAX_VIDEO_BYTES) throw fileError(413, field, VIDEO_TOO_LARGE_MESSAGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffVideoType(bytes.subarray(0, 12));
  if (!contentType) throw fileError(415, field, VIDEO_TYPE_MESSAGE);
  try {
    const stripped = stripVideoMetadata(bytes, contentType);
    return { bytes: stripped.bytes, contentType, extension: VIDEO_EXTENSIONS[contentType] };
  } catch (error) {
    if (error instanceof UnreadableVideoError) throw fileError(415, field, VIDEO_UNREADABLE_MESSAGE);
    if (error instanceof UnsupportedVideoCodecError) throw fileError(415, field, VIDEO_CODEC_MESSAGE);
    if (error instanceof VideoTooLongError) throw fileError(422, field, VIDEO_TOO_LONG_MESSAGE);
    if (error instanceof TooManyVideoPartsError) throw fileError(422, field, VIDEO_TOO_MANY_PARTS_MESSAGE);
    throw error;
  }
}

/** A checked file ready for R2: an image or a video, with the type its bytes prove. */
export type CheckedFile = CheckedImage | CheckedVideo;

async function storeFile(bucket: R2Bucket, folder: ImageFolder, file: CheckedFile): Promise<string> {
  const key = `${folder}/${crypto.randomUUID()}.${file.extension}`;
  await bucket.put(key, file.bytes, { httpMetadata: { contentType: file.contentType } });
  return key;
}

/** Deletes stored images; a failure only leaves an unreferenced object behind, so it is logged. */
export async function deleteImages(bucket: R2Bucket, keys: (string | null | undefined)[]): Promise<void> {
  const present = keys.filter((key): key is string => Boolean(key));
  if (present.length === 0) return;
  try {
    await bucket.delete(present);
  } catch (error) {
    console.error("could not delete replaced images", present, error);
  }
}

/**
 * Stores the new images (or a Live Look's video), then runs the database write with their keys. If the write fails, the new
 * images are deleted again, so a failed request leaves nothing behind in R2 either.
 */
export async function writeWithImages<TField extends string, TResult>(
  bucket: R2Bucket,
  folder: ImageFolder,
  images: Record<TField, CheckedFile | null>,
  write: (keys: Partial<Record<TField, string>>) => Promise<TResult>,
): Promise<TResult> {
  const keys: Partial<Record<TField, string>> = {};
  try {
    for (const field of Object.keys(images) as TField[]) {
      const image = images[field];
      if (image) keys[field] = await storeFile(bucket, folder, image);
    }
    return await write(keys);
  } catch (error) {
    await deleteImages(bucket, Object.values<string | undefined>(keys));
    throw error;
  }
}
