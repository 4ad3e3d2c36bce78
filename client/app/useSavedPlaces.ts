// Saving places from the profile and the live map (docs/app.md#save-buttons): whether the visitor is
// signed in, which places they saved, and the toggle the save buttons call. Saving offers to
// install the app (Chromium's prompt, or the iPhone guide; docs/app.md#install).
import { useState } from "react";
import { writeFailure } from "../api/endpoints";
import { savedApi } from "../api/savedEndpoints";
import { useApi } from "../api/useApi";
import { useSignedIn } from "../api/useSignedIn";
import { offerInstall } from "./install";

export interface SavedPlacesState {
  signedIn: boolean;
  isSaved: (placeId: number) => boolean;
  /** The place whose save or unsave is on its way. */
  busyId: number | null;
  toggle: (place: { id: number; name: string }) => Promise<void>;
  /** The last failed toggle's sentence, for a role="alert". */
  error: string | null;
}

export function useSavedPlaces(): SavedPlacesState {
  // The session is this browser's: the worker renders every visitor's page signed out, and so
  // does hydration (docs/server-rendering.md#the-same-render-twice).
  const signedIn = useSignedIn();
  const saved = useApi(signedIn ? savedApi.list() : null);
  // What this page changed, ahead of the list's next answer.
  const [changed, setChanged] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isSaved = (placeId: number) => changed.get(placeId) ?? saved.data?.places.some((place) => place.id === placeId) ?? false;

  const toggle = async (place: { id: number; name: string }) => {
    const save = !isSaved(place.id);
    setBusyId(place.id);
    setError(null);
    try {
      if (save) await savedApi.save(place.id);
      else await savedApi.unsave(place.id);
      setChanged((current) => new Map(current).set(place.id, save));
      if (save) offerInstall();
      void saved.retry();
    } catch (failure) {
      setError(writeFailure(failure, `Could not ${save ? "save" : "unsave"} ${place.name}.`, "Something went wrong. Please try again."));
    } finally {
      setBusyId(null);
    }
  };
  return { signedIn, isSaved, busyId, toggle, error };
}
