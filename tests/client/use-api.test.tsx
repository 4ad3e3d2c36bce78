// The data hook: shared requests, stale answers dropped, interval refresh and retry.
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Read } from "../../client/api/endpoints";
import { useApi } from "../../client/api/useApi";

/** A read whose answers the test hands out one by one, in any order. */
function controlledRead(key = "owner GET /api/test") {
  const pending: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(() => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })));
  const read: Read<string> = { key, load };
  return { read, load, pending };
}

describe("useApi", () => {
  afterEach(() => vi.useRealTimers());

  it("sends one request for two components reading the same endpoint, and gives both the answer", async () => {
    const { read, load, pending } = controlledRead();
    const first = renderHook(() => useApi(read));
    const second = renderHook(() => useApi(read));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => pending[0].resolve("answer"));
    expect(first.result.current.data).toBe("answer");
    expect(second.result.current.data).toBe("answer");
  });

  it("keeps only the newest request's answer when an older one arrives later", async () => {
    const { read, load, pending } = controlledRead();
    const { result } = renderHook(() => useApi(read));
    act(() => void result.current.retry());
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => pending[1].resolve("new"));
    await act(async () => pending[0].resolve("old"));
    expect(result.current.data).toBe("new");
    expect(result.current.loading).toBe(false);
  });

  it("drops an answer that arrives after a local change, and one for a component that moved to another endpoint", async () => {
    const one = controlledRead("owner GET /api/one");
    const two = controlledRead("owner GET /api/two");
    const { result, rerender } = renderHook(({ read }) => useApi(read), { initialProps: { read: one.read } });
    act(() => result.current.setData("saved"));
    await act(async () => one.pending[0].resolve("stale"));
    expect(result.current.data).toBe("saved");

    rerender({ read: two.read });
    expect(result.current.data).toBeNull();
    act(() => void result.current.retry());
    await act(async () => two.pending[1].resolve("two"));
    await act(async () => two.pending[0].resolve("older two"));
    expect(result.current.data).toBe("two");
  });

  it("does not update a component that unmounted", async () => {
    const { read, pending } = controlledRead();
    const { result, unmount } = renderHook(() => useApi(read));
    const seen = result.current;
    unmount();
    await act(async () => pending[0].resolve("late"));
    expect(result.current).toBe(seen);
  });

  it("reads again every refreshMs, once for all the components asking", async () => {
    vi.useFakeTimers();
    const { read, load, pending } = controlledRead();
    const { result } = renderHook(() => useApi(read, { refreshMs: 30_000 }));
    renderHook(() => useApi(read, { refreshMs: 30_000 }));
    await act(async () => pending[0].resolve("first"));
    await act(async () => vi.advanceTimersByTime(29_999));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => pending[1].resolve("second"));
    expect(result.current.data).toBe("second");
  });

  it("keeps the data when a refresh fails, and a retry that succeeds clears the failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { read, pending } = controlledRead();
    const { result } = renderHook(() => useApi(read));
    await act(async () => pending[0].reject(new TypeError("offline")));
    expect(result.current.error).toBeInstanceOf(TypeError);
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => void (outcome = result.current.retry()));
    await act(async () => pending[1].resolve("back"));
    await expect(outcome).resolves.toBeNull();
    expect(result.current).toMatchObject({ data: "back", error: null });
    act(() => void result.current.retry());
    await act(async () => pending[2].reject(new TypeError("offline again")));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(TypeError));
    expect(result.current.data).toBe("back");
  });
});
