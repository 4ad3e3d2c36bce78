// One holder at a time in this isolate (docs/live-looks.md#one-video-post-at-a-time). Module state
// lives as long as the isolate, which serves many requests at once and has 128 MB for all of them.

/**
 * A slot: `run(work, busy)` runs `work` when no other work of this slot is running in the isolate,
 * else throws `busy()` without running it. The slot is free again once `work` settles, however it ends.
 */
export function isolateSlot() {
  let held = false;
  return async function run<T>(work: () => Promise<T>, busy: () => Error): Promise<T> {
    if (held) throw busy();
    held = true;
    try {
      return await work();
    } finally {
      held = false;
    }
  };
}
