// Removes what phone videos carry besides the picture and the sound (where they were recorded, the
// phone, its software, the time) before a Live Look's video is stored (docs/live-looks.md#videos).
// Pure functions over bytes, no decoding: the samples are copied untouched. MP4 and QuickTime are
// rewritten from an allow-list of boxes, with the chunk offsets moved by what was removed before
// `mdat`; WebM's unwanted elements are overwritten by Void elements of the same length, so no
// position in the file changes. A file whose structure cannot be followed, or holds what we cannot
// clean, is refused rather than stored with whatever it may hide, and so is one of more boxes or
// elements than any clip has.
import { MAX_VIDEO_SECONDS } from "../../common/schemas/fields";
import { BoundedCopy, fourCC } from "./bounded-copy";

export class UnreadableVideoError extends Error {}
/** The file has more boxes or elements than MAX_VIDEO_PARTS, or more samples than MAX_VIDEO_SAMPLES. */
export class TooManyVideoPartsError extends Error {}
/** The clip is longer than MAX_VIDEO_SECONDS (with VIDEO_SECONDS_GRACE). */
export class VideoTooLongError extends Error {}
/** A codec other than H.264, HEVC and AAC (MP4, QuickTime) or VP8, VP9, AV1, Opus and Vorbis (WebM). */
export class UnsupportedVideoCodecError extends Error {}

export type VideoContentType = "video/mp4" | "video/quicktime" | "video/webm";

/**
 * The most boxes (MP4, QuickTime) or elements (WebM) one clip may have. A phone's clip has about a
 * hundred boxes; a WebM's elements are mostly its frames (SimpleBlocks), about 1,700 in 15 s of
 * 60 fps video with Opus sound.
 */
export const MAX_VIDEO_PARTS = 10_000;
/** The most samples an MP4's tracks may list together: 15 s of 240 fps slow motion is 3,600, its sound 700. */
export const MAX_VIDEO_SAMPLES = 100_000;
/** A phone stopped at 15 s writes 15.02 s or so. */
const VIDEO_SECONDS_GRACE = 0.5;

export interface StrippedVideo {
  bytes: Uint8Array;
  contentType: VideoContentType;
  seconds: number;
}

const fail = (what: string): never => {
  throw new UnreadableVideoError(what);
};

const strippedVideo = (capacity: number) =>
  new BoundedCopy(capacity, MAX_VIDEO_PARTS, () => new TooManyVideoPartsError(`more than ${MAX_VIDEO_PARTS} boxes or elements`));

function checkDuration(seconds: number) {
  if (!Number.isFinite(seconds) || seconds > MAX_VIDEO_SECONDS + VIDEO_SECONDS_GRACE) throw new VideoTooLongError(`${seconds} s`);
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** The container the first bytes announce (an `ftyp` box, or the EBML header), or null. */
export function sniffVideoType(head: Uint8Array): VideoContentType | null {
  if (head.length >= 12 && fourCC(head, 4) === "ftyp") return fourCC(head, 8) === "qt  " ? "video/quicktime" : "video/mp4";
  if (EBML_MAGIC.every((byte, i) => head[i] === byte)) return "video/webm";
  return null;
}

/** The video without its metadata; throws the errors above when it cannot or may not be stored. */
export function stripVideoMetadata(bytes: Uint8Array, contentType: VideoContentType): StrippedVideo {
  const stripped = contentType === "video/webm" ? stripWebm(bytes) : stripMp4(bytes);
  checkDuration(stripped.seconds);
  return { ...stripped, contentType };
}

// ---- MP4 and QuickTime (ISO/IEC 14496-12, Apple's QuickTime File Format) ----

interface Box {
  type: string;
  start: number;
  /** Where the payload starts (after an 8- or 16-byte header). */
  payload: number;
  end: number;
}

/** The boxes in [from, to), each counted; a size of 0 ("to the end") only at the top level. */
function boxesIn(bytes: Uint8Array, view: DataView, from: number, to: number, out: BoundedCopy, topLevel = false): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    out.walked();
    if (at + 8 > to) fail("box header runs past its parent");
    let size = view.getUint32(at);
    let payload = at + 8;
    if (size === 1) {
      if (at + 16 > to) fail("box header runs past its parent");
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(to - at)) fail("box runs past its parent");
      size = Number(large);
      payload = at + 16;
    } else if (size === 0) {
      if (!topLevel) fail("box without a size inside another");
      size = to - at;
    }
    if (size < payload - at || at + size > to) fail("box runs past its parent");
    boxes.push({ type: fourCC(bytes, at + 4), start: at, payload, end: at + size });
    at += size;
  }
  return boxes;
}

