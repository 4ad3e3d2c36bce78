// Share images made in Node with sharp (scripts/share-image.ts): the seed's, from a venue's SVG
// cover, and the site's own (public/images/share.jpg) pass the same rules as an upload's.
// Needs Node (sharp is native): runs in the client project, as every *.node.test.ts does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shareJpeg, siteShareSvg } from "../../scripts/share-image";
import { coverSvg } from "../../scripts/seed-data/covers";
import { seedVenues } from "../../scripts/seed-data/venues";
import { isShareImage, jpegSize } from "../../worker/lib/share-image-rules";
import { jpegMarkers } from "./image-fixtures";

describe("share images made in Node", () => {
  it("turn a seed venue's SVG cover into a 1200×630 JPEG within 600 KB without metadata", async () => {
    const bytes = await shareJpeg(coverSvg(seedVenues[0]));
    expect(isShareImage(bytes)).toBe(true);
    expect(jpegSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(jpegMarkers(bytes).filter((marker) => marker >= 0xe1 && marker <= 0xef)).toEqual([]);
  });

  it("include the site's own, committed as public/images/share.jpg", async () => {
    const committed = new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../public/images/share.jpg")));
    expect(isShareImage(committed)).toBe(true);
    expect(isShareImage(await shareJpeg(siteShareSvg()))).toBe(true);
  });
});
