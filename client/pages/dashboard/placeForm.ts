// The owner's Edit form of a place: name, address, phone, website, whether visitors see counts
// (`public_counts`) and the fourteen hour fields; Update sends them with `favorite` as JSON (the owner's view in the API contract,
// docs/architecture.md#api-contract), checked first with the server's own schema so the same
// sentences show here.
import * as v from "valibot";
import type { OwnedPlace, PlaceHours } from "../../../common/schemas/answers";
import { HOUR_FIELDS, ownerPlaceUpdateSchema, placeConsistencyProblem } from "../../../common/schemas/place";
import { fieldErrors } from "../../lib/formErrors";

export type PlaceEditValues = Pick<OwnedPlace, "name" | "address" | "phone_number" | "website" | "public_counts"> & PlaceHours;
export type PlaceUpdatePayload = PlaceEditValues & { favorite: boolean };
export type PlaceEditErrors = Partial<Record<keyof PlaceEditValues | "form", string>>;

export function placeEditValues(place: OwnedPlace): PlaceEditValues {
  const hours = Object.fromEntries(HOUR_FIELDS.map((field) => [field, place[field]])) as PlaceHours;
  return {
    name: place.name,
    address: place.address,
    phone_number: place.phone_number,
    website: place.website,
    public_counts: place.public_counts,
    ...hours,
  };
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

/** Field messages for an update the server would refuse; empty when it would take it. */
export function validatePlaceEdit(values: PlaceEditValues, place: OwnedPlace): PlaceEditErrors {
  const payload = toPlaceUpdate(values, place);
  const result = v.safeParse(ownerPlaceUpdateSchema, payload);
  if (!result.success) return fieldErrors(result.issues);
  const problem = placeConsistencyProblem({ ...payload, lively_threshold: place.lively_threshold, packed_threshold: place.packed_threshold });
  return problem ? { [problem.field]: problem.message } : {};
}