/**
 * A box in the output: copied whole (`children` absent) or rebuilt from the children kept. Only
 * the boxes that draw or sound the clip are kept; `udta` (QuickTime's `©xyz`, `©mak`, `©mod`,
 * `©swr`; MP4's `loci`), `meta` (Apple's `com.apple.quicktime.location.ISO6709`, make, model,
 * software keys), `uuid` (XMP), `tref`, `free`, `skip`, `wide` and anything unknown are not.
 */
interface OutBox {
  box: Box;
  children?: OutBox[];
  /** The chunk offsets of a kept track (`stco`, `co64`): fixed once every `mdat` is placed. */
  chunks?: ChunkTable;
}

interface ChunkTable {
  wide: boolean;
  /** Where the entries start in the output, set when written. */
  outAt: number;
  /** Each chunk's offset and length in the input. */
  offsets: number[];
  lengths: number[];
}

/** Boxes whose creation and modification times are zeroed: when the clip was recorded is the post's, not the file's. */
const TIMED_BOXES = new Set(["mvhd", "tkhd", "mdhd"]);
const MOVIE_KEPT = new Set(["mvhd", "trak"]);
const TRACK_KEPT = new Set(["tkhd", "edts", "mdia"]);
const MEDIA_KEPT = new Set(["mdhd", "hdlr", "minf", "elng"]);
const MEDIA_INFO_KEPT = new Set(["vmhd", "smhd", "hdlr", "dinf", "stbl"]);
// Sample tables. `saiz`/`saio` (encryption) hold file offsets and go; encrypted entries are refused anyway.
const SAMPLE_TABLE_KEPT = new Set(["stsd", "stts", "ctts", "cslg", "stss", "stps", "sdtp", "stsc", "stsz", "stco", "co64", "sgpd", "sbgp", "subs"]);
/** Sample entries by handler: H.264 and HEVC pictures, AAC sound. */
const SAMPLE_ENTRIES: Record<string, Set<string>> = { vide: new Set(["avc1", "avc3", "hvc1", "hev1"]), soun: new Set(["mp4a"]) };
/** Fragmented MP4 (what a browser's MediaRecorder or a stream writes) places samples by offsets in `moof`: not handled. */
const FRAGMENTED = new Set(["moof", "mvex", "sidx", "styp", "mfra"]);

function stripMp4(bytes: Uint8Array): Omit<StrippedVideo, "contentType"> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Never longer than the input: boxes are only removed, and an mdat's header only shortened.
  const out = strippedVideo(bytes.length);
  const top = boxesIn(bytes, view, 0, bytes.length, out, true);
  if (top[0]?.type !== "ftyp") fail("no ftyp box first");
  const movies = top.filter((box) => box.type === "moov");
  if (movies.length !== 1) fail("not one moov box");
  if (top.some((box) => FRAGMENTED.has(box.type))) throw new UnsupportedVideoCodecError("fragmented MP4");
  const movie = readMovie(bytes, view, movies[0], out);

  // Written in the input's order, so moov before mdat stays so (a browser can start playing early).
  const mdats: { inPayload: number; inEnd: number; outPayload: number }[] = [];
  for (const box of top) {
    if (box.type === "ftyp") out.keep(bytes, box.start, box.end);
    else if (box.type === "moov") writeBox(bytes, view, movie.box, out);
    else if (box.type === "mdat") {
      const length = box.end - box.payload;
      const header = new Uint8Array(8);
      new DataView(header.buffer).setUint32(0, 8 + length);
      header.set([0x6d, 0x64, 0x61, 0x74], 4);
      out.keep(header);
      // Only the kept tracks' samples are copied in: the rest (another track's samples, such as
      // timed location, and any bytes between samples) stays zero.
      mdats.push({ inPayload: box.payload, inEnd: box.end, outPayload: out.reserve(length) });
    }
  }

  const written = out.bytes;
  const outView = new DataView(written.buffer, written.byteOffset, written.byteLength);
  for (const table of movie.chunkTables) {
    for (let i = 0; i < table.offsets.length; i++) {
      const from = table.offsets[i];
      const to = from + table.lengths[i];
      const mdat = mdatHolding(mdats, from, to);
      const moved = mdat.outPayload + (from - mdat.inPayload);
      out.copyTo(bytes, from, to, moved);
      if (table.wide) outView.setBigUint64(table.outAt + 8 * i, BigInt(moved));
      else outView.setUint32(table.outAt + 4 * i, moved);
    }
  }
  return { bytes: written, seconds: movie.seconds };
}

