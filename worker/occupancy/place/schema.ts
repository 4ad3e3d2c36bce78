// The place object's own SQLite tables and their migrations (docs/architecture.md#from-sensor-to-chart).
import { MINUTE_MS } from "../aggregate";

/**
 * One reading per device and minute (the minute's last; aggregation uses no other), so what a
 * sensor can store is bounded by the clock, not by how much it sends. `ts` is when the reading
 * counts (its arrival when the sensor stamped it ahead); `sent_ts` is the sensor's stamp when that
 * differs, which still identifies the reading for duplicates. `implausible_packed` is the packed
 * threshold a flagged count exceeded ten times over: kept, but out of live and rollup numbers.
 */
const READINGS_TABLE = `
  CREATE TABLE IF NOT EXISTS readings (
    minute INTEGER NOT NULL, device_id INTEGER NOT NULL, ts INTEGER NOT NULL, count INTEGER NOT NULL,
    sent_ts INTEGER, implausible_packed INTEGER,
    PRIMARY KEY (minute, device_id)
  ) WITHOUT ROWID;
`;

const SCHEMA = `
${READINGS_TABLE}
  CREATE TABLE IF NOT EXISTS devices (
    device_id INTEGER PRIMARY KEY, reading_ts INTEGER, count INTEGER, heartbeat_at INTEGER,
    firmware TEXT, uptime_s INTEGER, rssi INTEGER, count_since INTEGER, drift_ms INTEGER
  );
  CREATE TABLE IF NOT EXISTS pending_buckets (bucket_start INTEGER PRIMARY KEY, marks INTEGER NOT NULL DEFAULT 1);
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS revoked_devices (device_id INTEGER PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS pending_alerts (id INTEGER PRIMARY KEY AUTOINCREMENT, alert TEXT NOT NULL);
`;

const columnsOf = (sql: SqlStorage, table: string) =>
  sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`).toArray().map((column) => column.name);

/** Creates the tables, and brings those of an object created by an older version up to date. */
export function migrateSchema(storage: DurableObjectStorage) {
  const sql = storage.sql;
  sql.exec(SCHEMA);
  // Objects created before pending_buckets counted its marks get the column (a no-op after that).
  if (!columnsOf(sql, "pending_buckets").includes("marks")) {
    sql.exec("ALTER TABLE pending_buckets ADD COLUMN marks INTEGER NOT NULL DEFAULT 1");
  }
  // Objects created when readings were keyed by (ts, device) keep each minute's last reading.
  if (!columnsOf(sql, "readings").includes("minute")) {
    storage.transactionSync(() =>
      sql.exec(`
        ALTER TABLE readings RENAME TO readings_by_ts;
        ${READINGS_TABLE}
        INSERT INTO readings (minute, device_id, ts, count)
          SELECT ts - ts % ${MINUTE_MS}, device_id, ts, count FROM readings_by_ts WHERE true ORDER BY ts
          ON CONFLICT (minute, device_id) DO UPDATE SET ts = excluded.ts, count = excluded.count;
        DROP TABLE readings_by_ts;
      `),
    );
  }
  // Objects created before sensor health tracked these get them, empty until the next reading.
  const deviceColumns = columnsOf(sql, "devices");
  for (const column of ["count_since", "drift_ms"]) {
    if (!deviceColumns.includes(column)) sql.exec(`ALTER TABLE devices ADD COLUMN ${column} INTEGER`);
  }
  sql.exec("CREATE INDEX IF NOT EXISTS readings_sent_ahead ON readings (device_id, sent_ts) WHERE sent_ts IS NOT NULL");
}

/** Empties every table: the place was deleted, and its D1 rows went with it. */
export function deleteEverything(sql: SqlStorage) {
  sql.exec(
    "DELETE FROM readings; DELETE FROM devices; DELETE FROM pending_buckets; DELETE FROM meta; DELETE FROM revoked_devices; DELETE FROM pending_alerts;",
  );
}
