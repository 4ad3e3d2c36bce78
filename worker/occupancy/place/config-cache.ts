import type { OccupancyConfig } from "../../db/occupancy";
import { MINUTE_MS } from "../aggregate";
import type { Meta } from "./meta";

/** Thresholds are re-read from D1 this often (placeChanged() refreshes them at once). */
export const CONFIG_TTL_MS = 10 * MINUTE_MS;

/** The place's thresholds, calibration and time zone from D1 (worker/db/occupancy.ts), kept CONFIG_TTL_MS. */
export class ConfigCache {
  private config: { value: OccupancyConfig; loadedAt: number } | null = null;

  constructor(
    private readonly meta: Meta,
    private readonly read: (placeId: number) => Promise<OccupancyConfig | null>,
  ) {}

  /** Null before the object knows its place, or when D1 has no such place (it was deleted). */
  async load(): Promise<OccupancyConfig | null> {
    const now = Date.now();
    if (this.config && now - this.config.loadedAt < CONFIG_TTL_MS) return this.config.value;
    const placeId = this.meta.placeId();
    if (placeId === null) return null;
    const value = await this.read(placeId);
    this.config = value ? { value, loadedAt: now } : null;
    return value;
  }

  forget() {
    this.config = null;
  }
}
