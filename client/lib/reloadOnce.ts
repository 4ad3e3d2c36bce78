// A tab left open across a deploy asks for page chunks the new deploy no longer has: the server
// answers 404 and the lazy import fails. One reload fetches the new HTML and its new chunk names;
// a second failure in a row is a real error and goes to the error page.
const RELOADED_KEY = "tp_chunk_reload";

/** A seam so tests can see the reload without leaving the page. */
export const reloadSeams = {
  reload: () => window.location.reload(),
};

/** `load()`, reloading the page once instead of failing when a code chunk cannot be fetched. */
export async function loadOrReloadOnce<T>(load: () => Promise<T>): Promise<T> {
  const storage = sessionStorage;
  try {
    const loaded = await load();
    storage.removeItem(RELOADED_KEY);
    return loaded;
  } catch (error) {
    if (storage.getItem(RELOADED_KEY) !== null) {
      storage.removeItem(RELOADED_KEY);
      throw error;
    }
    storage.setItem(RELOADED_KEY, "1");
    reloadSeams.reload();
    // The page is going away; never settle, so no error page flashes before it does.
    return new Promise<T>(() => {});
  }
}
