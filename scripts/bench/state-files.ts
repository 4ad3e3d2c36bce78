// What a served app's state folder holds, read straight from its SQLite files (read-only, beside the
// running workerd): the local D1 and the Durable Objects' own databases. The bench and
// `npm run faults` check stored data this way, not through the app they are checking.
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** How long a read waits for the running workerd's write to end ("database is locked"). */
const BUSY_TIMEOUT_MS = 5_000;

/** The app's local D1: the SQLite file of the state folder that holds the app's tables. */
export function d1File(stateDir: string): string {
  const folder = path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  for (const name of readdirSync(folder).filter((file) => file.endsWith(".sqlite") && file !== "metadata.sqlite")) {
    const db = new DatabaseSync(path.join(folder, name), { readOnly: true, timeout: BUSY_TIMEOUT_MS });
    try {
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'occupancy_15m'").get()) return path.join(folder, name);
    } finally {
      db.close();
    }
  }
  throw new Error(`no D1 database with the app's tables in ${folder}`);
}

/** The rows of one read-only query of a SQLite file. */
export function readSqlite<T>(file: string, sql: string, ...params: (number | string)[]): T[] {
  const db = new DatabaseSync(file, { readOnly: true, timeout: BUSY_TIMEOUT_MS });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The SQLite files of one Durable Object class (`className` as wrangler.toml binds it) that hold `table`. */
export function objectFiles(stateDir: string, className: string, table: string): string[] {
  const folder = path.join(stateDir, "v3", "do", `third-place-${className}`);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
    .map((name) => path.join(folder, name))
    .filter((file) => readSqlite(file, "SELECT 1 FROM sqlite_master WHERE name = ?", table).length > 0);
}

export interface StoredReading {
  device_id: number;
  minute: number;
  ts: number;
  count: number;
  implausible_packed: number | null;
}

/** Every reading stored in the PlaceOccupancy objects' own SQLite. */
export function storedReadings(stateDir: string): StoredReading[] {
  return objectFiles(stateDir, "PlaceOccupancy", "readings").flatMap((file) =>
    readSqlite<StoredReading>(file, "SELECT device_id, minute, ts, count, implausible_packed FROM readings"),
  );
}
