// Live Look videos (issue 30 §4, docs/live-looks.md#videos): metadata removed by the worker from
// real clips made with ffmpeg, checked with the tests' own box parser; the samples come out byte for
// byte; what cannot be cleaned is refused, and a crafted file of millions of boxes quickly.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { LiveLookAnswer } from "../../common/schemas/answers";
import { MAX_VIDEO_BYTES, VIDEO_TOO_LONG_MESSAGE } from "../../common/schemas/fields";
import { MAX_VIDEO_PARTS, sniffVideoType, stripVideoMetadata, TooManyVideoPartsError, UnreadableVideoError, VideoTooLongError } from "../../worker/lib/video-metadata";
import { bearer, createUser } from "./fixtures";
import { api } from "./helpers";
import { postLiveLook } from "./live-look-fixtures";
import { concatBytes, containsBytes, jpegWithGps, TINY_JPEG, TINY_PNG } from "./image-fixtures";
import { asAdmin, createPlace, errorOf } from "./occupancy-fixtures";
import {
  altered,
  box,
  boxPaths,
  fragmentedTracks,
  hasText,
  indexBounds,
  movieSeconds,
  notReallyMp4,
  parseBoxes,
  randomAccessEntries,
  syntheticClip,
  tinyBoxes,
  trackSamples,
  webmParts,
  type ParsedBox,
} from "./video-boxes";
import { APPLE_KEYS_MP4, FRAGMENTS_MP4, LOCATED_FRAGMENTS_MOV, LOCATED_MOV, TAGGED_WEBM } from "./video-fixtures";

const LOCATION = "+40.7128-074.0060";

/**
 * What `work` costs in lookups: elements an array search (indexOf, find, filter, …) may walk, one
 * for each Map or Set lookup. Counted, not timed (docs/testing.md#time-independence).
 */
function lookupCost<T>(work: () => T): { result: T; cost: number } {
  let cost = 0;
  const searches = ["indexOf", "lastIndexOf", "includes", "find", "findIndex", "findLast", "filter", "some", "every"] as const;
  const arrays = Array.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = searches.map((name) => arrays[name]);
  const lookups = [Map.prototype, Set.prototype].map((prototype) => [prototype, prototype.has, (prototype as Map<unknown, unknown>).get] as const);
  searches.forEach((name, i) => {
    arrays[name] = function (this: unknown[], ...args: unknown[]) {
      cost += this.length;
      return originals[i].apply(this, args);
    };
  });
  for (const [prototype, has, get] of lookups) {
    prototype.has = function (this: Map<unknown, unknown>, key: unknown) {
      cost++;
      return has.call(this, key);
    };
    if (get) (prototype as Map<unknown, unknown>).get = function (this: Map<unknown, unknown>, key: unknown) {
      cost++;
      return get.call(this, key);
    };
  }
  try {
    return { result: work(), cost };
  } finally {
    searches.forEach((name, i) => (arrays[name] = originals[i]));
    for (const [prototype, has, get] of lookups) {
      prototype.has = has;
      if (get) (prototype as Map<unknown, unknown>).get = get;
    }
  }
}

