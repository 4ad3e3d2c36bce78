// Save / Saved toggle for a place (docs/app.md#saved-places-and-suggestions). Presentational: the
// page that mounts it owns the request (maps never fetch), and passes whether the visitor is signed
// in; signed out, it is a link to everyone's sign-in page (/signin, where a newcomer can also create
// an account) that comes back here.
import { PageLink, useHere } from "../lib/pageLink";
import { consumerSignInPath } from "../api/signInPaths";

export interface SaveButtonProps {
  placeName: string;
  saved: boolean;
  signedIn: boolean;
  /** While the save or unsave is on its way. */
  busy?: boolean;
  onToggle: () => void;
}

export function SaveButton({ placeName, saved, signedIn, busy = false, onToggle }: SaveButtonProps) {
  const location = useHere();
  if (!signedIn) {
    return (
      <PageLink className="save-button" to={consumerSignInPath(`${location.pathname}${location.search}`)}>
        Sign in to save <span className="visually-hidden">{placeName}</span>
      </PageLink>
    );
  }
  return (
    <button type="button" className="save-button" aria-pressed={saved} disabled={busy} onClick={onToggle}>
      {saved ? "Saved" : "Save"} <span className="visually-hidden">{placeName}</span>
    </button>
  );
}
