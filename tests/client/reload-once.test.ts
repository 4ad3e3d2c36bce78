import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadOrReloadOnce, reloadSeams } from "../../client/lib/reloadOnce";

const missingChunk = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/Old-abc123.js"));

describe("loadOrReloadOnce()", () => {
  const reload = vi.fn();
  beforeEach(() => {
    reload.mockReset();
    vi.spyOn(reloadSeams, "reload").mockImplementation(() => reload());
  });
  afterEach(() => sessionStorage.clear());

  it("reloads the page once when a chunk of an older deploy is gone, and does not settle", async () => {
    let settled = false;
    void loadOrReloadOnce(missingChunk).finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  it("fails for real the second time in a row, so the error page shows instead of a reload loop", async () => {
    void loadOrReloadOnce(missingChunk);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // After the reload the new page's chunk fails again.
    await expect(loadOrReloadOnce(missingChunk)).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("forgets the reload after a successful load, so a later deploy gets its own reload", async () => {
    void loadOrReloadOnce(missingChunk);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(await loadOrReloadOnce(() => Promise.resolve("page"))).toBe("page");
    void loadOrReloadOnce(missingChunk);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });
});
