// The output of a metadata strip (images: docs/live-looks.md#the-part-bound, videos:
// docs/live-looks.md#videos): kept ranges are copied into one buffer, allocated once at the first write (never one
// view per part), and every part walked, kept or not, is counted against a bound, so a crafted file
// of millions of empty parts is refused after the bound's worth of steps.

export class BoundedCopy {
  private readonly capacity: number;
  /** Allocated at the first write: a file refused while its parts are walked never costs it. */
  private buffer: Uint8Array | null = null;
  private readonly maxParts: number;
  private readonly tooMany: () => Error;
  private length = 0;
  private parts = 0;

  /** `capacity`: the most bytes written; `maxParts`: the most parts walked before `tooMany()` is thrown. */
  constructor(capacity: number, maxParts: number, tooMany: () => Error) {
    this.capacity = capacity;
    this.maxParts = maxParts;
    this.tooMany = tooMany;
  }

  private get out(): Uint8Array {
    this.buffer ??= new Uint8Array(this.capacity);
    return this.buffer;
  }

  /** Counts one part walked (a segment, chunk, box or element), kept or not. */
  walked() {
    if (++this.parts > this.maxParts) throw this.tooMany();
  }

  /** Copies bytes[from, to) to the end; returns where it was written. */
  keep(bytes: Uint8Array, from = 0, to = bytes.length): number {
    const at = this.length;
    this.out.set(bytes.subarray(from, to), at);
    this.length = at + to - from;
    return at;
  }

  /** Leaves `count` zero bytes at the end (filled later with `copyTo`, or left zero); returns where. */
  reserve(count: number): number {
    const at = this.length;
    this.length = at + count;
    return at;
  }

  /** Copies bytes[from, to) to `at`, inside what was written or reserved. */
  copyTo(bytes: Uint8Array, from: number, to: number, at: number) {
    this.out.set(bytes.subarray(from, to), at);
  }

  /** Where the next byte goes. */
  get written(): number {
    return this.length;
  }

  /** What was written so far (a view: a flag, size or offset may still be fixed in it). */
  get bytes(): Uint8Array {
    return this.out.subarray(0, this.length);
  }
}

/** Four bytes at `at` as text ("moov", "IDAT"). */
export const fourCC = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