describe("metadata removal from clips", () => {
  it.each([
    ["a QuickTime clip with ©xyz, mdat first", LOCATED_MOV, "video/quicktime", ["moov/udta", "moov/udta/©xyz"]],
    ["an MP4 with Apple's keys, moov first", APPLE_KEYS_MP4, "video/mp4", ["moov/udta/meta", "moov/udta/meta/keys"]],
  ] as const)("stores %s without them, its samples unchanged", (_, clip, type, metadataPaths) => {
    // The fixture carries what is to go.
    expect(sniffVideoType(clip)).toBe(type);
    for (const path of metadataPaths) expect(boxPaths(parseBoxes(clip))).toContain(path);
    for (const text of [LOCATION, "iPhone 15", "Apple"]) expect(hasText(clip, text)).toBe(true);

    const stripped = stripVideoMetadata(clip, type).bytes;
    const paths = boxPaths(parseBoxes(stripped));
    expect(paths.filter((path) => /udta|meta|©|free|wide/.test(path))).toEqual([]);
    for (const text of [LOCATION, "iPhone 15", "Apple", "Lavf"]) expect(hasText(stripped, text)).toBe(false);
    // The top level keeps its order (moov before mdat stays so).
    expect(parseBoxes(stripped).map((box) => box.type)).toEqual(parseBoxes(clip).map((box) => box.type).filter((t) => ["ftyp", "moov", "mdat"].includes(t)));

    const before = trackSamples(clip);
    const after = trackSamples(stripped);
    expect(after.map((track) => track.handler)).toEqual(["vide", "soun"]);
    expect(after.length).toBe(before.length);
    expect(movieSeconds(stripped)).toBe(movieSeconds(clip));
    after.forEach((track, i) => {
      expect(track.stts).toEqual(before[i].stts);
      expect(track.sizes).toEqual(before[i].sizes);
      expect(track.seconds).toBe(before[i].seconds);
      expect(track.samples.length).toBe(before[i].samples.length);
      track.samples.forEach((sample, s) => expect(sample).toEqual(before[i].samples[s]));
    });
  });

  it.each([
    ["an MP4 of fragments with Apple's keys, sidx and mfra", FRAGMENTS_MP4, "video/mp4", ["moov/udta/meta/keys"], 2],
    ["a QuickTime clip of fragments with ©xyz, base_data_offset and a text track", LOCATED_FRAGMENTS_MOV, "video/quicktime", ["moov/udta/©xyz"], 3],
  ] as const)("stores %s without them, every fragment's samples unchanged", (_, clip, type, metadataPaths, trackCount) => {
    expect(sniffVideoType(clip)).toBe(type);
    for (const path of metadataPaths) expect(boxPaths(parseBoxes(clip))).toContain(path);
    for (const text of [LOCATION, "Apple", "iPhone 15", "Lavf"]) expect(hasText(clip, text)).toBe(true);
    const before = fragmentedTracks(clip);
    expect(before.length).toBe(trackCount);

    const stripped = stripVideoMetadata(clip, type);
    const out = stripped.bytes;
    const boxes = parseBoxes(out);
    expect(boxPaths(boxes).filter((path) => /udta|meta|©|free|text/.test(path))).toEqual([]);
    for (const text of [LOCATION, "Apple", "iPhone 15", "Lavf", "Our table"]) expect(hasText(out, text)).toBe(false);
    // Every top-level box but udta/free stays, in order: as many fragments as before.
    expect(boxes.map((box) => box.type)).toEqual(parseBoxes(clip).map((box) => box.type).filter((t) => !["free", "udta"].includes(t)));
    expect(movieSeconds(out)).toBe(movieSeconds(clip));
    expect(stripped.seconds).toBeCloseTo(2.2, 5);

    // The picture and sound tracks, read through the rewritten tfhd and trun offsets: the same samples and durations.
    const after = fragmentedTracks(out);
    const kept = before.filter((track) => track.handler === "vide" || track.handler === "soun");
    expect(after.map((track) => track.handler)).toEqual(["vide", "soun"]);
    expect(after.length).toBe(kept.length);
    after.forEach((track, i) => {
      expect(track.samples.length).toBeGreaterThan(10);
      expect(track.durations).toEqual(kept[i].durations);
      expect(track.moovSamples).toEqual(kept[i].moovSamples);
      expect(track.samples).toEqual(kept[i].samples);
    });

    // sidx references and tfra entries point at the moved moofs; mfro says mfra's new size.
    const starts = new Set(boxes.map((box) => box.start));
    const moofs = boxes.filter((box) => box.type === "moof");
    for (const sidx of boxes.filter((box) => box.type === "sidx")) {
      const bounds = indexBounds(out, sidx);
      expect(bounds.slice(0, -1).every((at) => moofs.some((moof) => moof.start === at))).toBe(true);
      expect(starts.has(bounds.at(-1)!)).toBe(true);
    }
    const entries = randomAccessEntries(out);
    expect(entries.length).toBe(randomAccessEntries(clip).filter((entry) => kept.some((track) => track.trackId === entry.trackId)).length);
    for (const entry of entries) {
      const moof = moofs.find((box) => box.start === entry.moof)!;
      const traf = moof.children.filter((box) => box.type === "traf")[entry.traf - 1];
      expect(new DataView(out.buffer, out.byteOffset).getUint32(traf.children.find((box) => box.type === "tfhd")!.payload + 4)).toBe(entry.trackId);
    }
    const mfra = boxes.find((box) => box.type === "mfra")!;
    expect(new DataView(out.buffer, out.byteOffset).getUint32(mfra.end - 4)).toBe(mfra.end - mfra.start);
  });

  it("moves a sidx's first reference when a box between it and the fragments goes", () => {
    // The second sidx made a `free` box: the first sidx's first_offset (88) steps over it in the input.
    const clip = altered(FRAGMENTS_MP4, (view, boxes) => {
      const second = boxes.filter((box) => box.type === "sidx")[1];
      new Uint8Array(view.buffer).set([0x66, 0x72, 0x65, 0x65], second.start + 4);
    });
    const inFirst = parseBoxes(clip).find((box) => box.type === "sidx")!;
    expect(indexBounds(clip, inFirst)[0]).toBe(inFirst.end + 88);
    const out = stripVideoMetadata(clip, "video/mp4").bytes;
    const boxes = parseBoxes(out);
    expect(boxes.map((box) => box.type).slice(0, 4)).toEqual(["ftyp", "moov", "sidx", "moof"]);
    const bounds = indexBounds(out, boxes[2]);
    expect(bounds[0]).toBe(boxes[3].start);
    expect(bounds.slice(0, -1)).toEqual(boxes.filter((box) => box.type === "moof").map((box) => box.start));
  });

  const child = (box: ParsedBox, type: string) => box.children.find((inner) => inner.type === type)!;
  const firstMoof = (boxes: ParsedBox[]) => boxes.find((box) => box.type === "moof")!;
  const firstRun = (boxes: ParsedBox[]) => child(child(firstMoof(boxes), "traf"), "trun");
  it.each([
    ["a track run pointing past the file's end", (view: DataView, boxes: ParsedBox[]) => view.setInt32(firstRun(boxes).payload + 8, 0x7fff0000)],
    ["a track run pointing back into moov", (view: DataView, boxes: ParsedBox[]) => view.setInt32(firstRun(boxes).payload + 8, -200)],
    [
      "a moof whose size swallows its mdat",
      (view: DataView, boxes: ParsedBox[]) => {
        const moof = firstMoof(boxes);
        const mdat = boxes[boxes.indexOf(moof) + 1];
        view.setUint32(moof.start, mdat.end - moof.start);
      },
    ],
    ["a traf whose size runs past its moof", (view: DataView, boxes: ParsedBox[]) => view.setUint32(child(firstMoof(boxes), "traf").start, 100_000)],
    ["a track run without a data offset", (view: DataView, boxes: ParsedBox[]) => view.setUint32(firstRun(boxes).payload, view.getUint32(firstRun(boxes).payload) & ~1)],
    [
      "a sidx pointing inside a moof",
      (view: DataView, boxes: ParsedBox[]) => {
        const sidx = boxes.find((box) => box.type === "sidx")!;
        view.setBigUint64(sidx.payload + 20, view.getBigUint64(sidx.payload + 20) + 8n);
      },
    ],
  ] as const)("refuses a fragmented MP4 with %s", (_, change) => {
    expect(() => stripVideoMetadata(altered(FRAGMENTS_MP4, change), "video/mp4")).toThrow(UnreadableVideoError);
  });

  it("places random access entries in time linear in the entries and the moof's trafs", () => {
    // The fixture's ftyp and moov (video track 1, sound track 2), then one moof of `trafs` sound
    // trafs and one picture traf, and an mfra whose picture tfra has `entries` entries, each naming
    // the moof's first traf (a sound one): its picture traf is looked up for each entry.
    const moov = parseBoxes(FRAGMENTS_MP4).find((box) => box.type === "moov")!;
    const head = FRAGMENTS_MP4.subarray(0, moov.end);
    const fields = (...values: number[]) => {
      const bytes = new Uint8Array(4 * values.length);
      values.forEach((value, i) => new DataView(bytes.buffer).setUint32(4 * i, value));
      return bytes;
    };
    const traf = (track: number) => box("traf", box("tfhd", fields(0x020000, track)));
    const crafted = (trafs: number, entries: number) => {
      const moof = box("moof", concatBytes(box("mfhd", fields(0, 1)), ...Array.from({ length: trafs }, () => traf(2)), traf(1)));
      // Version 1: time and moof_offset in 64 bits, then traf, trun and sample numbers of a byte each.
      const entry = concatBytes(fields(0, 0, 0, head.byteLength), new Uint8Array([1, 1, 1]));
      const tfra = box("tfra", concatBytes(fields(0x01000000, 1, 0, entries), ...Array.from({ length: entries }, () => entry)));
      const mfra = concatBytes(tfra, box("mfro", fields(0, 8 + tfra.byteLength + 16)));
      return concatBytes(head, moof, box("mfra", mfra));
    };
    const cost = (trafs: number, entries: number) => {
      const clip = crafted(trafs, entries);
      const stripped = lookupCost(() => stripVideoMetadata(clip, "video/mp4"));
      expect(randomAccessEntries(stripped.result.bytes).length).toBe(entries);
      return stripped.cost;
    };
    // Twice the trafs and twice the entries: linear is about 2×, one lookup per entry over the trafs 4×.
    expect(cost(2000, 20_000) / cost(1000, 10_000)).toBeLessThan(3);
  });

  it("refuses sample tables that list the same bytes over and over", () => {
    // 450 chunks of one sample each, all of the whole mdat: 450 copies of the file's bytes.
    const clip = altered(syntheticClip(1024 * 1024), (view, boxes) => {
      const mdat = boxes.find((box) => box.type === "mdat")!;
      const stbl = child(child(child(child(boxes.find((box) => box.type === "moov")!, "trak"), "mdia"), "minf"), "stbl");
      view.setUint32(child(stbl, "stsz").payload + 4, mdat.end - mdat.payload);
      const stco = child(stbl, "stco");
      for (let i = 0; i < 450; i++) view.setUint32(stco.payload + 8 + 4 * i, mdat.payload);
    });
    expect(() => stripVideoMetadata(clip, "video/mp4")).toThrow(UnreadableVideoError);
  });

  it("voids a WebM's tags and title, keeping every position", () => {
    for (const text of ["Our table", LOCATION, "Lavf", "libvpx"]) expect(hasText(TAGGED_WEBM, text)).toBe(true);
    const stripped = stripVideoMetadata(TAGGED_WEBM, "video/webm");
    expect(stripped.bytes.byteLength).toBe(TAGGED_WEBM.byteLength);
    for (const text of ["Our table", LOCATION, "Lavf", "libvpx"]) expect(hasText(stripped.bytes, text)).toBe(false);
    expect(stripped.seconds).toBeCloseTo(1, 1);
  });

  it("refuses a file that claims MP4 but is not", () => {
    const fake = notReallyMp4();
    expect(sniffVideoType(fake)).toBe("video/mp4");
    expect(() => stripVideoMetadata(fake, "video/mp4")).toThrow(UnreadableVideoError);
  });

  it("refuses a crafted file of millions of tiny boxes after the bound", () => {
    const crafted = tinyBoxes(25 * 1024 * 1024);
    expect(() => stripVideoMetadata(crafted, "video/mp4")).toThrow(TooManyVideoPartsError);
    // Exactly the bound passes the walk (and then fails for want of a movie, not for its boxes).
    expect(() => stripVideoMetadata(tinyBoxes((MAX_VIDEO_PARTS - 1) * 8), "video/mp4")).toThrow(UnreadableVideoError);
  });

  it("fixes chunk offsets of a synthetic 1 MB clip", () => {
    const clip = syntheticClip(1024 * 1024);
    const stripped = stripVideoMetadata(clip, "video/mp4").bytes;
    expect(hasText(stripped, LOCATION)).toBe(false);
    const [before] = trackSamples(clip);
    const [after] = trackSamples(stripped);
    after.samples.forEach((sample, s) => expect(sample).toEqual(before.samples[s]));
  });
});

