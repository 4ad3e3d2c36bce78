// One venue as its owner opens it during service (docs/insights.md#the-owners-evening): its name and
// device badge, a "now" strip (level, people, sensors) and its tabs, all on the first screen of a
// phone; details, co-owners and embeds wait under Settings.
import type { OwnedPlace } from "../../../common/schemas/answers";
import { DataPanel } from "./DataPanel";
import { DeviceBadge } from "./DeviceBadge";
import { EVENING_MESSAGES } from "./messages";
import { VenueNowLines } from "./VenueNow";

export function VenueView({ place, onSaved }: { place: OwnedPlace; onSaved: (place: OwnedPlace) => void }) {
  return (
    <div className="venue-view">
      <div className="venue-head">
        <h2>{place.name}</h2>
        <DeviceBadge placeId={place.id} />
      </div>
      <section className="now-strip" aria-label={EVENING_MESSAGES.nowStrip}>
        <VenueNowLines place={place} />
      </section>
      <DataPanel place={place} onSaved={onSaved} />
    </div>
  );
}
