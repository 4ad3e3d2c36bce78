// The place object's SQLite tables and migrations (worker/occupancy/place/schema.ts). The readings
// and devices migrations are also driven through ingest in ingest-integrity.test.ts and device-health.test.ts.
import { describe, expect, it } from "vitest";
import { deleteEverything, migrateSchema } from "../../worker/occupancy/place/schema";
import { inFreshObject } from "./place-fixtures";

const T = Date.UTC(2031, 4, 13, 16, 0);
const TABLES = ["readings", "devices", "pending_buckets", "meta", "revoked_devices", "pending_alerts"];

describe("the place object's schema", () => {
  it("gives pending_buckets of an object created before marks were counted the column, each row marked once", async () => {
    const rows = await inFreshObject((storage) => {
      storage.sql.exec("DROP TABLE pending_buckets");
      storage.sql.exec("CREATE TABLE pending_buckets (bucket_start INTEGER PRIMARY KEY)");
      storage.sql.exec("INSERT INTO pending_buckets (bucket_start) VALUES (?)", T);
      migrateSchema(storage);
      return storage.sql.exec("SELECT bucket_start, marks FROM pending_buckets").toArray();
    });
    expect(rows).toEqual([{ bucket_start: T, marks: 1 }]);
  });

  it("changes nothing on an object already up to date", async () => {
    const [before, after] = await inFreshObject((storage) => {
      storage.sql.exec("INSERT INTO readings (minute, device_id, ts, count) VALUES (?, 1, ?, 5)", T, T + 20_000);
      storage.sql.exec("INSERT INTO pending_buckets (bucket_start, marks) VALUES (?, 3)", T);
      const dump = () => TABLES.map((table) => storage.sql.exec(`SELECT * FROM ${table}`).toArray());
      const first = dump();
      migrateSchema(storage);
      migrateSchema(storage);
      return [first, dump()];
    });
    expect(after).toEqual(before);
    expect(after[0]).toEqual([{ minute: T, device_id: 1, ts: T + 20_000, count: 5, sent_ts: null, implausible_packed: null }]);
  });

  it("empties every table when the place is gone", async () => {
    const counts = await inFreshObject((storage) => {
      storage.sql.exec("INSERT INTO readings (minute, device_id, ts, count) VALUES (?, 1, ?, 5)", T, T);
      storage.sql.exec("INSERT INTO devices (device_id, reading_ts, count) VALUES (1, ?, 5)", T);
      storage.sql.exec("INSERT INTO pending_buckets (bucket_start) VALUES (?)", T);
      storage.sql.exec("INSERT INTO meta (key, value) VALUES ('place_id', '1')");
      storage.sql.exec("INSERT INTO revoked_devices (device_id) VALUES (2)");
      storage.sql.exec("INSERT INTO pending_alerts (alert) VALUES ('{}')");
      deleteEverything(storage.sql);
      return TABLES.map((table) => storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).one().n);
    });
    expect(counts).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
