// Clips made with ffmpeg (tests/fixtures/videos/README.md), as bytes. The box parser and the
// crafted files are in video-boxes.ts (which the bench imports too: Node has no "?inline").
import appleKeysMp4 from "../fixtures/videos/apple-keys.mp4?inline";
import locatedMov from "../fixtures/videos/located.mov?inline";
import taggedWebm from "../fixtures/videos/tagged.webm?inline";

const fromDataUrl = (url: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (ch) => ch.charCodeAt(0));

/** QuickTime, mdat before moov, udta with ©xyz (+40.7128-074.0060/), ©mak, ©mod and ©swr. */
export const LOCATED_MOV = fromDataUrl(locatedMov);
/** MP4, moov before mdat, udta/meta with Apple's location, make, model and software keys. */
export const APPLE_KEYS_MP4 = fromDataUrl(appleKeysMp4);
/** WebM (VP8, Opus) with a Title in Info and Tags holding a title, a location and an encoder. */
export const TAGGED_WEBM = fromDataUrl(taggedWebm);
