// A box parser of the tests' own, to read what the worker stored (so the strip is checked by code
// other than its own), and builders of crafted and synthetic MP4 files.
import { concatBytes } from "./image-fixtures";

const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/** Whether `text` appears in the bytes (as Latin-1: box types and metadata values are ASCII). */
export function hasText(bytes: Uint8Array, text: string): boolean {
  return new TextDecoder("latin1").decode(bytes).includes(text);
}

export interface ParsedBox {
  type: string;
  start: number;
  payload: number;
  end: number;
  children: ParsedBox[];
}

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "udta", "edts", "dinf", "mvex", "moof", "traf", "mfra", "meta", "stsd", "dref"]);
/** Where a container's children start after its header: past a full box's version and flags (meta), and its entry count (stsd, dref). */
const CHILDREN_AFTER: Record<string, number> = { meta: 4, stsd: 8, dref: 8 };

/** Every box, containers opened (full boxes whose payload is boxes too: meta, stsd's entries, dref's), as a tree. */
export function parseBoxes(bytes: Uint8Array, from = 0, to = bytes.length): ParsedBox[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: ParsedBox[] = [];
  for (let at = from; at + 8 <= to; ) {
    let size = view.getUint32(at);
    let payload = at + 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      payload = at + 16;
    } else if (size === 0) size = to - at;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + size;
    boxes.push({ type, start: at, payload, end, children: CONTAINERS.has(type) ? parseBoxes(bytes, payload + (CHILDREN_AFTER[type] ?? 0), end) : [] });
    at = end;
  }
  return boxes;
}

/** A box (MP4) or element (WebM): where its size field is, and its ancestors (for crafted files that keep adding up). */
export interface Part {
  path: string;
  start: number;
  sizeAt: number;
  /** The size field's length: 4 or 8 (an MP4 box's 32- or 64-bit size), 1 to 8 (an EBML size). */
  sizeLength: number;
  /** What the size field counts from: the box's start (MP4), the element's data (EBML). */
  sizeFrom: number;
  end: number;
  ancestors: Part[];
}

/** Every box, as the tests' own parser finds them. */
export function mp4Parts(bytes: Uint8Array): Part[] {
  const flat = (boxes: ParsedBox[], ancestors: Part[], prefix: string): Part[] =>
    boxes.flatMap((box) => {
      const wide = box.payload - box.start === 16;
      const part: Part = { path: prefix + box.type, start: box.start, sizeAt: wide ? box.start + 8 : box.start, sizeLength: wide ? 8 : 4, sizeFrom: box.start, end: box.end, ancestors };
      return [part, ...flat(box.children, [...ancestors, part], `${part.path}/`)];
    });
  return flat(parseBoxes(bytes), [], "");
}

/** EBML master elements (their data is elements): EBML, Segment, SeekHead, Seek, Info, Tracks, TrackEntry, Video, Audio, Cluster, BlockGroup, Cues, CuePoint, CueTrackPositions, Tags, Tag, Targets, SimpleTag. */
const EBML_MASTERS = new Set([0x1a45dfa3, 0x18538067, 0x114d9b74, 0x4dbb, 0x1549a966, 0x1654ae6b, 0xae, 0xe0, 0xe1, 0x1f43b675, 0xa0, 0x1c53bb6b, 0xbb, 0xb7, 0x1254c367, 0x7373, 0x63c0, 0x67c8]);

/** Every element of a WebM, masters opened; `path` is their ids in hex ("18538067/1f43b675/a3": a SimpleBlock). */
export function webmParts(bytes: Uint8Array, from = 0, to = bytes.length, ancestors: Part[] = [], prefix = ""): Part[] {
  const parts: Part[] = [];
  for (let at = from; at < to; ) {
    const idLength = Math.clz32(bytes[at]) - 23;
    let id = 0;
    for (let i = 0; i < idLength; i++) id = id * 256 + bytes[at + i];
    const sizeAt = at + idLength;
    const sizeLength = Math.clz32(bytes[sizeAt]) - 23;
    let size = bytes[sizeAt] & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i++) size = size * 256 + bytes[sizeAt + i];
    const data = sizeAt + sizeLength;
    const part: Part = { path: prefix + id.toString(16), start: at, sizeAt, sizeLength, sizeFrom: data, end: data + size, ancestors };
    parts.push(part);
    if (EBML_MASTERS.has(id)) parts.push(...webmParts(bytes, data, data + size, [...ancestors, part], `${part.path}/`));
    at = data + size;
  }
  return parts;
}

