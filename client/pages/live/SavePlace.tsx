// The profile's Save / Saved (docs/app.md#save-buttons), an island of its own (BarProfile.tsx).
import type { PublicPlace } from "../../../common/schemas/answers";
import { InstallOffer } from "../../app/InstallOffer";
import { SaveButton } from "../../app/SaveButton";
import { useSavedPlaces } from "../../app/useSavedPlaces";

/** Save / Saved, the install offer once saved, and a failed save's sentence (docs/app.md#save-buttons). */
export default function SavePlace({ place }: { place: Pick<PublicPlace, "id" | "name"> }) {
  const saving = useSavedPlaces();
  return (
    <>
      <SaveButton
        placeName={place.name}
        saved={saving.isSaved(place.id)}
        signedIn={saving.signedIn}
        busy={saving.busyId === place.id}
        onToggle={() => void saving.toggle(place)}
      />
      <InstallOffer onlyWhenOffered />
      {saving.error ? <p role="alert">{saving.error}</p> : null}
    </>
  );
}
