// A cover's share image (worker/lib/share-image.ts): the JPEG frame-header reader, the checks on
// what the Images binding gives back (a stand-in binding here), and the real binding through the
// admin's cover upload (Miniflare's, with sharp).
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { shareImageOf } from "../../worker/lib/share-image";
import { jpegSize, SHARE_IMAGE_MAX_BYTES } from "../../worker/lib/share-image-rules";
import type { CheckedImage } from "../../worker/lib/uploads";
import { adminToken, sendForm } from "./fixtures";
import { containsBytes, jpegMarkers, jpegWithGps, TINY_JPEG, TINY_PNG } from "./image-fixtures";

/** A JPEG's structure with a frame header of this size and `padding` bytes of scan data. */
function jpegOf(width: number, height: number, padding = 16): Uint8Array<ArrayBuffer> {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0];
  const sos = [0xff, 0xda, 0x00, 0x0c, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0];
  return new Uint8Array([0xff, 0xd8, ...sof, ...sos, ...new Array<number>(padding).fill(0x2a), 0xff, 0xd9]);
}

/** An Images binding stand-in answering `answer(quality)` to every transformation. */
function binding(answer: (quality: number) => Uint8Array) {
  const qualities: number[] = [];
  const transforms = {
    input: () => ({
      transform() {
        return this;
      },
      async output(options: { quality?: number }) {
        qualities.push(options.quality!);
        const bytes = answer(options.quality!);
        return { response: () => new Response(bytes), contentType: () => "image/jpeg" };
      },
    }),
  } as unknown as ImagesBinding;
  return { transforms, qualities };
}

const cover: CheckedImage = { bytes: TINY_JPEG, contentType: "image/jpeg", extension: "jpg" };

describe("jpegSize", () => {
  it("reads the frame header's width and height, past the segments before it", () => {
    expect(jpegSize(jpegOf(1200, 630))).toEqual({ width: 1200, height: 630 });
    expect(jpegSize(jpegWithGps())).toEqual(jpegSize(TINY_JPEG));
    expect(jpegSize(TINY_JPEG)).toEqual({ width: expect.any(Number), height: expect.any(Number) });
  });

  it("is null for what is not a JPEG or has no header before its scan", () => {
    expect(jpegSize(TINY_PNG)).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00]))).toBeNull();
  });
});

describe("shareImageOf", () => {
  it("keeps a 1200×630 JPEG, at the first quality that fits in 600 KB", async () => {
    const { transforms, qualities } = binding((quality) => jpegOf(1200, 630, quality > 70 ? SHARE_IMAGE_MAX_BYTES : 1000));
    const share = await shareImageOf(transforms, cover);
    expect(qualities).toEqual([82, 68]);
    expect(share?.contentType).toBe("image/jpeg");
    expect(jpegSize(share!.bytes)).toEqual({ width: 1200, height: 630 });
  });

  it("keeps nothing when the binding gives back the cover itself (transformations off), another size, or too many bytes at every quality", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await shareImageOf(binding(() => TINY_PNG).transforms, cover)).toBeNull();
      expect(await shareImageOf(binding(() => jpegOf(800, 450)).transforms, cover)).toBeNull();
      const big = binding(() => jpegOf(1200, 630, SHARE_IMAGE_MAX_BYTES));
      expect(await shareImageOf(big.transforms, cover)).toBeNull();
      expect(big.qualities).toEqual([82, 68, 55]);
      const failing = { input: () => ({ transform: () => ({ output: () => Promise.reject(new Error("9999: Images is off")) }) }) } as unknown as ImagesBinding;
      expect(await shareImageOf(failing, cover)).toBeNull();
    } finally {
      errors.mockRestore();
    }
  });
});

describe("a cover upload", () => {
  const shareKeyOf = async (placeId: number) =>
    (await env.DB.prepare("SELECT share_image_key AS key FROM places WHERE id = ?").bind(placeId).first<{ key: string | null }>())!.key;

  it("stores the cover's 1200×630 JPEG without metadata beside it, and a new cover replaces both", async () => {
    const admin = await adminToken();
    const created = await sendForm("/api/place/create", "POST", { name: "Share Test", photo: new File([jpegWithGps()], "cover.jpg", { type: "image/jpeg" }) }, admin);
    expect(created.status).toBe(201);
    const { id } = await created.json<{ id: number }>();
    const first = await shareKeyOf(id);
    expect(first).toMatch(/^places\/[0-9a-f-]+\.jpg$/);
    const stored = new Uint8Array(await (await env.IMAGES.get(first!))!.arrayBuffer());
    expect(jpegSize(stored)).toEqual({ width: 1200, height: 630 });
    expect(stored.length).toBeLessThanOrEqual(SHARE_IMAGE_MAX_BYTES);
    expect(jpegMarkers(stored)).not.toContain(0xe1);
    expect(containsBytes(stored, "GPS")).toBe(false);

    const updated = await sendForm(`/api/place/update/${id}`, "POST", { cover_image: new File([TINY_PNG], "cover.png", { type: "image/png" }) }, admin);
    expect(updated.status).toBe(200);
    const second = await shareKeyOf(id);
    expect(second).not.toBe(first);
    expect(jpegSize(new Uint8Array(await (await env.IMAGES.get(second!))!.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect(await env.IMAGES.get(first!)).toBeNull();
  });
});