type Upload = { bytes: Uint8Array<ArrayBuffer>; type: string; name: string };
const mov = (bytes = LOCATED_MOV): Upload => ({ bytes, type: "video/quicktime", name: "IMG_0001.MOV" });
const mp4 = (bytes = APPLE_KEYS_MP4): Upload => ({ bytes, type: "video/mp4", name: "clip.mp4" });
const jpeg = (bytes: Uint8Array<ArrayBuffer> = TINY_JPEG): Upload => ({ bytes, type: "image/jpeg", name: "poster.jpg" });

// The 15 s limit is held to what the samples last, whatever the headers say (issue 37 item 8,
// docs/live-looks.md#length): each clip below declares 5 s or less and plays 20 s.
const boxesOf = (boxes: ParsedBox[], path: string): ParsedBox[] => {
  const [type, ...rest] = path.split("/");
  const here = boxes.filter((box) => box.type === type);
  return rest.length === 0 ? here : here.flatMap((box) => boxesOf(box.children, rest.join("/")));
};
/** apple-keys.mp4 (1 s, video at 10,240 ticks a second, 10 pictures of 1,024) with every header saying 5 s. */
const saysFiveSeconds = (view: DataView, boxes: ParsedBox[]) => {
  const [mvhd] = boxesOf(boxes, "moov/mvhd");
  view.setUint32(mvhd.payload + 16, 5 * view.getUint32(mvhd.payload + 12));
  for (const tkhd of boxesOf(boxes, "moov/trak/tkhd")) view.setUint32(tkhd.payload + 20, 5000);
  for (const elst of boxesOf(boxes, "moov/trak/edts/elst")) view.setUint32(elst.payload + 8, 5000);
  for (const mdhd of boxesOf(boxes, "moov/trak/mdia/mdhd")) view.setUint32(mdhd.payload + 16, 5 * view.getUint32(mdhd.payload + 12));
};
const [videoStts] = boxesOf(parseBoxes(APPLE_KEYS_MP4), "moov/trak/mdia/minf/stbl/stts");
const LONGER_THAN_SAID = [
  ["an MP4 whose headers say 5 s and whose stts sums to 20 s", mp4(altered(APPLE_KEYS_MP4, (view, boxes) => {
    saysFiveSeconds(view, boxes);
    view.setUint32(videoStts.payload + 12, 20_480);
  }))],
  ["an MP4 of 1 s whose edit list holds it for 20 s", mp4(altered(APPLE_KEYS_MP4, (view, boxes) => view.setUint32(boxesOf(boxes, "moov/trak/edts/elst")[0].payload + 8, 20_000)))],
  [
    "a fragmented MP4 whose tfdts say 2 s and whose pictures last 1 s each (tfhd's default), 20 s",
    mp4(altered(FRAGMENTS_MP4, (view, boxes) => {
      for (const tfhd of boxesOf(boxes, "moof/traf/tfhd").filter((box) => view.getUint32(box.payload + 4) === 1)) view.setUint32(tfhd.payload + 8, 10_240);
    })),
  ],
  [
    "a WebM whose Duration says 1 s and one of whose frames is at 20 s",
    {
      bytes: altered(TAGGED_WEBM, (view) => {
        const block = webmParts(TAGGED_WEBM).filter((part) => part.path.endsWith("1f43b675/a3")).at(-1)!;
        // After the track number (one byte), the frame's time in the cluster, in ms.
        view.setInt16(block.sizeFrom + 1, 20_000);
      }),
      type: "video/webm",
      name: "clip.webm",
    },
  ],
] as const;

