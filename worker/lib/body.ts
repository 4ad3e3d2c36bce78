import { ApiError } from "./errors";

/** 413 naming the limit in the unit a person reads best. */
export function bodyTooLarge(maxBytes: number): ApiError {
  const limit = maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / (1024 * 1024))} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new ApiError(413, `Request body is larger than ${limit}.`);
}

/**
 * The request body, refused with 413 as soon as it passes `maxBytes`: a declared length is checked
 * first, and a chunked body without one is cut off while streaming, never buffered whole.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (Number(declared ?? "0") > maxBytes) throw bodyTooLarge(maxBytes);
  // The runtime delivers no more than a declared length, so such a body is read in one native call
  // (and without making a stream of it first).
  if (declared !== null && /^\d+$/.test(declared)) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw bodyTooLarge(maxBytes);
    return bytes;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
