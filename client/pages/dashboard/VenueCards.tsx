// The dashboard's landing: each of the owner's venues with its now (level, people, sensors' last
// reading), so "how full are we, are the sensors fine" is answered before choosing one.
import type { OwnedPlace } from "../../../common/schemas/answers";
import { EVENING_MESSAGES } from "./messages";
import { Cover } from "./PlaceDetails";
import { VenueNowLines } from "./VenueNow";

export function VenueCards({ places, onSelect }: { places: OwnedPlace[]; onSelect: (placeId: number) => void }) {
  return (
    <ul className="venue-cards">
      {places.map((place) => (
        <li key={place.id}>
          <section className="venue-card" aria-labelledby={`venue-card-${place.id}`}>
            <div className="venue-card-head">
              <Cover place={place} className="business-thumb" decorative />
              <h2 id={`venue-card-${place.id}`}>{place.name}</h2>
            </div>
            <VenueNowLines place={place} />
            <button type="button" className="button" onClick={() => onSelect(place.id)} aria-label={`${EVENING_MESSAGES.openVenue} ${place.name}`}>
              {EVENING_MESSAGES.openVenue}
            </button>
          </section>
        </li>
      ))}
    </ul>
  );
}