describe("the 15 s limit, from the samples", () => {
  it("holds the fixtures to their own length", () => {
    // The picture track's stts: 10 samples of 1,024 ticks (the crafted one makes them 20,480).
    const view = new DataView(APPLE_KEYS_MP4.buffer);
    expect([view.getUint32(videoStts.payload + 4), view.getUint32(videoStts.payload + 8), view.getUint32(videoStts.payload + 12)]).toEqual([1, 10, 1024]);
    expect(stripVideoMetadata(APPLE_KEYS_MP4, "video/mp4").seconds).toBeCloseTo(1.02, 2);
    expect(stripVideoMetadata(altered(APPLE_KEYS_MP4, saysFiveSeconds), "video/mp4").seconds).toBe(5);
    expect(stripVideoMetadata(TAGGED_WEBM, "video/webm").seconds).toBeCloseTo(1, 1);
  });

  it.each(LONGER_THAN_SAID)("refuses %s", (_, clip) => {
    expect(() => stripVideoMetadata(clip.bytes, clip.type === "video/webm" ? "video/webm" : "video/mp4")).toThrow(VideoTooLongError);
  });
});

function formOf(files: Record<string, Upload>, fields: Record<string, string> = { text: "Band starting now" }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, file] of Object.entries(files)) body.set(name, new File([file.bytes], file.name, { type: file.type }));
  return body;
}
const post = (place: number, files: Record<string, Upload>, fields?: Record<string, string>) => postLiveLook(place, formOf(files, fields));

