// The owner's Edit form of a place (spec §2): name, address, phone, website and the fourteen hour
// fields; Update sends them with `favorite` as JSON (spec §7, owner view).
import { WEEKDAYS, type OwnedPlace, type PlaceHours } from "../../../worker/schemas/answers";

export type PlaceEditValues = Pick<OwnedPlace, "name" | "address" | "phone_number" | "website"> & PlaceHours;
export type PlaceUpdatePayload = PlaceEditValues & { favorite: boolean };

export const HOUR_FIELDS = WEEKDAYS.flatMap((day) => [`${day}_open`, `${day}_close`] as const);

export function placeEditValues(place: OwnedPlace): PlaceEditValues {
  const hours = Object.fromEntries(HOUR_FIELDS.map((field) => [field, place[field]])) as PlaceHours;
  return { name: place.name, address: place.address, phone_number: place.phone_number, website: place.website, ...hours };
}

export function toPlaceUpdate(values: PlaceEditValues, place: OwnedPlace): PlaceUpdatePayload {
  return {
    ...values,
    name: values.name.trim(),
    address: values.address.trim(),
    phone_number: values.phone_number.trim(),
    website: values.website.trim(),
    favorite: place.favorite,
  };
}
