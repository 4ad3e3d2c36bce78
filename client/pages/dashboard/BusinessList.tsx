// The dashboard's left column: the owner's businesses (cover or 'No Image', name). On narrow
// screens its title is a button that folds the list away; it starts folded there, as the landing
// lists each venue with its now (VenueCards) and a chosen venue needs the screen.
import { useEffect, useState } from "react";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { Cover } from "./PlaceDetails";
import { NARROW_SCREEN, useMediaQuery } from "./useMediaQuery";

export const BUSINESS_LIST_TITLE = "Your Businesses";

export function BusinessList({
  places,
  selectedId,
  onSelect,
}: {
  places: OwnedPlace[];
  selectedId: number | null;
  onSelect: (placeId: number) => void;
}) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [open, setOpen] = useState(false);
  // Choosing a business on a phone folds the list so its details come into view.
  useEffect(() => {
    if (selectedId !== null) setOpen(false);
  }, [selectedId]);
  const expanded = !narrow || open;

  return (
    <nav className="business-list" aria-labelledby="business-list-title">
      <h2 id="business-list-title">
        {narrow ? (
          <button type="button" className="collapse-toggle" aria-expanded={open} aria-controls="business-list-items" onClick={() => setOpen(!open)}>
            {BUSINESS_LIST_TITLE}
          </button>
        ) : (
          BUSINESS_LIST_TITLE
        )}
      </h2>
      <ul id="business-list-items" hidden={!expanded}>
        {places.map((place) => (
          <li key={place.id}>
            <button
              type="button"
              className="business-item"
              aria-current={place.id === selectedId ? "true" : undefined}
              onClick={() => onSelect(place.id)}
            >
              <Cover place={place} className="business-thumb" decorative />
              <span>{place.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