/** A form as bytes on the wire, with its multipart type (a Request built from FormData declares no length). */
async function encoded(files: Record<string, Upload>, fields?: Record<string, string>) {
  const request = new Request("https://third-place.test/", { method: "POST", body: formOf(files, fields) });
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

const keyOf = (url: string | null) => url!.replace(/^\/api\/(?:videos|images)\//, "");
async function stored(url: string | null) {
  const object = await env.IMAGES.get(keyOf(url));
  return { bytes: new Uint8Array(await object!.arrayBuffer()), type: object!.httpMetadata?.contentType };
}
const looksOf = async (place: number) => (await env.DB.prepare("SELECT count(*) AS n FROM live_looks WHERE place_id = ?").bind(place).first<{ n: number }>())!.n;

let placeId: number;
beforeEach(async () => {
  placeId = await createPlace();
});

describe("POST /api/places/:id/live-looks with a video", () => {
  it("stores a QuickTime clip without its ©xyz location and its JPEG poster without GPS", async () => {
    const response = await post(placeId, { video: mov(), poster: jpeg(jpegWithGps()) });
    expect(response.status).toBe(201);
    const look = await response.json<LiveLookAnswer>();
    expect(look).toMatchObject({ photo_url: null, video_url: expect.stringMatching(/^\/api\/videos\/live-looks\/[0-9a-f-]+\.mov$/), poster_url: expect.stringMatching(/^\/api\/images\/live-looks\/[0-9a-f-]+\.jpg$/) });

    const video = await stored(look.video_url);
    expect(video.type).toBe("video/quicktime");
    expect(boxPaths(parseBoxes(video.bytes)).filter((path) => path.includes("udta"))).toEqual([]);
    expect(hasText(video.bytes, "+40.7128-074.0060")).toBe(false);
    const before = trackSamples(LOCATED_MOV);
    const after = trackSamples(video.bytes);
    expect(after.map((track) => track.sizes)).toEqual(before.map((track) => track.sizes));
    after.forEach((track, i) => track.samples.forEach((sample, s) => expect(sample).toEqual(before[i].samples[s])));

    const poster = await stored(look.poster_url);
    expect(poster.type).toBe("image/jpeg");
    expect(containsBytes(poster.bytes, "Exif")).toBe(false);
  });

  it("stores an MP4 with moov before mdat without Apple's location, make and model, still playable", async () => {
    const response = await post(placeId, { video: mp4() });
    expect(response.status).toBe(201);
    const look = await response.json<LiveLookAnswer>();
    expect(look.poster_url).toBeNull();
    const video = await stored(look.video_url);
    expect(video.type).toBe("video/mp4");
    for (const text of ["com.apple.quicktime", "+40.7128-074.0060", "iPhone 15"]) expect(hasText(video.bytes, text)).toBe(false);
    expect(parseBoxes(video.bytes).map((box) => box.type)).toEqual(["ftyp", "moov", "mdat"]);
    expect(movieSeconds(video.bytes)).toBe(movieSeconds(APPLE_KEYS_MP4));
    const before = trackSamples(APPLE_KEYS_MP4);
    const after = trackSamples(video.bytes);
    expect(after.length).toBe(before.length);
    after.forEach((track, i) => {
      expect(track.stts).toEqual(before[i].stts);
      track.samples.forEach((sample, s) => expect(sample).toEqual(before[i].samples[s]));
    });
  });

  it("stores a fragmented QuickTime clip without its ©xyz location, its samples where the offsets say", async () => {
    const response = await post(placeId, { video: mov(LOCATED_FRAGMENTS_MOV) });
    expect(response.status).toBe(201);
    const video = await stored((await response.json<LiveLookAnswer>()).video_url);
    expect(video.type).toBe("video/quicktime");
    for (const text of ["+40.7128-074.0060", "iPhone 15", "Our table"]) expect(hasText(video.bytes, text)).toBe(false);
    const before = fragmentedTracks(LOCATED_FRAGMENTS_MOV).slice(0, 2);
    const after = fragmentedTracks(video.bytes);
    expect(after.map((track) => track.samples.length)).toEqual(before.map((track) => track.samples.length));
    after.forEach((track, i) => expect(track.samples).toEqual(before[i].samples));
  });

  it("stores a WebM without its tags", async () => {
    const response = await post(placeId, { video: { bytes: TAGGED_WEBM, type: "video/webm", name: "clip.webm" } });
    expect(response.status).toBe(201);
    const video = await stored((await response.json<LiveLookAnswer>()).video_url);
    expect(video.type).toBe("video/webm");
    expect(hasText(video.bytes, "+40.7128-074.0060")).toBe(false);
  });

  it.each([
    ["a file that claims MP4 but is not", { video: mp4(notReallyMp4()) }, 415, "video: The video could not be read. Upload the clip as your phone recorded it (MP4, .mov or WebM)."],
    [
      "a fragmented MP4 whose track run points past the file",
      { video: mp4(altered(FRAGMENTS_MP4, (view, boxes) => view.setInt32(boxes.find((box) => box.type === "moof")!.children[1].children[2].payload + 8, 0x7fff0000))) },
      415,
      "video: The video could not be read. Upload the clip as your phone recorded it (MP4, .mov or WebM).",
    ],
    ["a photo as the video", { video: { bytes: TINY_JPEG, type: "video/mp4", name: "clip.mp4" } }, 415, "video: Upload an MP4, QuickTime (.mov) or WebM video."],
    ["a crafted MP4 of millions of tiny boxes", { video: mp4(tinyBoxes(MAX_VIDEO_BYTES - 1024)) }, 422, `video: The video is made of more than ${MAX_VIDEO_PARTS.toLocaleString("en-US")} boxes or elements, which no phone's clip has. Upload the clip as your phone recorded it.`],
    ["a photo and a video", { video: mov(), photo: jpeg() }, 400, "video: A Live Look has a photo or a video, not both."],
    ["a poster without a video", { poster: jpeg() }, 400, "poster: A poster goes with a video."],
    ["a PNG poster", { video: mov(), poster: { bytes: TINY_PNG, type: "image/png", name: "poster.png" } }, 400, "poster: The poster must be a JPEG."],
  ] as const)("refuses %s and stores nothing", async (_, files, status, message) => {
    const before = (await env.IMAGES.list({ prefix: "live-looks/" })).objects.length;
    const response = await post(placeId, files as Record<string, Upload>);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toBe(message);
    expect(await looksOf(placeId)).toBe(0);
    expect((await env.IMAGES.list({ prefix: "live-looks/" })).objects.length).toBe(before);
  });

  it.each(LONGER_THAN_SAID)("refuses %s with 422 and stores nothing", async (_, video) => {
    const before = (await env.IMAGES.list({ prefix: "live-looks/" })).objects.length;
    const response = await post(placeId, { video });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toBe(`video: ${VIDEO_TOO_LONG_MESSAGE}`);
    expect(await looksOf(placeId)).toBe(0);
    expect((await env.IMAGES.list({ prefix: "live-looks/" })).objects.length).toBe(before);
  });

  it("takes one video post at a time in an isolate: another meanwhile is 503 with Retry-After", async () => {
    // Bodies of no declared length, as a client streaming its upload sends them (the route takes
    // them for a possible video); the held one's rest comes when the test ends it.
    const send = (account: { token: string }, form: { contentType: string }, body: BodyInit, headers: Record<string, string> = {}) =>
      api(`/api/places/${placeId}/live-looks`, { method: "POST", body, headers: { ...bearer(account.token), "content-type": form.contentType, ...headers } });
    const streamOf = (bytes: Uint8Array) => new ReadableStream<Uint8Array>({ start: (controller) => (controller.enqueue(bytes), controller.close()) });
    const held = await encoded({ video: mp4() });
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const heldBody = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(held.bytes.subarray(0, 64)),
      pull: async (controller) => {
        await ended;
        controller.enqueue(held.bytes.subarray(64));
        controller.close();
      },
    });
    const first = send(await createUser(), held, heldBody);
    // Once it holds the slot: probes (a form without its text: refused with 400 inside the slot,
    // storing nothing) until one is turned away. Outcomes, never a wait.
    const prober = await createUser();
    const probeForm = await encoded({}, {});
    const probe = () => send(prober, probeForm, streamOf(probeForm.bytes.slice()));
    let probes = 1;
    for (let answer = await probe(); answer.status !== 503; answer = await probe(), probes++) {
      expect(answer.status).toBe(400);
      expect(probes).toBeLessThan(100);
    }

    const clip = await encoded({ video: mov() });
    const second = await send(await createUser(), clip, streamOf(clip.bytes));
    expect(second.status).toBe(503);
    expect(second.headers.get("retry-after")).toBe("5");
    expect(await errorOf(second)).toBe("Another video is being posted right now. Post yours again in 5 seconds.");
    // A body that declares a photo post's size or less is not held back.
    const photo = await encoded({ photo: jpeg() });
    expect((await send(await createUser(), photo, photo.bytes, { "content-length": String(photo.bytes.byteLength) })).status).toBe(201);

    end();
    expect((await first).status).toBe(201);
    expect((await send(await createUser(), clip, streamOf(clip.bytes))).status).toBe(201);
    expect(await looksOf(placeId)).toBe(3);
  });

  it("lets a body past a photo post's limit in only with a video", async () => {
    const junk = { bytes: new Uint8Array(6 * 1024 * 1024), type: "application/octet-stream", name: "junk.bin" };
    const response = await post(placeId, { notes: junk });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe("Request body is larger than 5 MB.");
    expect((await post(placeId, { video: mov(), notes: junk })).status).toBe(201);
    const over = await post(placeId, { video: mp4(new Uint8Array(MAX_VIDEO_BYTES + 1)) });
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toBe("video: Videos must be at most 25 MB.");
  });
});