/** The mdat whose payload holds [from, to) (mdats are in file order): samples elsewhere are refused. */
function mdatHolding<T extends { inPayload: number; inEnd: number }>(mdats: T[], from: number, to: number): T {
  let low = 0;
  let high = mdats.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const mdat = mdats[middle];
    if (from < mdat.inPayload) high = middle - 1;
    else if (from >= mdat.inEnd) low = middle + 1;
    else {
      if (to > mdat.inEnd) break;
      return mdat;
    }
  }
  return fail("samples outside mdat");
}

/** Writes a box, copied whole or rebuilt from its kept children; zeroes times and places chunk tables. */
function writeBox(bytes: Uint8Array, view: DataView, node: OutBox, out: BoundedCopy) {
  const { box, children } = node;
  if (!children) {
    const at = out.keep(bytes, box.start, box.end);
    const payloadAt = at + (box.payload - box.start);
    if (TIMED_BOXES.has(box.type)) {
      const version = bytes[box.payload];
      out.bytes.fill(0, payloadAt + 4, payloadAt + (version === 1 ? 20 : 12));
    }
    // Entries follow version, flags and the entry count.
    if (node.chunks) node.chunks.outAt = payloadAt + 8;
    return;
  }
  const at = out.keep(bytes, box.start, box.start + 8);
  for (const child of children) writeBox(bytes, view, child, out);
  new DataView(out.bytes.buffer, out.bytes.byteOffset).setUint32(at, out.written - at);
}

interface Movie {
  box: OutBox;
  chunkTables: ChunkTable[];
  seconds: number;
}

