// Removes what phone videos carry besides the picture and the sound (where they were recorded, the
// phone, its software, the time) before a Live Look's video is stored (docs/live-looks.md#videos).
// Pure functions over bytes, no decoding: the samples are copied untouched. MP4 and QuickTime are
// rewritten from an allow-list of boxes, with the chunk offsets moved by what was removed before
// `mdat`, and a fragmented file's run offsets, segment and random access indexes with them; WebM's unwanted elements are overwritten by Void elements of the same length, so no
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
  /** Told where the box's payload went in the output, for a box copied whole whose offsets are fixed later. */
  placed?: (payloadAt: number) => void;
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
const MOVIE_KEPT = new Set(["mvhd", "trak", "mvex"]);
const TRACK_KEPT = new Set(["tkhd", "edts", "mdia"]);
const MEDIA_KEPT = new Set(["mdhd", "hdlr", "minf", "elng"]);
const MEDIA_INFO_KEPT = new Set(["vmhd", "smhd", "hdlr", "dinf", "stbl"]);
// Sample tables. `saiz`/`saio` (encryption) hold file offsets and go; encrypted entries are refused anyway.
const SAMPLE_TABLE_KEPT = new Set(["stsd", "stts", "ctts", "cslg", "stss", "stps", "sdtp", "stsc", "stsz", "stco", "co64", "sgpd", "sbgp", "subs"]);
/** Sample entries by handler: H.264 and HEVC pictures, AAC sound. */
const SAMPLE_ENTRIES: Record<string, Set<string>> = { vide: new Set(["avc1", "avc3", "hvc1", "hev1"]), soun: new Set(["mp4a"]) };
/**
 * A track fragment keeps what places and times its samples and the sample tables' own boxes;
 * `saiz`, `saio` and `senc` (encryption's auxiliary information, `saio` by file offsets), `udta`,
 * `meta` and anything unknown go.
 */
const TRACK_FRAGMENT_KEPT = new Set(["tfhd", "tfdt", "trun", "sdtp", "sbgp", "sgpd", "subs"]);

// Flags of `tfhd` and `trun` (ISO/IEC 14496-12 8.8.7, 8.8.8).
const BASE_DATA_OFFSET = 0x1;
const SAMPLE_DESCRIPTION_INDEX = 0x2;
const DEFAULT_SAMPLE_DURATION = 0x8;
const DEFAULT_SAMPLE_SIZE = 0x10;
const DEFAULT_SAMPLE_FLAGS = 0x20;
const DEFAULT_BASE_IS_MOOF = 0x20000;
const DATA_OFFSET = 0x1;
const FIRST_SAMPLE_FLAGS = 0x4;
const SAMPLE_DURATION = 0x100;
const SAMPLE_SIZE = 0x200;
const SAMPLE_FLAGS = 0x400;
const SAMPLE_COMPOSITION_OFFSET = 0x800;

/** Samples and index entries read so far, against MAX_VIDEO_SAMPLES (an entry names a sample or a fragment). */
interface Tally {
  samples: number;
}
function countSamples(tally: Tally, count: number) {
  tally.samples += count;
  if (tally.samples > MAX_VIDEO_SAMPLES) throw new TooManyVideoPartsError(`more than ${MAX_VIDEO_SAMPLES} samples`);
}

/** A top-level box read, to be written in the input's order. */
interface TopBox {
  box: Box;
  node?: OutBox;
  fragment?: Fragment;
  /** An `mfra`'s `mfro`: where its size of the `mfra` goes in the output. */
  randomAccessSizeAt?: { at: number };
}