/** The types of every box, depth first ("moov/udta/©xyz"). */
export function boxPaths(boxes: ParsedBox[], prefix = ""): string[] {
  return boxes.flatMap((box) => [prefix + box.type, ...boxPaths(box.children, `${prefix}${box.type}/`)]);
}

const find = (boxes: ParsedBox[], type: string) => boxes.find((box) => box.type === type);

export interface TrackSamples {
  handler: string;
  /** stts as written (sample count and durations). */
  stts: number[];
  sizes: number[];
  /** Every sample's bytes, in order. */
  samples: Uint8Array[];
  /** mdhd's duration ÷ timescale. */
  seconds: number;
}

/** Each track's sample tables and sample bytes, read through stsc, stsz and stco/co64. */
export function trackSamples(bytes: Uint8Array): TrackSamples[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => view.getUint32(at);
  const moov = find(parseBoxes(bytes), "moov")!;
  return moov.children
    .filter((box) => box.type === "trak")
    .map((trak) => {
      const mdia = find(trak.children, "mdia")!;
      const handler = String.fromCharCode(...bytes.subarray(find(mdia.children, "hdlr")!.payload + 8, find(mdia.children, "hdlr")!.payload + 12));
      const mdhd = find(mdia.children, "mdhd")!;
      const stbl = find(find(mdia.children, "minf")!.children, "stbl")!;
      const stts = find(stbl.children, "stts")!;
      const sttsEntries = Array.from({ length: u32(stts.payload + 4) * 2 }, (_, i) => u32(stts.payload + 8 + 4 * i));
      const stsz = find(stbl.children, "stsz")!;
      const count = u32(stsz.payload + 8);
      const fixed = u32(stsz.payload + 4);
      const sizes = Array.from({ length: count }, (_, i) => fixed || u32(stsz.payload + 12 + 4 * i));
      const stsc = find(stbl.children, "stsc")!;
      const runs = Array.from({ length: u32(stsc.payload + 4) }, (_, i) => ({ first: u32(stsc.payload + 8 + 12 * i), per: u32(stsc.payload + 12 + 12 * i) }));
      const co = find(stbl.children, "stco") ?? find(stbl.children, "co64")!;
      const wide = co.type === "co64";
      const chunks = Array.from({ length: u32(co.payload + 4) }, (_, i) => (wide ? Number(view.getBigUint64(co.payload + 8 + 8 * i)) : u32(co.payload + 8 + 4 * i)));
      const samples: Uint8Array[] = [];
      chunks.forEach((offset, index) => {
        const per = runs.filter((run) => run.first <= index + 1).at(-1)!.per;
        let at = offset;
        for (let i = 0; i < per; i++) {
          const size = sizes[samples.length];
          samples.push(bytes.slice(at, at + size));
          at += size;
        }
      });
      return { handler, stts: sttsEntries, sizes, samples, seconds: view.getUint32(mdhd.payload + 16) / view.getUint32(mdhd.payload + 12) };
    });
}

/** mvhd's duration ÷ timescale. */
export function movieSeconds(bytes: Uint8Array): number {
  const mvhd = find(find(parseBoxes(bytes), "moov")!.children, "mvhd")!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(mvhd.payload + 16) / view.getUint32(mvhd.payload + 12);
}

export interface FragmentedTrack {
  trackId: number;
  handler: string;
  /** The samples listed in moov (a fragmented file may have some before its fragments). */
  moovSamples: Uint8Array[];
  /** Then each fragment's samples in order, with their durations (in the track's timescale). */
  samples: Uint8Array[];
  durations: number[];
}

/**
 * Each track's samples in a fragmented MP4, read through trex, tfhd and trun (base_data_offset
 * when present, else the moof's first byte; every run with its data_offset, as ffmpeg writes them).
 */
