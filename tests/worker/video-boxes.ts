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

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "udta", "edts", "dinf"]);

/** Every box, containers opened (a full box `meta` too), as a tree. */
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
    const inner = type === "meta" ? payload + 4 : payload;
    boxes.push({ type, start: at, payload, end, children: CONTAINERS.has(type) || type === "meta" ? parseBoxes(bytes, inner, end) : [] });
    at = end;
  }
  return boxes;
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
        fullBox("stts", 1, samples, 1000),
        fullBox("stsc", 1, 1, 1, 1),
        fullBox("stsz", sampleSize, samples),
        fullBox("stco", samples, ...offsets),
      ),
    );
  const moovWith = (offsets: number[]) => {
    const mvhd = fullBox("mvhd", 0, 0, 1000, 15_000, ...new Array(21).fill(0));
    const tkhd = fullBox("tkhd", 0, 0, 1, 0, 15_000, ...new Array(15).fill(0));
    const mdhd = fullBox("mdhd", 0, 0, 1000, 15_000, 0);
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