function stripMp4(bytes: Uint8Array): Omit<StrippedVideo, "contentType"> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Never longer than the input: boxes are only removed, and an mdat's header only shortened.
  const out = strippedVideo(bytes.length);
  const tally: Tally = { samples: 0 };
  const top = boxesIn(bytes, view, 0, bytes.length, out, true);
  if (top[0]?.type !== "ftyp") fail("no ftyp box first");
  const movies = top.filter((box) => box.type === "moov");
  if (movies.length !== 1) fail("not one moov box");
  const movie = readMovie(bytes, view, movies[0], out, tally);

  // Everything is read before anything is written, so a file refused while read never costs the output buffer.
  // Top-level boxes kept: ftyp, moov, mdat and fragmented MP4's styp, sidx, moof and mfra (what a
  // browser's MediaRecorder and some phones write). prft (the wall-clock time a fragment was made),
  // emsg (any message), ssix (byte ranges inside fragments, which their rebuilding would break) go.
  const read: TopBox[] = [];
  const indexes: SegmentIndex[] = [];
  const randomAccess: RandomAccessTable[] = [];
  const fragments = new Map<number, Fragment>();
  for (const box of top) {
    if (box.type === "moov") read.push({ box, node: movie.box });
    else if (box.type === "moof") {
      if (!movie.fragmented) fail("movie fragment without mvex");
      const fragment = readFragment(bytes, view, box, movie.tracks, out, tally);
      fragments.set(box.start, fragment);
      read.push({ box, node: fragment.node, fragment });
    } else if (box.type === "sidx") {
      const index = readSegmentIndex(view, box, tally);
      indexes.push(index);
      read.push({ box, node: { box, placed: (at) => void (index.outAt = at) } });
    } else if (box.type === "mfra") {
      const access = readRandomAccess(bytes, view, box, movie.tracks, out, tally);
      randomAccess.push(...access.tables);
      read.push({ box, node: access.node, randomAccessSizeAt: access.sizeAt });
    } else read.push({ box }); // ftyp, styp and mdat are written below, anything else left out.
  }

  // Written in the input's order, so moov before mdat stays so (a browser can start playing early).
  const mdats: { inPayload: number; inEnd: number; outPayload: number }[] = [];
  /** Where each top-level box of the input starts in the output (a removed one: where the next box went). */
  const placedAt = new Map<number, number>();
  const outView = () => new DataView(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength);
  for (const { box, node, fragment, randomAccessSizeAt } of read) {
    placedAt.set(box.start, out.written);
    if (box.type === "mdat") {
      const length = box.end - box.payload;
      const header = new Uint8Array(8);
      new DataView(header.buffer).setUint32(0, 8 + length);
      header.set([0x6d, 0x64, 0x61, 0x74], 4);
      out.keep(header);
      // Only the kept tracks' samples are copied in: the rest (another track's samples, such as
      // timed location, and any bytes between samples) stays zero.
      mdats.push({ inPayload: box.payload, inEnd: box.end, outPayload: out.reserve(length) });
    } else if (node) {
      if (fragment) fragment.outStart = out.written;
      const at = out.written;
      writeBox(bytes, node, out);
      if (randomAccessSizeAt) outView().setUint32(randomAccessSizeAt.at, out.written - at);
    } else if (box.type === "ftyp" || box.type === "styp") out.keep(bytes, box.start, box.end);
  }
  placedAt.set(bytes.length, out.written);

  const written = out.bytes;
  const outBytes = outView();
  /**
   * Copies [from, to) of the input to where it now is, inside its mdat; returns that position.
   * Samples never share bytes, so more bytes copied than the file has means tables pointing at the
   * same bytes again and again (a crafted file could make 100,000 copies of 25 MB so): refused.
   */
  let copied = 0;
  const moveSamples = (from: number, to: number) => {
    copied += to - from;
    if (copied > bytes.length) fail("samples listed more than once");
    const mdat = mdatHolding(mdats, from, to);
    const moved = mdat.outPayload + (from - mdat.inPayload);
    out.copyTo(bytes, from, to, moved);
    return moved;
  };
  for (const table of movie.chunkTables) {
    for (let i = 0; i < table.offsets.length; i++) {
      const moved = moveSamples(table.offsets[i], table.offsets[i] + table.lengths[i]);
      if (table.wide) outBytes.setBigUint64(table.outAt + 8 * i, BigInt(moved));
      else outBytes.setUint32(table.outAt + 4 * i, moved);
    }
  }
  for (const fragment of fragments.values()) placeFragment(fragment, outBytes, moveSamples);
  for (const index of indexes) placeSegmentIndex(index, outBytes, placedAt);
  for (const table of randomAccess) placeRandomAccess(bytes, table, outBytes, fragments);
  return { bytes: written, seconds: movie.seconds() };
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

/** Writes a box, copied whole or rebuilt from its kept children; zeroes times and tells `placed` where it went. */
function writeBox(bytes: Uint8Array, node: OutBox, out: BoundedCopy) {
  const { box, children } = node;
  if (!children) {
    const at = out.keep(bytes, box.start, box.end);
    const payloadAt = at + (box.payload - box.start);
    if (TIMED_BOXES.has(box.type)) {
      const version = bytes[box.payload];
      out.bytes.fill(0, payloadAt + 4, payloadAt + (version === 1 ? 20 : 12));
    }
    node.placed?.(payloadAt);
    return;
  }
  const at = out.keep(bytes, box.start, box.start + 8);
  for (const child of children) writeBox(bytes, child, out);
  new DataView(out.bytes.buffer, out.bytes.byteOffset).setUint32(at, out.written - at);
}

/** What fragments need of a track: whether it is kept, its timescale, trex's defaults, and its times so far. */
interface TrackInfo {
  kept: boolean;
  timescale: number;
  /** trex's default sample duration and size, when mvex lists the track. */
  defaults?: { duration: number; size: number };
  /** In the track's timescale: where its samples start (the first tfdt, or 0 with samples in moov), end, and the next fragment starts. */
  start?: number;
  end: number;
  next: number;
  /** The durations of its samples added up (stts, then every trun), whatever tfdt and the headers say (docs/live-looks.md#length). */
  played: number;
}