/** Reads a full box's timescale and duration (mvhd, mdhd), in seconds. */
function durationOf(view: DataView, box: Box): number {
  const version = view.getUint8(box.payload);
  const timescale = view.getUint32(box.payload + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(view.getBigUint64(box.payload + 24)) : view.getUint32(box.payload + 16);
  if (box.end < box.payload + (version === 1 ? 32 : 20) || timescale === 0) fail("movie header without a timescale");
  return duration / timescale;
}

function readMovie(bytes: Uint8Array, view: DataView, moov: Box, out: BoundedCopy): Movie {
  const children: OutBox[] = [];
  const chunkTables: ChunkTable[] = [];
  let seconds = -1;
  let pictures = 0;
  let samples = 0;
  for (const box of boxesIn(bytes, view, moov.payload, moov.end, out)) {
    if (FRAGMENTED.has(box.type)) throw new UnsupportedVideoCodecError("fragmented MP4");
    if (!MOVIE_KEPT.has(box.type)) continue;
    if (box.type === "mvhd") {
      seconds = Math.max(seconds, durationOf(view, box));
      children.push({ box });
      continue;
    }
    const track = readTrack(bytes, view, box, out);
    if (!track) continue;
    samples += track.samples;
    if (samples > MAX_VIDEO_SAMPLES) throw new TooManyVideoPartsError(`more than ${MAX_VIDEO_SAMPLES} samples`);
    if (track.handler === "vide") pictures++;
    seconds = Math.max(seconds, track.seconds);
    chunkTables.push(track.chunks);
    children.push(track.box);
  }
  if (seconds < 0) fail("no movie header");
  if (pictures === 0) fail("no video track");
  return { box: { box: moov, children }, chunkTables, seconds };
}

interface Track {
  box: OutBox;
  handler: string;
  chunks: ChunkTable;
  samples: number;
  seconds: number;
}

const childrenOf = (bytes: Uint8Array, view: DataView, box: Box, out: BoundedCopy) => boxesIn(bytes, view, box.payload, box.end, out);
const only = (boxes: Box[], type: string): Box | undefined => {
  const found = boxes.filter((box) => box.type === type);
  if (found.length > 1) fail(`two ${type} boxes`);
  return found[0];
};

/** A picture or sound track with what it needs, or null for any other track (timed metadata, timecode, text), which is left out. */
function readTrack(bytes: Uint8Array, view: DataView, trak: Box, out: BoundedCopy): Track | null {
  const trackBoxes = childrenOf(bytes, view, trak, out);
  const mdia = only(trackBoxes, "mdia") ?? fail("track without media");
  const mediaBoxes = childrenOf(bytes, view, mdia, out);
  const hdlr = only(mediaBoxes, "hdlr") ?? fail("media without a handler");
  if (hdlr.end < hdlr.payload + 12) fail("short handler");
  const handler = fourCC(bytes, hdlr.payload + 8);
  if (!(handler in SAMPLE_ENTRIES)) return null;
  const mdhd = only(mediaBoxes, "mdhd") ?? fail("media without a header");
  const minf = only(mediaBoxes, "minf") ?? fail("media without information");
  const infoBoxes = childrenOf(bytes, view, minf, out);
  const dinf = only(infoBoxes, "dinf") ?? fail("media without data information");
  checkSelfContained(bytes, view, dinf, out);
  const stbl = only(infoBoxes, "stbl") ?? fail("media without sample tables");
  const tableBoxes = childrenOf(bytes, view, stbl, out);
  if (tableBoxes.some((box) => box.type === "stz2")) throw new UnsupportedVideoCodecError("compact sample sizes");
  checkSampleEntries(bytes, view, only(tableBoxes, "stsd") ?? fail("no sample descriptions"), SAMPLE_ENTRIES[handler], out);
  const offsets = tableBoxes.filter((box) => box.type === "stco" || box.type === "co64");
  if (offsets.length !== 1) fail("not one chunk offset table");
  const { chunks, samples } = chunkTable(view, only(tableBoxes, "stsc") ?? fail("no sample-to-chunk table"), only(tableBoxes, "stsz") ?? fail("no sample sizes"), offsets[0]);

  const kept = (boxes: Box[], allowed: Set<string>, rebuilt: Partial<Record<string, OutBox>>) =>
    boxes.filter((box) => allowed.has(box.type)).map((box) => rebuilt[box.type] ?? { box });
  const tableNode: OutBox = { box: stbl, children: kept(tableBoxes, SAMPLE_TABLE_KEPT, { [offsets[0].type]: { box: offsets[0], chunks } }) };
  const infoNode: OutBox = { box: minf, children: kept(infoBoxes, MEDIA_INFO_KEPT, { stbl: tableNode }) };
  const mediaNode: OutBox = { box: mdia, children: kept(mediaBoxes, MEDIA_KEPT, { minf: infoNode }) };
  return { box: { box: trak, children: kept(trackBoxes, TRACK_KEPT, { mdia: mediaNode }) }, handler, chunks, samples, seconds: durationOf(view, mdhd) };
}

/** Every data reference must say "in this file" (flag 1): one naming another file can hold its path. */
function checkSelfContained(bytes: Uint8Array, view: DataView, dinf: Box, out: BoundedCopy) {
  const dref = only(childrenOf(bytes, view, dinf, out), "dref") ?? fail("no data reference");
  if (dref.end < dref.payload + 8) fail("short data reference");
  const entries = boxesIn(bytes, view, dref.payload + 8, dref.end, out);
  if (entries.length === 0 || entries.some((entry) => entry.end < entry.payload + 4 || (bytes[entry.payload + 3] & 1) === 0)) {
    throw new UnsupportedVideoCodecError("data in another file");
  }
}

/** The sample descriptions must all be codecs we take (they are copied whole: codec configuration). */
function checkSampleEntries(bytes: Uint8Array, view: DataView, stsd: Box, allowed: Set<string>, out: BoundedCopy) {
  if (stsd.end < stsd.payload + 8) fail("short sample descriptions");
  const entries = boxesIn(bytes, view, stsd.payload + 8, stsd.end, out);
  if (entries.length === 0 || entries.length !== view.getUint32(stsd.payload + 4)) fail("sample description count");
  for (const entry of entries) if (!allowed.has(entry.type)) throw new UnsupportedVideoCodecError(entry.type);
}

/** Each chunk's offset and length from the sample-to-chunk, sample size and chunk offset tables. */
function chunkTable(view: DataView, stsc: Box, stsz: Box, offsets: Box): { chunks: ChunkTable; samples: number } {
  if (stsz.end < stsz.payload + 12 || stsc.end < stsc.payload + 8 || offsets.end < offsets.payload + 8) fail("short sample table");
  const sampleSize = view.getUint32(stsz.payload + 4);
  const sampleCount = view.getUint32(stsz.payload + 8);
  if (sampleCount > MAX_VIDEO_SAMPLES) throw new TooManyVideoPartsError(`more than ${MAX_VIDEO_SAMPLES} samples`);
  if (sampleSize === 0 && stsz.payload + 12 + 4 * sampleCount > stsz.end) fail("sample sizes run past their box");
  const wide = offsets.type === "co64";
  const chunkCount = view.getUint32(offsets.payload + 4);
  // Every chunk holds a sample at least, so this bounds the loop below by the sample bound.
  if (chunkCount > sampleCount) fail("more chunks than samples");
  if (offsets.payload + 8 + chunkCount * (wide ? 8 : 4) > offsets.end) fail("chunk offsets run past their box");
  const runs = view.getUint32(stsc.payload + 4);
  if (runs === 0 || stsc.payload + 8 + 12 * runs > stsc.end) fail("sample-to-chunk runs past its box");
  const runAt = (run: number) => stsc.payload + 8 + 12 * run;

  const chunks: ChunkTable = { wide, outAt: 0, offsets: [], lengths: [] };
  let run = 0;
  let sample = 0;
  if (view.getUint32(runAt(0)) !== 1) fail("sample-to-chunk does not start at chunk 1");
  for (let chunk = 1; chunk <= chunkCount; chunk++) {
    while (run + 1 < runs && view.getUint32(runAt(run + 1)) <= chunk) {
      if (view.getUint32(runAt(run + 1)) <= view.getUint32(runAt(run))) fail("sample-to-chunk out of order");
      run++;
    }
    const perChunk = view.getUint32(runAt(run) + 4);
    if (perChunk === 0 || sample + perChunk > sampleCount) fail("chunks list more samples than there are");
    let length = 0;
    if (sampleSize !== 0) length = perChunk * sampleSize;
    else for (let s = sample; s < sample + perChunk; s++) length += view.getUint32(stsz.payload + 12 + 4 * s);
    sample += perChunk;
    const offset = wide ? Number(view.getBigUint64(offsets.payload + 8 + 8 * (chunk - 1))) : view.getUint32(offsets.payload + 8 + 4 * (chunk - 1));
    chunks.offsets.push(offset);
    chunks.lengths.push(length);
  }
  if (sample !== sampleCount) fail("samples in no chunk");
  return { chunks, samples: sampleCount };
}

// ---- WebM (Matroska's EBML) ----

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Info: 0x1549a966,
  TimestampScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  CodecID: 0x86,
  Cues: 0x1c53bb6b,
  Cluster: 0x1f43b675,
  Timestamp: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  Void: 0xec,
  CRC32: 0xbf,
};
/**
 * Segment children kept as they are; Info and Tracks are kept with some of their children voided.
 * Tags (titles, locations, the encoder), Attachments (any file), Chapters (names) and anything
 * unknown are voided.
 */
