// The rules of storing an imported history as raw readings (worker/occupancy/place/history-import.ts);
// the import itself is tested through the API in history-import.test.ts.
import { describe, expect, it } from "vitest";
import { RETENTION_MS } from "../../worker/occupancy/reading-window";
import { importRawStart, rememberImportDevice } from "../../worker/occupancy/place/history-import";
import { Meta } from "../../worker/occupancy/place/meta";
import { inFreshObject } from "./place-fixtures";

const T = Date.UTC(2031, 4, 13, 16, 0); // a quarter-hour boundary
const hour = 60 * 60_000;
const QUARTER = 15 * 60_000;

describe("an imported history's raw readings", () => {
  it("start at the first quarter hour wholly within the retention, or later where the raw coverage starts later", () => {
    expect(importRawStart(T - RETENTION_MS - hour, T)).toBe(T - RETENTION_MS + QUARTER);
    expect(importRawStart(T - RETENTION_MS - hour, T + 60_000)).toBe(T - RETENTION_MS + QUARTER);
    expect(importRawStart(T - hour, T)).toBe(T - hour);
  });

  it("remember the imported history's device as the one that yields, writing only when it changes", async () => {
    const [first, again, other] = await inFreshObject((storage) => {
      const meta = new Meta(storage.sql);
      const writes = () => storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM meta WHERE key = 'import_device'").one().n;
      rememberImportDevice(meta, 9);
      const first = [meta.importDevice(), writes()];
      storage.sql.exec("DELETE FROM meta WHERE key = 'import_device'");
      rememberImportDevice(meta, 9);
      const again = [meta.importDevice(), writes()];
      rememberImportDevice(meta, 10);
      return [first, again, [new Meta(storage.sql).importDevice(), writes()]];
    });
    expect(first).toEqual([9, 1]);
    // Known in memory: the same device again writes nothing.
    expect(again).toEqual([9, 0]);
    expect(other).toEqual([10, 1]);
  });
});
