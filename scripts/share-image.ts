// Share images made in Node with sharp (docs/search-and-previews.md#share-images): the seed's venues'
// from their SVG covers (the Images binding does not rasterise SVG, and the seed runs no worker),
// and the site's own, public/images/share.jpg, for pages and venues without one. Run this file to
// write the site's again: node --import ./scripts/bench/resolve-ts.ts scripts/share-image.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { isShareImage, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_QUALITIES, SHARE_IMAGE_WIDTH } from "../worker/lib/share-image-rules.ts";

/** An image (SVG, PNG, JPEG…) cropped to fill 1200×630, centred, as a JPEG without metadata that fits in 600 KB. */
export async function shareJpeg(input: string | Uint8Array): Promise<Uint8Array> {
  for (const quality of SHARE_IMAGE_QUALITIES) {
    // sharp writes no metadata unless asked (withMetadata).
    const bytes = new Uint8Array(
      await sharp(typeof input === "string" ? Buffer.from(input) : input, { density: 144 })
        .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: "cover", position: "centre" })
        .flatten({ background: "#111827" })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer(),
    );
    if (isShareImage(bytes)) return bytes;
  }
  throw new Error("the share image does not fit in 600 KB at any quality");
}

/** The site's share image: the logo and what the site is, on the app's dark header colour. */
export function siteShareSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#111827"/>
<g transform="translate(96 215) scale(3.125)"><rect width="64" height="64" rx="14" fill="#1f2937"/><circle cx="32" cy="32" r="18" fill="none" stroke="#f59e0b" stroke-width="6"/><circle cx="32" cy="32" r="6" fill="#f59e0b"/></g>
<text x="356" y="300" fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="96" font-weight="700">Third Place</text>
<text x="360" y="380" fill="#f59e0b" font-family="Helvetica, Arial, sans-serif" font-size="40">Know the vibe before you go</text>
<text x="360" y="440" fill="#9ca3af" font-family="Helvetica, Arial, sans-serif" font-size="30">How busy bars and restaurants are right now</text>
</svg>`;
}

if (import.meta.main) {
  const file = path.join(import.meta.dirname, "..", "public", "images", "share.jpg");
  const bytes = await shareJpeg(siteShareSvg());
  writeFileSync(file, bytes);
  console.log(`Wrote ${file} (${bytes.length} bytes).`);
}
