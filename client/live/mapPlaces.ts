// The live page's venues as its map shows them (client/live/venueMap.ts): which have a position,
// and what the map says of each. Here, not in the map's module, so the map draws what the page gives it.
import type { LivePlace } from "../../common/schemas/answers";
import { levelText, placeDisplay } from "./levels";
import type { MappedPlace, PlaceOnMap } from "./venueMap";
import { liveSummary } from "./whenToGo";

export function hasPosition(place: LivePlace): place is MappedPlace {
  return place.latitude !== null && place.longitude !== null;
}

/** What the map says of a venue at `now`: closed venues say when they open instead of their level. */
export function describeOnMap(place: LivePlace, now: number, locale: string): PlaceOnMap {
  const said = liveSummary(place, now, locale);
  const { className, symbol } = placeDisplay(place);
  const level = levelText(place.level);
  return {
    className,
    symbol,
    state: said.closed ?? level,
    levelLine: said.closed ?? `Level: ${level}`,
    notes: [said.people, said.vsUsual, said.silent].filter((text): text is string => Boolean(text)),
  };
}