export function fragmentedTracks(bytes: Uint8Array): FragmentedTrack[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => view.getUint32(at);
  const top = parseBoxes(bytes);
  const moov = find(top, "moov")!;
  const inMoov = trackSamples(bytes);
  const trex = new Map(find(moov.children, "mvex")!.children.filter((b) => b.type === "trex").map((b) => [u32(b.payload + 4), { duration: u32(b.payload + 12), size: u32(b.payload + 16) }]));
  const tracks = moov.children
    .filter((b) => b.type === "trak")
    .map((trak, i): FragmentedTrack => ({ trackId: u32(find(trak.children, "tkhd")!.payload + 12), handler: inMoov[i].handler, moovSamples: inMoov[i].samples, samples: [], durations: [] }));
  for (const moof of top.filter((b) => b.type === "moof")) {
    for (const traf of moof.children.filter((b) => b.type === "traf")) {
      const tfhd = find(traf.children, "tfhd")!;
      const flags = u32(tfhd.payload) & 0xffffff;
      const track = tracks.find((t) => t.trackId === u32(tfhd.payload + 4))!;
      let at = tfhd.payload + 8;
      const base = flags & 1 ? Number(view.getBigUint64(at)) : moof.start;
      if (flags & 1) at += 8;
      if (flags & 2) at += 4;
      let { duration, size } = trex.get(track.trackId)!;
      if (flags & 8) {
        duration = u32(at);
        at += 4;
      }
      if (flags & 0x10) size = u32(at);
      for (const trun of traf.children.filter((b) => b.type === "trun")) {
        const runFlags = u32(trun.payload) & 0xffffff;
        const fields = [0x100, 0x200, 0x400, 0x800].filter((flag) => runFlags & flag);
        let entry = trun.payload + 12 + (runFlags & 4 ? 4 : 0);
        let data = base + view.getInt32(trun.payload + 8);
        for (let i = 0; i < u32(trun.payload + 4); i++) {
          const value = (flag: number, fallback: number) => (runFlags & flag ? u32(entry + 4 * fields.indexOf(flag)) : fallback);
          const sampleSize = value(0x200, size);
          track.durations.push(value(0x100, duration));
          track.samples.push(bytes.slice(data, data + sampleSize));
          data += sampleSize;
          entry += 4 * fields.length;
        }
      }
    }
  }
  return tracks;
}

/** Where a sidx's references start and end (from its end plus first_offset, then each referenced size). */
export function indexBounds(bytes: Uint8Array, sidx: ParsedBox): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wide = bytes[sidx.payload] === 1;
  const firstAt = sidx.payload + 12 + (wide ? 8 : 4);
  const references = firstAt + (wide ? 8 : 4) + 4;
  const bounds = [sidx.end + (wide ? Number(view.getBigUint64(firstAt)) : view.getUint32(firstAt))];
  for (let i = 0; i < view.getUint16(references - 2); i++) bounds.push(bounds[i] + (view.getUint32(references + 12 * i) & 0x7fffffff));
  return bounds;
}

/** A tfra's entries: track, moof offset and traf number (version 1, one-byte numbers, as ffmpeg writes them). */
export function randomAccessEntries(bytes: Uint8Array): { trackId: number; moof: number; traf: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mfra = find(parseBoxes(bytes), "mfra")!;
  return mfra.children
    .filter((b) => b.type === "tfra")
    .flatMap((tfra) =>
      Array.from({ length: view.getUint32(tfra.payload + 12) }, (_, i) => {
        const entry = tfra.payload + 16 + 19 * i;
        return { trackId: view.getUint32(tfra.payload + 4), moof: Number(view.getBigUint64(entry + 8)), traf: bytes[entry + 16] };
      }),
    );
}

/** A copy of `bytes` with `change` applied to it (crafted files from a real one). */
export function altered(bytes: Uint8Array, change: (view: DataView, boxes: ParsedBox[]) => void): Uint8Array<ArrayBuffer> {
  const copy = bytes.slice();
  change(new DataView(copy.buffer), parseBoxes(copy));
  return copy;
}

export function box(type: string, payload: Uint8Array = new Uint8Array()): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(0, 8 + payload.byteLength);
  header.set(ascii(type), 4);
  return concatBytes(header, payload);
}

