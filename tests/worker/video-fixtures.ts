// Clips made with ffmpeg (tests/fixtures/videos/README.md), as bytes. The box parser and the
// crafted files are in video-boxes.ts (which the bench imports too: Node has no "?inline").
import appleKeysMp4 from "../fixtures/videos/apple-keys.mp4?inline";
import fragmentsMp4 from "../fixtures/videos/fragments.mp4?inline";
import locatedFragmentsMov from "../fixtures/videos/located-fragments.mov?inline";
import locatedMov from "../fixtures/videos/located.mov?inline";
import taggedWebm from "../fixtures/videos/tagged.webm?inline";

const fromDataUrl = (url: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (ch) => ch.charCodeAt(0));

/** QuickTime, mdat before moov, udta with ©xyz (+40.7128-074.0060/), ©mak, ©mod and ©swr. */
export const LOCATED_MOV = fromDataUrl(locatedMov);
/** MP4, moov before mdat, udta/meta with Apple's location, make, model and software keys. */
export const APPLE_KEYS_MP4 = fromDataUrl(appleKeysMp4);
/** WebM (VP8, Opus) with a Title in Info and Tags holding a title, a location and an encoder. */
export const TAGGED_WEBM = fromDataUrl(taggedWebm);
/**
 * Fragmented MP4 (empty moov, default-base-is-moof, two sidx, mfra) with Apple's location, make,
 * model and software keys: 4 fragments of 5 pictures and their sound.
 */
export const FRAGMENTS_MP4 = fromDataUrl(fragmentsMp4);
/**
 * Fragmented QuickTime (the first fragment's samples in moov, then moofs with base_data_offset,
 * mfra) with ©xyz, ©mak and ©mod, and a text track ("Our table") whose traf is the last fragment's third.
 */
export const LOCATED_FRAGMENTS_MOV = fromDataUrl(locatedFragmentsMov);