const SEGMENT_KEPT = new Set([ID.SeekHead, ID.Cues, ID.Cluster, ID.Void, ID.CRC32]);
/** Info keeps the timing only: Title, MuxingApp, WritingApp (the software), DateUTC (when) and the UIDs go. */
const INFO_KEPT = new Set([ID.TimestampScale, ID.Duration]);
/** A TrackEntry's Name is voided; the rest of it says how to decode the track. */
const TRACK_NAME = 0x536e;
const WEBM_CODECS = new Set(["V_VP8", "V_VP9", "V_AV1", "A_OPUS", "A_VORBIS"]);
/** Elements that end an unknown-sized Cluster: the Segment's own children. */
const SEGMENT_LEVEL = new Set([ID.SeekHead, ID.Info, ID.Tracks, ID.Cues, ID.Cluster, 0x1254c367, 0x1941a469, 0x1043a770]);

interface Element {
  id: number;
  start: number;
  data: number;
  /** The end; for an unknown size, the end of its parent until its children say otherwise. */
  end: number;
  unknownSize: boolean;
}

/** The element at `at` (its ID with the length marker, its size without it), inside [at, limit). */
function elementAt(bytes: Uint8Array, at: number, limit: number): Element {
  const first = bytes[at];
  if (first === undefined || at >= limit) fail("element runs past its parent");
  const idLength = Math.clz32(first) - 23;
  if (idLength < 1 || idLength > 4 || at + idLength >= limit) fail("bad element id");
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[at + i];
  const sizeAt = at + idLength;
  const sizeFirst = bytes[sizeAt];
  const sizeLength = Math.clz32(sizeFirst) - 23;
  if (sizeLength < 1 || sizeLength > 8 || sizeAt + sizeLength > limit) fail("bad element size");
  let size = sizeFirst & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    size = size * 256 + bytes[sizeAt + i];
    allOnes &&= bytes[sizeAt + i] === 0xff;
  }
  const data = sizeAt + sizeLength;
  if (allOnes) return { id, start: at, data, end: limit, unknownSize: true };
  if (data + size > limit) fail("element runs past its parent");
  return { id, start: at, data, end: data + size, unknownSize: false };
}