/** A file that starts like an MP4 (an ftyp box) and is nothing after it. */
export function notReallyMp4(): Uint8Array<ArrayBuffer> {
  return concatBytes(box("ftyp", ascii("isom\0\0\x02\0isomiso2")), ascii("This is a text file with a .mp4 name, not a movie."));
}

/** An ftyp box, then `bytes` of empty `free` boxes (8 bytes each: millions of them at 25 MB). */
export function tinyBoxes(bytes: number): Uint8Array<ArrayBuffer> {
  const ftyp = box("ftyp", ascii("isom\0\0\x02\0isomiso2"));
  const out = new Uint8Array(ftyp.byteLength + Math.floor(bytes / 8) * 8);
  out.set(ftyp);
  out.set([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65], ftyp.byteLength);
  // Doubling copies: millions of boxes in a few steps.
  for (let filled = 8; ftyp.byteLength + filled < out.byteLength; filled *= 2) out.copyWithin(ftyp.byteLength + filled, ftyp.byteLength, ftyp.byteLength + filled);
  return out;
}


const fullBox = (type: string, ...fields: number[]) => {
  const payload = new Uint8Array(4 + 4 * fields.length);
  const view = new DataView(payload.buffer);
  fields.forEach((field, i) => view.setUint32(4 + 4 * i, field));
  return box(type, payload);
};

/**
 * A movie of about `bytes` made like a phone's clip, moov first: one H.264 track of 15 s at 30 fps
 * (450 samples, a chunk each, of random bytes filling the size) and a udta with a location. Not
 * decodable (the samples are noise), but its boxes and tables are a real clip's, so the strip does
 * a real clip's work: for the bench's time per MB.
 */
export function syntheticClip(bytes: number): Uint8Array<ArrayBuffer> {
  const samples = 450;
  const sampleSize = Math.floor(bytes / samples);
  const avc1 = box("avc1", new Uint8Array(78));
  const stbl = (offsets: number[]) =>
    box(
      "stbl",
      concatBytes(
        box("stsd", concatBytes(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 1]), avc1)),
        fullBox("stts", 1, samples, 100),
        fullBox("stsc", 1, 1, 1, 1),
        fullBox("stsz", sampleSize, samples),
        fullBox("stco", samples, ...offsets),
      ),
    );
  const moovWith = (offsets: number[]) => {
    const mvhd = fullBox("mvhd", 0, 0, 1000, 15_000, ...new Array(21).fill(0));
    const tkhd = fullBox("tkhd", 0, 0, 1, 0, 15_000, ...new Array(15).fill(0));
    // 30 fps: 100 ticks of 3,000 a second per picture.
    const mdhd = fullBox("mdhd", 0, 0, 3000, 45_000, 0);
    const hdlr = box("hdlr", concatBytes(new Uint8Array(8), ascii("vide"), new Uint8Array(13)));
    const dinf = box("dinf", box("dref", concatBytes(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 1]), box("url ", new Uint8Array([0, 0, 0, 1])))));
    const minf = box("minf", concatBytes(fullBox("vmhd", 0, 0), dinf, stbl(offsets)));
    const udta = box("udta", box("©xyz", concatBytes(new Uint8Array([0, 18, 0x15, 0xc7]), ascii("+40.7128-074.0060/"))));
    return box("moov", concatBytes(mvhd, box("trak", concatBytes(tkhd, box("mdia", concatBytes(mdhd, hdlr, minf)))), udta));
  };
  const ftyp = box("ftyp", ascii("isom\0\0\x02\0isomiso2"));
  const moovLength = moovWith(new Array(samples).fill(0)).byteLength;
  const first = ftyp.byteLength + moovLength + 8;
  const moov = moovWith(Array.from({ length: samples }, (_, i) => first + i * sampleSize));
  const data = new Uint8Array(samples * sampleSize);
  for (let at = 0; at < data.byteLength; at += 65_536) crypto.getRandomValues(data.subarray(at, Math.min(at + 65_536, data.byteLength)));
  return concatBytes(ftyp, moov, box("mdat", data));
}
