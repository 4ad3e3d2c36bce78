// The per-isolate slot that lets one video post at a time through (docs/live-looks.md#one-video-post-at-a-time):
// work held open by the test, never a timer.
import { describe, expect, it } from "vitest";
import { isolateSlot } from "../../worker/lib/isolate-slot";

const busy = () => new Error("busy");
/** Work that runs until the test releases it (or fails it). */
function heldWork() {
  let release!: (value: string) => void;
  let failWith!: (error: Error) => void;
  let started = false;
  const done = new Promise<string>((resolve, reject) => {
    release = resolve;
    failWith = reject;
  });
  return {
    work: () => {
      started = true;
      return done;
    },
    release: (value: string) => release(value),
    fail: (error: Error) => failWith(error),
    started: () => started,
  };
}

describe("isolateSlot", () => {
  it("refuses a second holder while the first runs, without running it, and lets one in once the first is done", async () => {
    const run = isolateSlot();
    const first = heldWork();
    const firstResult = run(first.work, busy);
    const second = heldWork();
    await expect(run(second.work, busy)).rejects.toThrow("busy");
    expect(second.started()).toBe(false);
    first.release("first");
    expect(await firstResult).toBe("first");
    expect(await run(async () => "third", busy)).toBe("third");
  });

  it("is free again after work that fails", async () => {
    const run = isolateSlot();
    const failing = heldWork();
    const result = run(failing.work, busy);
    failing.fail(new Error("unreadable"));
    await expect(result).rejects.toThrow("unreadable");
    expect(await run(async () => "next", busy)).toBe("next");
  });

  it("keeps slots apart", async () => {
    const [videos, other] = [isolateSlot(), isolateSlot()];
    const held = heldWork();
    const result = videos(held.work, busy);
    expect(await other(async () => "other", busy)).toBe("other");
    held.release("video");
    expect(await result).toBe("video");
  });
});