describe("GET /api/videos/:key", () => {
  it("serves the stored clip with its type, the sandbox policy and range requests", async () => {
    const look = await (await post(placeId, { video: mp4() })).json<LiveLookAnswer>();
    const { bytes } = await stored(look.video_url);
    const whole = await api(look.video_url!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-security-policy")).toMatch(/^sandbox/);
    expect(whole.headers.get("cache-control")).toBe("public, max-age=300");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

    const part = await api(look.video_url!, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    const tail = await api(look.video_url!, { headers: { range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${bytes.byteLength - 10}-${bytes.byteLength - 1}/${bytes.byteLength}`);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.byteLength - 10));
    const open = await api(look.video_url!, { headers: { range: `bytes=${bytes.byteLength - 5}-` } });
    expect(open.status).toBe(206);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.subarray(bytes.byteLength - 5));

    const past = await api(look.video_url!, { headers: { range: `bytes=${bytes.byteLength}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.byteLength}`);
    expect((await api("/api/videos/live-looks/../secrets.mp4")).status).toBe(404);
    expect((await api("/api/videos/places/cover.mp4")).status).toBe(404);
  });

  it("deletes the video and its poster with the post", async () => {
    const look = await (await post(placeId, { video: mov(), poster: jpeg() })).json<LiveLookAnswer>();
    const response = await api(`/api/live-looks/${look.id}`, { method: "DELETE", headers: await asAdmin() });
    expect(response.status).toBe(200);
    expect(await env.IMAGES.head(keyOf(look.video_url))).toBeNull();
    expect(await env.IMAGES.head(keyOf(look.poster_url))).toBeNull();
    expect((await api(look.video_url!)).status).toBe(404);
  });

  it("queues a deleted post's video and poster for the cron, whatever deletes the row", async () => {
    const look = await (await post(placeId, { video: mov(), poster: jpeg() })).json<LiveLookAnswer>();
    await env.DB.prepare("DELETE FROM places WHERE id = ?").bind(placeId).run();
    const queued = await env.DB.prepare("SELECT key FROM deleted_images WHERE key IN (?, ?)").bind(keyOf(look.video_url), keyOf(look.poster_url)).all();
    expect(queued.results.length).toBe(2);
  });
});
