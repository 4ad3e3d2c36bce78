// A venue cover's share image (docs/search-and-previews.md#share-images): the 1200×630 JPEG under
// 600 KB that link previews draw, made when the cover is uploaded with the Cloudflare Images
// binding (IMAGE_TRANSFORMS; locally Miniflare does the same with sharp). What the binding gives
// back is checked by its JPEG frame header before it is kept: an account whose transformations
// are off, or any other surprise, leaves the venue on the site's share image rather than storing
// something previews would crop or refuse.
import { stripImageMetadata } from "./image-metadata";
import { isShareImage, jpegSize, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_MAX_BYTES, SHARE_IMAGE_QUALITIES, SHARE_IMAGE_WIDTH } from "./share-image-rules";
import type { CheckedImage } from "./uploads";

/**
 * The cover cropped to fill 1200×630 (centred) as a JPEG without metadata, at the first quality
 * that fits; null when none fits or the binding fails (logged: the upload itself goes on).
 */
export async function shareImageOf(transforms: ImagesBinding, cover: CheckedImage): Promise<CheckedImage | null> {
  try {
    for (const quality of SHARE_IMAGE_QUALITIES) {
      const result = await transforms
        .input(new Blob([cover.bytes]).stream())
        .transform({ width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, fit: "cover", gravity: "center" })
        .output({ format: "image/jpeg", quality });
      const bytes = new Uint8Array(await result.response().arrayBuffer());
      if (jpegSize(bytes) === null) break;
      const stripped = stripImageMetadata(bytes, "image/jpeg");
      if (isShareImage(stripped)) return { bytes: stripped, contentType: "image/jpeg", extension: "jpg" };
      if (stripped.length <= SHARE_IMAGE_MAX_BYTES) break;
    }
    console.error("the cover's share image was not a 1200x630 JPEG within 600 KB; the site's is used");
  } catch (error) {
    console.error("could not make the cover's share image; the site's is used", error);
  }
  return null;
}