const readUint = (bytes: Uint8Array, element: Element) => {
  if (element.end - element.data > 6) fail("integer too long");
  let value = 0;
  for (let i = element.data; i < element.end; i++) value = value * 256 + bytes[i];
  return value;
};

const readFloat = (view: DataView, element: Element) => {
  const length = element.end - element.data;
  if (length === 4) return view.getFloat32(element.data);
  if (length === 8) return view.getFloat64(element.data);
  return length === 0 ? 0 : fail("bad float");
};

const readText = (bytes: Uint8Array, element: Element) => String.fromCharCode(...bytes.subarray(element.data, Math.min(element.end, element.data + 32)));

/** Overwrites [start, end) of the output with one Void element of the same length (at least 2 bytes). */
function voidOut(out: Uint8Array, start: number, end: number) {
  const length = end - start;
  let sizeLength = 1;
  while (length - 1 - sizeLength >= 2 ** (7 * sizeLength) - 1) sizeLength++;
  let size = length - 1 - sizeLength;
  out.fill(0, start, end);
  out[start] = ID.Void;
  for (let i = sizeLength; i >= 1; i--) {
    out[start + i] = size % 256;
    size = Math.floor(size / 256);
  }
  out[start + 1] |= 0x80 >> (sizeLength - 1);
}

/** The children of [from, to), each counted. */
function elementsIn(bytes: Uint8Array, from: number, to: number, out: BoundedCopy): Element[] {
  const elements: Element[] = [];
  for (let at = from; at < to; ) {
    out.walked();
    const element = elementAt(bytes, at, to);
    if (element.unknownSize) fail("unknown size inside a sized element");
    elements.push(element);
    at = element.end;
  }
  return elements;
}

