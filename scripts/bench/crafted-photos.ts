// A crafted photo costs what a photo costs (security review, issue 25 item 1): each type's 5 MB
// file of millions of empty parts (JPEG TEM markers, PNG IDAT chunks, WebP ALPH chunks) against a
// photo of the same size and type with a phone's metadata, posted as Live Looks taking turns request
// by request; the slowest crafted median divided by that type's photo median. The crafted files
// must be refused (422), the photos stored (201). docs/live-looks.md#the-part-bound.
import { craftedPhotos, photoOfSize } from "../../tests/worker/image-fixtures.ts";
import { BenchApi, fixed, passFail, percentile } from "./bench-api.ts";

const REQUESTS = 10;
const WARM_UP = 2;
const BUDGET = 3;
/** The photo's image data: the crafted files are as large as fits in the 5 MB limit. */
const PHOTO_BYTES = 5 * 1024 * 1024 - 64 * 1024;

let client = 0;

/**
 * A new account's access token, signed up from the post's own address: a Live Look needs an
 * account (issue 37), and one account posts 3 an hour at a venue (docs/live-looks.md#who-may-post).
 */
async function accountToken(baseUrl: string, address: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": address },
    body: JSON.stringify({ name: "Bench poster", email: `bench-crafted-${address}-${Date.now().toString(36)}@bench.example.com`, password: "a long enough password" }),
  });
  if (response.status !== 201) throw new Error(`signing up answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function benchCraftedPhotos(api: BenchApi): Promise<boolean> {
  console.log(`\n## Crafted photos: median of ${REQUESTS} Live Look posts one at a time, a 5 MB file of empty parts against a 5 MB photo`);
  console.log("| type | photo p50 ms | crafted p50 ms | crafted ÷ photo |");
  console.log("|---|---|---|---|");
  const crafted = craftedPhotos();
  let worst = 0;
  let allAnswered = true;
  for (const type of ["jpeg", "png", "webp"] as const) {
    // A venue of its own: the per-venue limit (30 posts a minute) holds this type's posts.
    const placeId = await api.createPlace({ name: `Bench crafted ${type} ${Date.now()}` });
    const posted: number[] = [];
    const timed = async (bytes: Uint8Array<ArrayBuffer>, expected: number) => {
      // Every post from its own address, so the per-client limit never answers instead.
      client++;
      const body = new FormData();
      body.set("text", "Bench photo");
      body.set("photo", new Blob([bytes], { type: `image/${type}` }), `photo.${type}`);
      const address = `198.19.${client >> 8}.${client & 0xff}`;
      const token = await accountToken(api.baseUrl, address);
      const started = performance.now();
      const response = await fetch(`${api.baseUrl}/api/places/${placeId}/live-looks`, {
        method: "POST",
        headers: { "cf-connecting-ip": address, authorization: `Bearer ${token}` },
        body,
      });
      const answer = (await response.json()) as { id?: number };
      const elapsed = performance.now() - started;
      allAnswered &&= response.status === expected;
      if (answer.id !== undefined) posted.push(answer.id);
      return elapsed;
    };
    const photo = photoOfSize(type, PHOTO_BYTES);
    for (let i = 0; i < WARM_UP; i++) await Promise.all([timed(photo, 201), timed(crafted[type], 422)]);
    const normal: number[] = [];
    const hostile: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      normal.push(await timed(photo, 201));
      hostile.push(await timed(crafted[type], 422));
    }
    // The stored photos (5 MB each) go again, so the rest of the bench runs on the state it had.
    for (const id of posted) await fetch(`${api.baseUrl}/api/live-looks/${id}`, { method: "DELETE", headers: api.adminHeaders });
    const [normalP50, hostileP50] = [normal, hostile].map((values) => percentile(values.toSorted((a, b) => a - b), 0.5));
    worst = Math.max(worst, hostileP50 / normalP50);
    console.log(`| ${type} | ${fixed(normalP50)} | ${fixed(hostileP50)} | ${fixed(hostileP50 / normalP50, 2)} |`);
  }
  const ok = worst <= BUDGET && allAnswered;
  console.log(
    `Budget: slowest crafted ÷ photo ≤ ${BUDGET}${allAnswered ? "" : " (some answers were not 201 for photos and 422 for crafted files)"} → ${fixed(worst, 2)} ${passFail(ok)}`,
  );
  return ok;
}
