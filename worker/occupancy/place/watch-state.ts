import type { OccupancyConfig } from "../../db/occupancy";
import type { Database } from "../../db/client";
import { isWatched } from "../../db/watches";
import { fanOutOf, type WatchChange } from "../../watches/changes";
import { stepLevelEpisode, UNKNOWN_EPISODE, type LevelEpisode } from "../../watches/level-episode";
import { percentOf, levelOf } from "../levels";
import { closedAt } from "../../../common/opening-hours";
import type { DeviceRegistry } from "./device-registry";
import { liveSnapshotOf } from "./live-snapshot";
import type { Meta } from "./meta";

/** Changes waiting for the alarm beyond this many are dropped, the oldest first (the cool-down makes it unlikely). */
const MAX_PENDING = 10;

export interface WatchParts {
  storage: DurableObjectStorage;
  meta: Meta;
  devices: DeviceRegistry;
  env: Pick<Env, "WATCH_QUEUE">;
  db: () => Database;
}

/**
 * The place's side for "tell me when" (docs/watches.md#once-per-episode): steps the level episode
 * with each stored reading (O(1): the devices' latest counts in memory, no D1) and keeps what fired
 * in meta "watch_pending", in one transaction with the episode ("watch_level"). The alarm sends
 * each change as one message on WATCH_QUEUE, whose consumer fans it out to the watchers; the
 * sensor's request never waits for either.
 */
export class WatchState {
  /** The episode as meta "watch_level" holds it, parsed once (null until read). */
  private episode: LevelEpisode | null = null;

  constructor(private readonly parts: WatchParts) {}

  evaluate(placeId: number, config: OccupancyConfig, now: number) {
    // Closed by its hours, a count (cleaners, a sensor left on) is no news: the place reads as silent,
    // so the episode forgets its side and the first count after opening fires nothing (docs/watches.md#closed).
    const live = closedAt(config.hours, config.timeZone, now)
      ? { people: null, updatedAt: null }
      : liveSnapshotOf(this.parts.devices.recentCounts(now), config, now, this.parts.meta.importDevice());
    const before = (this.episode ??= this.stored<LevelEpisode>("watch_level") ?? UNKNOWN_EPISODE);
    const { episode, fired } = stepLevelEpisode(before, live, config.livelyThreshold, now);
    if (episode === before) return;
    this.parts.storage.transactionSync(() => {
      this.parts.meta.set("watch_level", JSON.stringify(episode));
      if (fired && live.people !== null) {
        const change: WatchChange = {
          key: `${fired}:${placeId}:${now}`,
          place_id: placeId,
          at: now,
          kind: fired,
          level: levelOf(live.people, config),
          percent: percentOf(live.people, config.packedThreshold),
        };
        this.parts.meta.set("watch_pending", JSON.stringify([...this.pending(), change].slice(-MAX_PENDING)));
      }
    });
    this.episode = episode;
  }

  /** The alarm's part: queues each pending change that someone watches, then forgets them. A failure keeps them for the next alarm. */
  async flush(placeId: number) {
    const pending = this.pending();
    if (pending.length === 0) return;
    try {
      for (const change of pending) {
        if (await isWatched(this.parts.db(), placeId, change.kind)) await this.parts.env.WATCH_QUEUE.send(fanOutOf(change), { contentType: "json" });
      }
      this.parts.meta.set("watch_pending", "[]");
    } catch (error) {
      console.error(`place ${placeId}: queueing watch changes failed; retrying on the next alarm`, error);
    }
  }

  /** Drops the parsed episode: meta may differ from it (a write failed, or it was emptied). */
  forget() {
    this.episode = null;
  }

  private pending(): WatchChange[] {
    return this.stored<WatchChange[]>("watch_pending") ?? [];
  }

  private stored<T>(key: string): T | null {
    const value = this.parts.meta.get(key);
    return value === null ? null : (JSON.parse(value) as T);
  }
}
