// The live map's filters are a form the server answers (GET /live-look?level=Packed&open_now=1,
// docs/server-rendering.md#the-live-map-as-islands): with JavaScript off, "Apply" sends it. This
// plain island only makes it smoother: a change applies at once, to the address without defaults
// (liveFilterParams), and the new page opens at the filters, where the visitor was.
import { liveFilterParams, readLiveFilters } from "./liveList";

/** The form's id, and the new page's fragment. */
export const LIVE_FILTERS_ID = "live-filters";

/** Where the form's filters lead from `at`, defaults left out; null when they are the page's already. */
export function filtersAddress(form: HTMLFormElement, at: { pathname: string; search: string }): string | null {
  const sent = new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)]));
  const query = liveFilterParams(readLiveFilters(sent)).toString();
  const search = query ? `?${query}` : "";
  // The quiet hour changed while its filter is off: nothing to ask the server.
  return search === at.search ? null : `${at.pathname}${search}#${LIVE_FILTERS_ID}`;
}

export function enhanceLiveFilters(marker: HTMLElement): () => void {
  const form = marker.querySelector("form")!;
  const onChange = () => form.requestSubmit();
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const address = filtersAddress(form, location);
    if (address) location.assign(address);
  };
  form.addEventListener("change", onChange);
  form.addEventListener("submit", onSubmit);
  return () => {
    form.removeEventListener("change", onChange);
    form.removeEventListener("submit", onSubmit);
  };
}