interface Movie {
  box: OutBox;
  chunkTables: ChunkTable[];
  tracks: Map<number, TrackInfo>;
  /** Whether moov has mvex: its samples may go on in movie fragments. */
  fragmented: boolean;
  /** The length, once every fragment is read. */
  seconds: () => number;
}

/**
 * A full box's version, once its payload is shown to hold `length0` bytes (version 0) or `length1`
 * (version 1), its version and flags included: a box cut short may end the file, so its version
 * is not read before it is known to be there (docs/live-looks.md#crafted-files).
 */
function fullBoxVersion(view: DataView, box: Box, length0: number, length1: number): number {
  if (box.end < box.payload + 4) fail(`short ${box.type}`);
  const version = view.getUint8(box.payload);
  if (box.end < box.payload + (version === 1 ? length1 : length0)) fail(`short ${box.type}`);
  return version;
}

/** A full box's timescale and duration (mvhd, mdhd). */
function timingOf(view: DataView, box: Box): { timescale: number; duration: number } {
  const version = fullBoxVersion(view, box, 20, 32);
  const timescale = view.getUint32(box.payload + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(view.getBigUint64(box.payload + 24)) : view.getUint32(box.payload + 16);
  if (timescale === 0) fail("movie header without a timescale");
  return { timescale, duration };
}

function readMovie(bytes: Uint8Array, view: DataView, moov: Box, out: BoundedCopy, tally: Tally): Movie {
  const children: OutBox[] = [];
  const chunkTables: ChunkTable[] = [];
  const tracks = new Map<number, TrackInfo>();
  let header: { timescale: number; duration: number } | null = null;
  let seconds = 0;
  let pictures = 0;
  /** The longest edit list, in the movie's timescale. */
  let edits = 0;
  let extends_: OutBox | null = null;
  for (const box of boxesIn(bytes, view, moov.payload, moov.end, out)) {
    if (!MOVIE_KEPT.has(box.type)) continue;
    if (box.type === "mvhd") {
      if (header) fail("two movie headers");
      header = timingOf(view, box);
      children.push({ box });
    } else if (box.type === "mvex") {
      if (extends_) fail("two movie extends boxes");
      extends_ = { box, children: [] };
      children.push(extends_);
    } else {
      const { id, info, track } = readTrack(bytes, view, box, out, tally);
      if (tracks.has(id)) fail("two tracks with one id");
      tracks.set(id, info);
      if (!track) continue;
      countSamples(tally, track.samples);
      if (track.handler === "vide") pictures++;
      seconds = Math.max(seconds, track.seconds);
      edits = Math.max(edits, track.edits);
      chunkTables.push(track.chunks);
      children.push(track.box);
    }
  }
  if (!header) return fail("no movie header");
  if (pictures === 0) fail("no video track");
  const movieTimescale = header.timescale;
  seconds = Math.max(seconds, header.duration / movieTimescale, edits / movieTimescale);
  if (extends_) seconds = Math.max(seconds, readMovieExtends(bytes, view, extends_, tracks, out) / movieTimescale);
  const fragmentSeconds = () => Math.max(...[...tracks.values()].map((track) => (track.kept ? Math.max(track.end - (track.start ?? 0), track.played) / track.timescale : 0)));
  return { box: { box: moov, children }, chunkTables, tracks, fragmented: extends_ !== null, seconds: () => Math.max(seconds, fragmentSeconds()) };
}

/**
 * Keeps mvex's `mehd` (the whole length, returned in the movie's timescale) and the kept tracks'
 * `trex` (their samples' defaults, noted in `tracks`); `leva`, `trep` and anything else go.
 */
function readMovieExtends(bytes: Uint8Array, view: DataView, node: OutBox, tracks: Map<number, TrackInfo>, out: BoundedCopy): number {
  let duration = 0;
  for (const box of childrenOf(bytes, view, node.box, out)) {
    if (box.type === "mehd") {
      const wide = fullBoxVersion(view, box, 8, 12) === 1;
      duration = wide ? Number(view.getBigUint64(box.payload + 4)) : view.getUint32(box.payload + 4);
      node.children!.push({ box });
    } else if (box.type === "trex") {
      if (box.end < box.payload + 24) fail("short track extends box");
      const track = tracks.get(view.getUint32(box.payload + 4)) ?? fail("track extends box of no track");
      if (!track.kept) continue;
      if (track.defaults) fail("two track extends boxes for one track");
      track.defaults = { duration: view.getUint32(box.payload + 12), size: view.getUint32(box.payload + 16) };
      node.children!.push({ box });
    }
  }
  return duration;
}

interface Track {
  box: OutBox;
  handler: string;
  chunks: ChunkTable;
  samples: number;
  /** The larger of mdhd's duration and its samples' (stts), in seconds. */
  seconds: number;
  /** Its edit list's length (elst's segment durations added up), in the movie's timescale. */
  edits: number;
}

const childrenOf = (bytes: Uint8Array, view: DataView, box: Box, out: BoundedCopy) => boxesIn(bytes, view, box.payload, box.end, out);
const only = (boxes: Box[], type: string): Box | undefined => {
  const found = boxes.filter((box) => box.type === type);
  if (found.length > 1) fail(`two ${type} boxes`);
  return found[0];
};
/** The boxes whose types are allowed, each as `rebuilt` gives it or copied whole. */
const kept = (boxes: Box[], allowed: Set<string>, rebuilt: (box: Box) => OutBox | undefined = () => undefined): OutBox[] =>
  boxes.filter((box) => allowed.has(box.type)).map((box) => rebuilt(box) ?? { box });

/**
 * A track's id and what fragments need of it, and for a picture or sound track what it needs
 * (`track`); any other track (timed metadata, timecode, text) is left out (`track` null).
 */
function readTrack(bytes: Uint8Array, view: DataView, trak: Box, out: BoundedCopy, tally: Tally): { id: number; info: TrackInfo; track: Track | null } {
  const trackBoxes = childrenOf(bytes, view, trak, out);
  const tkhd = only(trackBoxes, "tkhd") ?? fail("track without a header");
  const idAt = tkhd.payload + (fullBoxVersion(view, tkhd, 16, 24) === 1 ? 20 : 12);
  const id = view.getUint32(idAt);
  const mdia = only(trackBoxes, "mdia") ?? fail("track without media");
  const mediaBoxes = childrenOf(bytes, view, mdia, out);
  const hdlr = only(mediaBoxes, "hdlr") ?? fail("media without a handler");
  if (hdlr.end < hdlr.payload + 12) fail("short handler");
  const handler = fourCC(bytes, hdlr.payload + 8);
  if (!(handler in SAMPLE_ENTRIES)) return { id, info: { kept: false, timescale: 1, end: 0, next: 0, played: 0 }, track: null };
  const mdhd = only(mediaBoxes, "mdhd") ?? fail("media without a header");
  const timing = timingOf(view, mdhd);
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
  const played = decodingTime(view, only(tableBoxes, "stts") ?? fail("no decoding times"), samples);
  const edts = only(trackBoxes, "edts");
  const edits = edts ? editListLength(bytes, view, edts, out, tally) : 0;

  const tableNode: OutBox = {
    box: stbl,
    // Entries follow version, flags and the entry count.
    children: kept(tableBoxes, SAMPLE_TABLE_KEPT, (box) => (box === offsets[0] ? { box, placed: (at) => void (chunks.outAt = at + 8) } : undefined)),
  };
  const infoNode: OutBox = { box: minf, children: kept(infoBoxes, MEDIA_INFO_KEPT, (box) => (box === stbl ? tableNode : undefined)) };
  const mediaNode: OutBox = { box: mdia, children: kept(mediaBoxes, MEDIA_KEPT, (box) => (box === minf ? infoNode : undefined)) };
  // Fragments go on from the samples in moov (mdhd's duration is theirs) or, with none, from the first tfdt.
  const info: TrackInfo = { kept: true, timescale: timing.timescale, start: samples > 0 ? 0 : undefined, end: timing.duration, next: timing.duration, played };
  const seconds = Math.max(timing.duration, played) / timing.timescale;
  const track = { box: { box: trak, children: kept(trackBoxes, TRACK_KEPT, (box) => (box === mdia ? mediaNode : undefined)) }, handler, chunks, samples, seconds, edits };
  return { id, info, track };
}

/**
 * The samples' durations in stts added up (ISO/IEC 14496-12 8.6.1.2): how long the track plays,
 * whatever mdhd says. Its entries must name each sample once; each names one at least, so there
 * are no more entries than samples (bounded by MAX_VIDEO_SAMPLES).
 */
function decodingTime(view: DataView, stts: Box, samples: number): number {
  if (stts.end < stts.payload + 8) fail("short decoding times");
  const entries = view.getUint32(stts.payload + 4);
  if (entries > samples || stts.payload + 8 + 8 * entries > stts.end) fail("decoding times run past their box");
  let named = 0;
  let time = 0;
  for (let at = stts.payload + 8; at < stts.payload + 8 + 8 * entries; at += 8) {
    const count = view.getUint32(at);
    named += count;
    time += count * view.getUint32(at + 4);
  }
  if (named !== samples) fail("decoding times for more or fewer samples than there are");
  return time;
}

/**
 * An edit list's length (8.6.6: each edit's segment_duration, in the movie's timescale, empty
 * edits and held frames included): it can make a track play longer than its samples.
 */
function editListLength(bytes: Uint8Array, view: DataView, edts: Box, out: BoundedCopy, tally: Tally): number {
  const elst = only(childrenOf(bytes, view, edts, out), "elst");
  if (!elst) return 0;
  const wide = fullBoxVersion(view, elst, 8, 8) === 1;
  const entryLength = wide ? 20 : 12;
  const entries = view.getUint32(elst.payload + 4);
  if (elst.payload + 8 + entryLength * entries > elst.end) fail("edit list runs past its box");
  countSamples(tally, entries);
  let length = 0;
  for (let at = elst.payload + 8; at < elst.payload + 8 + entryLength * entries; at += entryLength) length += wide ? Number(view.getBigUint64(at)) : view.getUint32(at);
  return length;
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

/**
 * Each chunk's offset and length from the sample-to-chunk, sample size and chunk offset tables. A
 * fragmented file's moov may list no samples at all (empty tables: they are all in fragments).
 */
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
  if ((runs === 0 && chunkCount > 0) || stsc.payload + 8 + 12 * runs > stsc.end) fail("sample-to-chunk runs past its box");
  const runAt = (run: number) => stsc.payload + 8 + 12 * run;

  const chunks: ChunkTable = { wide, outAt: 0, offsets: [], lengths: [] };
  let run = 0;
  let sample = 0;
  if (chunkCount > 0 && view.getUint32(runAt(0)) !== 1) fail("sample-to-chunk does not start at chunk 1");
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

// Fragmented MP4 (ISO/IEC 14496-12 8.8, 8.16.3): after moov (with mvex), pairs of moof (where and
// how long each sample of a fragment is) and mdat (the samples), optionally segment indexes (sidx)
// and a random access index at the end (mfra). Every offset in them is fixed for the output
// (docs/live-looks.md#fragmented-mp4).

/** One track run: its samples' bytes [from, from + length) in the input. */
interface TrackRun {
  from: number;
  length: number;
  /** Where its data_offset is in the output, set when written. */
  outAt: number;
}

interface TrackFragment {
  runs: TrackRun[];
  /** Where tfhd's base_data_offset is in the output, when it has one. */
  baseAt: number | null;
}

interface Fragment {
  node: OutBox;
  trafs: TrackFragment[];
  /** For each traf of the input, its track and its number (from 1) in the output, or 0 when left out: tfra names trafs so. */
  trafNumbers: number[];
  trafTracks: number[];
  /** Each track's first traf in the moof (its index in trafTracks): one lookup per tfra entry, however many trafs the moof has. */
  firstTrafOf: Map<number, number>;
  /** Where the moof starts in the output, set when written. */
  outStart: number;
}

/** A moof with its header and its kept tracks' fragments; another track's traf goes (its samples stay zero). */
function readFragment(bytes: Uint8Array, view: DataView, moof: Box, tracks: Map<number, TrackInfo>, out: BoundedCopy, tally: Tally): Fragment {
  const boxes = childrenOf(bytes, view, moof, out);
  if (!only(boxes, "mfhd")) fail("movie fragment without a header");
  const fragment: Fragment = { node: { box: moof, children: [] }, trafs: [], trafNumbers: [], trafTracks: [], firstTrafOf: new Map(), outStart: 0 };
  for (const box of boxes) {
    if (box.type === "mfhd") fragment.node.children!.push({ box });
    if (box.type !== "traf") continue;
    const { trackId, traf } = readTrackFragment(bytes, view, box, moof, fragment.trafNumbers.length === 0, tracks, out, tally);
    if (traf) {
      fragment.node.children!.push(traf.node);
      fragment.trafs.push(traf.fragment);
    }
    if (!fragment.firstTrafOf.has(trackId)) fragment.firstTrafOf.set(trackId, fragment.trafTracks.length);
    fragment.trafNumbers.push(traf ? fragment.trafs.length : 0);
    fragment.trafTracks.push(trackId);
  }
  return fragment;
}

/**
 * A traf's track and, for a kept track, where each run's samples are in the input, by the rules of ISO/IEC
 * 14496-12 8.8.7-8.8.8. A run's samples start at the base plus its data_offset; the base is tfhd's
 * base_data_offset (a file offset) when given, else the moof's first byte when default-base-is-moof
 * is set or the traf is the moof's first. A later traf with neither takes the end of the previous
 * traf's data, and a run without data_offset goes on after the previous run: both place samples by
 * other tracks' data (possibly a removed track's), which the output could not keep true, so they
 * are refused. ffmpeg never makes them, nor (as far as we know) browsers' MediaRecorder.
 */
function readTrackFragment(
  bytes: Uint8Array,
  view: DataView,
  traf: Box,
  moof: Box,
  first: boolean,
  tracks: Map<number, TrackInfo>,
  out: BoundedCopy,
  tally: Tally,
): { trackId: number; traf: { node: OutBox; fragment: TrackFragment } | null } {
  const boxes = childrenOf(bytes, view, traf, out);
  const tfhd = only(boxes, "tfhd") ?? fail("track fragment without a header");
  if (tfhd.end < tfhd.payload + 8) fail("short track fragment header");
  const flags = view.getUint32(tfhd.payload) & 0xffffff;
  const trackId = view.getUint32(tfhd.payload + 4);
  const track = tracks.get(trackId) ?? fail("fragment of no track");
  if (!track.kept) return { trackId, traf: null };
  const fieldLengths = [
    [BASE_DATA_OFFSET, 8],
    [SAMPLE_DESCRIPTION_INDEX, 4],
    [DEFAULT_SAMPLE_DURATION, 4],
    [DEFAULT_SAMPLE_SIZE, 4],
    [DEFAULT_SAMPLE_FLAGS, 4],
  ];
  if (tfhd.end < tfhd.payload + 8 + fieldLengths.reduce((sum, [flag, length]) => sum + (flags & flag ? length : 0), 0)) fail("short track fragment header");
  let at = tfhd.payload + 8;
  const field = (flag: number, length: number) => {
    if (!(flags & flag)) return undefined;
    at += length;
    return length === 8 ? Number(view.getBigUint64(at - 8)) : view.getUint32(at - 4);
  };
  const base = field(BASE_DATA_OFFSET, 8) ?? (flags & DEFAULT_BASE_IS_MOOF || first ? moof.start : fail("track fragment placed by the previous one's data"));
  field(SAMPLE_DESCRIPTION_INDEX, 4);
  const defaultDuration = field(DEFAULT_SAMPLE_DURATION, 4) ?? track.defaults?.duration;
  const defaultSize = field(DEFAULT_SAMPLE_SIZE, 4) ?? track.defaults?.size;

  const tfdt = only(boxes, "tfdt");
  let time = track.next;
  if (tfdt) {
    const wide = fullBoxVersion(view, tfdt, 8, 12) === 1;
    time = wide ? Number(view.getBigUint64(tfdt.payload + 4)) : view.getUint32(tfdt.payload + 4);
  }
  track.start ??= time;

  const fragment: TrackFragment = { runs: [], baseAt: null };
  const nodes = new Map<Box, OutBox>();
  nodes.set(tfhd, { box: tfhd, placed: flags & BASE_DATA_OFFSET ? (payloadAt) => void (fragment.baseAt = payloadAt + 8) : undefined });
  for (const trun of boxes.filter((box) => box.type === "trun")) {
    if (trun.end < trun.payload + 8) fail("short track run");
    const runFlags = view.getUint32(trun.payload) & 0xffffff;
    const count = view.getUint32(trun.payload + 4);
    if (!(runFlags & DATA_OFFSET)) fail("track run placed by the previous one's data");
    countSamples(tally, count);
    const entries = trun.payload + 12 + (runFlags & FIRST_SAMPLE_FLAGS ? 4 : 0);
    const perSample = [SAMPLE_DURATION, SAMPLE_SIZE, SAMPLE_FLAGS, SAMPLE_COMPOSITION_OFFSET].filter((flag) => runFlags & flag).length * 4;
    if (entries + count * perSample > trun.end) fail("track run runs past its box");
    // Each sample's duration, then its size, when the run lists them; else the defaults for all.
    const sum = (flag: number, offset: number, fallback: number | undefined) => {
      if (!(runFlags & flag)) return count === 0 ? 0 : count * (fallback ?? fail("no default for a sample"));
      let total = 0;
      for (let i = 0; i < count; i++) total += view.getUint32(entries + i * perSample + offset);
      return total;
    };
    const durations = sum(SAMPLE_DURATION, 0, defaultDuration);
    time += durations;
    track.played += durations;
    const run: TrackRun = { from: base + view.getInt32(trun.payload + 8), length: sum(SAMPLE_SIZE, runFlags & SAMPLE_DURATION ? 4 : 0, defaultSize), outAt: 0 };
    fragment.runs.push(run);
    nodes.set(trun, { box: trun, placed: (payloadAt) => void (run.outAt = payloadAt + 8) });
  }
  track.next = time;
  track.end = Math.max(track.end, time);
  return { trackId, traf: { node: { box: traf, children: kept(boxes, TRACK_FRAGMENT_KEPT, (box) => nodes.get(box)) }, fragment } };
}

/**
 * Moves a fragment's samples to where their mdat now is and rewrites its offsets: in the output
 * every kept traf's base is the moof's new first byte (tfhd's base_data_offset, when it has one,
 * is set to it; default-base-is-moof and the first traf take it anyway), and each run's data_offset
 * is its samples' new place less that base.
 */
function placeFragment(fragment: Fragment, out: DataView, moveSamples: (from: number, to: number) => number) {
  for (const traf of fragment.trafs) {
    if (traf.baseAt !== null) out.setBigUint64(traf.baseAt, BigInt(fragment.outStart));
    for (const run of traf.runs) {
      // A run of no samples reads nothing: its offset is left at the base.
      const offset = run.length === 0 ? 0 : moveSamples(run.from, run.from + run.length) - fragment.outStart;
      if (offset > 0x7fffffff) fail("samples too far from their fragment");
      out.setInt32(run.outAt, offset);
    }
  }
}

/** A sidx copied whole: the input positions its references start and end at (the first from its own end plus first_offset). */
interface SegmentIndex {
  box: Box;
  wide: boolean;
  bounds: number[];
  /** Where the payload is in the output, set when written. */
  outAt: number;
}

function readSegmentIndex(view: DataView, box: Box, tally: Tally): SegmentIndex {
  const wide = fullBoxVersion(view, box, 24, 32) === 1;
  const firstAt = box.payload + 12 + (wide ? 8 : 4);
  const references = firstAt + (wide ? 8 : 4) + 4;
  const count = view.getUint16(references - 2);
  if (references + 12 * count > box.end) fail("segment index runs past its box");
  countSamples(tally, count);
  const bounds = [box.end + (wide ? Number(view.getBigUint64(firstAt)) : view.getUint32(firstAt))];
  for (let i = 0; i < count; i++) bounds.push(bounds[i] + (view.getUint32(references + 12 * i) & 0x7fffffff));
  return { box, wide, bounds, outAt: 0 };
}

/**
 * A sidx's first_offset (from the sidx's own end) and referenced sizes are distances between
 * top-level boxes (a moof and its mdat, or another sidx). Removed boxes and rebuilt moofs change
 * them, so each is recomputed from where those boxes now start; a reference that does not start and
 * end at a top-level box is refused.
 */
function placeSegmentIndex(index: SegmentIndex, out: DataView, placedAt: Map<number, number>) {
  const moved = index.bounds.map((bound) => placedAt.get(bound) ?? fail("segment index pointing inside a box"));
  const payload = index.outAt;
  const firstAt = payload + 12 + (index.wide ? 8 : 4);
  const first = moved[0] - (payload + index.box.end - index.box.payload);
  if (index.wide) out.setBigUint64(firstAt, BigInt(first));
  else out.setUint32(firstAt, first);
  const references = firstAt + (index.wide ? 8 : 4) + 4;
  for (let i = 0; i + 1 < moved.length; i++) {
    const at = references + 12 * i;
    out.setUint32(at, (out.getUint32(at) & 0x80000000) | (moved[i + 1] - moved[i]));
  }
}

/** A kept track's tfra: each entry's moof offset and traf number are fixed once the moofs are placed. */
interface RandomAccessTable {
  box: Box;
  trackId: number;
  wide: boolean;
  trafLength: number;
  entryLength: number;
  count: number;
  outAt: number;
}

/** mfra keeps the kept tracks' tfra and its mfro (last: the mfra's size, rewritten when written). */
function readRandomAccess(
  bytes: Uint8Array,
  view: DataView,
  mfra: Box,
  tracks: Map<number, TrackInfo>,
  out: BoundedCopy,
  tally: Tally,
): { node: OutBox; tables: RandomAccessTable[]; sizeAt: { at: number } } {
  const boxes = childrenOf(bytes, view, mfra, out);
  const mfro = boxes.at(-1);
  if (mfro?.type !== "mfro" || mfro.end < mfro.payload + 8) fail("random access index without its offset box last");
  const sizeAt = { at: 0 };
  const tables: RandomAccessTable[] = [];
  const children: OutBox[] = [];
  for (const box of boxes) {
    if (box === mfro) children.push({ box, placed: (payloadAt) => void (sizeAt.at = payloadAt + 4) });
    if (box.type !== "tfra") continue;
    if (box.end < box.payload + 16) fail("short random access table");
    const trackId = view.getUint32(box.payload + 4);
    const track = tracks.get(trackId) ?? fail("random access table of no track");
    if (!track.kept) continue;
    const wide = view.getUint8(box.payload) === 1;
    const lengths = view.getUint32(box.payload + 8);
    const trafLength = ((lengths >> 4) & 3) + 1;
    const entryLength = (wide ? 16 : 8) + trafLength + ((lengths >> 2) & 3) + 1 + (lengths & 3) + 1;
    const count = view.getUint32(box.payload + 12);
    if (box.payload + 16 + count * entryLength > box.end) fail("random access table runs past its box");
    countSamples(tally, count);
    const table: RandomAccessTable = { box, trackId, wide, trafLength, entryLength, count, outAt: 0 };
    tables.push(table);
    children.push({ box, placed: (payloadAt) => void (table.outAt = payloadAt) });
  }
  return { node: { box: mfra, children }, tables, sizeAt };
}

/**
 * Each tfra entry's moof_offset (a file offset) becomes the moof's new place, and its traf_number
 * the number among the kept trafs of the traf it names, when that is one of the table's track;
 * else (ffmpeg writes 1 for every track) of the moof's first traf of that track. A moof without one
 * is refused.
 */
function placeRandomAccess(bytes: Uint8Array, table: RandomAccessTable, out: DataView, fragments: Map<number, Fragment>) {
  const input = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offsetLength = table.wide ? 8 : 4;
  for (let i = 0; i < table.count; i++) {
    const inAt = table.box.payload + 16 + i * table.entryLength;
    const outAt = table.outAt + 16 + i * table.entryLength;
    const moofAt = inAt + offsetLength;
    const fragment = fragments.get(table.wide ? Number(input.getBigUint64(moofAt)) : input.getUint32(moofAt)) ?? fail("random access entry pointing at no fragment");
    if (table.wide) out.setBigUint64(outAt + offsetLength, BigInt(fragment.outStart));
    else out.setUint32(outAt + offsetLength, fragment.outStart);
    const trafAt = moofAt + offsetLength;
    let traf = 0;
    for (let b = 0; b < table.trafLength; b++) traf = traf * 256 + bytes[trafAt + b];
    const named = fragment.trafTracks[traf - 1] === table.trackId ? traf - 1 : fragment.firstTrafOf.get(table.trackId);
    let number = (named !== undefined && fragment.trafNumbers[named]) || fail("random access entry pointing at no fragment of its track");
    for (let b = table.trafLength - 1; b >= 0; b--) {
      out.setUint8(outAt + 2 * offsetLength + b, number & 0xff);
      number >>>= 8;
    }
  }
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
  BlockDuration: 0x9b,
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
  let declaredDuration = 0;
  // The first and last frames' times: the frames' span is held to the limit whatever Duration says.
  let first = Infinity;
  let last = -Infinity;
  for (let at = segment.data; at < segment.end; ) {
    out.walked();
    const element = elementAt(bytes, at, segment.end);
    if (element.id === ID.Cluster) {
      const cluster = readCluster(bytes, element, segment.end, out);
      first = Math.min(first, cluster.first);
      last = Math.max(last, cluster.last);
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
  const seconds = (Math.max(declaredDuration, last > first ? last - first : 0) * scale) / 1e9;
  return { bytes: written, seconds };
}

/**
 * Walks a cluster's children for its frames' earliest and latest times (the latest: where a frame
 * ends when its BlockGroup says how long it lasts); an unknown-sized cluster (a browser's
 * MediaRecorder's) ends where the next Segment-level element starts.
 */
function readCluster(bytes: Uint8Array, cluster: Element, limit: number, out: BoundedCopy): { end: number; first: number; last: number } {
  let clusterTime = 0;
  let first = Infinity;
  let last = -Infinity;
  const frame = (start: number, duration = 0) => {
    first = Math.min(first, start);
    last = Math.max(last, start + duration);
  };
  let at = cluster.data;
  const end = cluster.unknownSize ? limit : cluster.end;
  while (at < end) {
    const child = elementAt(bytes, at, end);
    if (cluster.unknownSize && SEGMENT_LEVEL.has(child.id)) break;
    out.walked();
    if (child.unknownSize) fail("unknown size inside a cluster");
    if (child.id === ID.Timestamp) clusterTime = readUint(bytes, child);
    else if (child.id === ID.SimpleBlock) frame(clusterTime + blockTime(bytes, child));
    else if (child.id === ID.BlockGroup) {
      const parts = elementsIn(bytes, child.data, child.end, out);
      const block = parts.find((element) => element.id === ID.Block);
      const duration = parts.find((element) => element.id === ID.BlockDuration);
      if (block) frame(clusterTime + blockTime(bytes, block), duration ? readUint(bytes, duration) : 0);
    }
    at = child.end;
  }
  return { end: at, first, last };
}

/** A block's time relative to its cluster: a signed 16-bit number after the track number. */
function blockTime(bytes: Uint8Array, block: Element): number {
  const trackLength = Math.clz32(bytes[block.data]) - 23;
  const at = block.data + trackLength;
  if (trackLength < 1 || trackLength > 8 || at + 2 > block.end) fail("bad block");
  return ((bytes[at] << 24) >> 16) | bytes[at + 1];
}
