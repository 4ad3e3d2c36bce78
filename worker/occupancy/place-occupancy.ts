import { DurableObject } from "cloudflare:workers";

/**
 * One object per place: the single writer for that venue's readings and live numbers
 * (ARCHITECTURE.md §1, §5). Ingest and the alarm-driven rollups arrive with the occupancy issue.
 */
export class PlaceOccupancy extends DurableObject<Env> {}