function stripWebm(bytes: Uint8Array): Omit<StrippedVideo, "contentType"> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = strippedVideo(bytes.length);
  out.walked();
  const header = elementAt(bytes, 0, bytes.length);
  if (header.id !== ID.EBML || header.unknownSize) fail("no EBML header");
  const docType = elementsIn(bytes, header.data, header.end, out).find((element) => element.id === ID.DocType);
  if (!docType || readText(bytes, docType).replace(/\0+$/, "") !== "webm") throw new UnsupportedVideoCodecError("not WebM");
  out.walked();
  const segment = elementAt(bytes, header.end, bytes.length);
  if (segment.id !== ID.Segment) fail("no segment after the header");
  // The file up to the segment's end is copied once; what goes is then voided in place, so every
  // position (SeekHead, Cues) stays right. Bytes after the segment are dropped.
  out.keep(bytes, 0, segment.end);
  const written = out.bytes;
  const voided = (element: Element) => voidOut(written, element.start, element.end);

  let scale = 1_000_000;
  let declaredDuration: number | null = null;
  let lastTimestamp = 0;
  for (let at = segment.data; at < segment.end; ) {
    out.walked();
    const element = elementAt(bytes, at, segment.end);
    if (element.id === ID.Cluster) {
      const cluster = readCluster(bytes, element, segment.end, out);
      lastTimestamp = Math.max(lastTimestamp, cluster.lastTimestamp);
      at = cluster.end;
      continue;
    }
    if (element.unknownSize) fail("unknown size outside a cluster");
    if (element.id === ID.Info) {
      for (const child of elementsIn(bytes, element.data, element.end, out)) {
        if (child.id === ID.TimestampScale) scale = readUint(bytes, child);
        else if (child.id === ID.Duration) declaredDuration = readFloat(view, child);
        if (!INFO_KEPT.has(child.id)) voided(child);
      }
    } else if (element.id === ID.Tracks) {
      for (const entry of elementsIn(bytes, element.data, element.end, out)) {
        if (entry.id !== ID.TrackEntry) continue;
        for (const child of elementsIn(bytes, entry.data, entry.end, out)) {
          if (child.id === TRACK_NAME) voided(child);
          else if (child.id === ID.CodecID && !WEBM_CODECS.has(readText(bytes, child).replace(/\0+$/, ""))) throw new UnsupportedVideoCodecError("WebM codec");
        }
      }
    } else if (!SEGMENT_KEPT.has(element.id)) voided(element);
    at = element.end;
  }
  const seconds = ((declaredDuration ?? lastTimestamp) * scale) / 1e9;
  return { bytes: written, seconds };
}

/**
 * Walks a cluster's children for the latest frame time (a browser's MediaRecorder writes no
 * duration); an unknown-sized cluster (MediaRecorder's again) ends where the next Segment-level
 * element starts.
 */
function readCluster(bytes: Uint8Array, cluster: Element, limit: number, out: BoundedCopy): { end: number; lastTimestamp: number } {
  let clusterTime = 0;
  let last = 0;
  let at = cluster.data;
  const end = cluster.unknownSize ? limit : cluster.end;
  while (at < end) {
    const child = elementAt(bytes, at, end);
    if (cluster.unknownSize && SEGMENT_LEVEL.has(child.id)) break;
    out.walked();
    if (child.unknownSize) fail("unknown size inside a cluster");
    if (child.id === ID.Timestamp) clusterTime = readUint(bytes, child);
    else if (child.id === ID.SimpleBlock) last = Math.max(last, clusterTime + blockTime(bytes, child));
    else if (child.id === ID.BlockGroup) {
      const block = elementsIn(bytes, child.data, child.end, out).find((element) => element.id === ID.Block);
      if (block) last = Math.max(last, clusterTime + blockTime(bytes, block));
    }
    at = child.end;
  }
  return { end: at, lastTimestamp: last };
}

/** A block's time relative to its cluster: a signed 16-bit number after the track number. */
function blockTime(bytes: Uint8Array, block: Element): number {
  const trackLength = Math.clz32(bytes[block.data]) - 23;
  const at = block.data + trackLength;
  if (trackLength < 1 || trackLength > 8 || at + 2 > block.end) fail("bad block");
  return ((bytes[at] << 24) >> 16) | bytes[at + 1];
}
