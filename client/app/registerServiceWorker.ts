// Registers /sw.js (docs/app.md#service-worker). Loaded by main.tsx with a dynamic import after the
// page's load event, so no marketing page carries it in its first-view JavaScript. A new version
// is announced ("Update available — reload") and applied only when the visitor chooses it.
import { SKIP_WAITING_MESSAGE } from "../sw/policy";

/** The announcement: plain DOM, so it needs no React tree of its own. */
export function showUpdateBanner(waiting: ServiceWorker, doc: Document = document): HTMLElement {
  const banner = doc.createElement("div");
  banner.className = "update-banner";
  banner.setAttribute("role", "status");
  banner.append("Update available — ");
  const reload = doc.createElement("button");
  reload.type = "button";
  reload.textContent = "reload";
  reload.addEventListener("click", () => {
    reload.disabled = true;
    waiting.postMessage(SKIP_WAITING_MESSAGE);
  });
  banner.append(reload);
  doc.body.append(banner);
  return banner;
}

export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  // A page that had a worker already is being updated, not installed for the first time.
  const hadController = container.controller !== null;
  const registration = await container.register("/sw.js", { scope: "/" });
  const announce = (worker: ServiceWorker) => {
    if (container.controller) showUpdateBanner(worker);
  };
  if (registration.waiting) announce(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") announce(installing);
    });
  });
  // The new worker took over because the visitor chose to: load the page again on its files. (On a
  // first install the worker claims the page too; nothing changed, so no reload.)
  let reloaded = false;
  container.addEventListener("controllerchange", () => {
    if (!hadController || reloaded) return;
    reloaded = true;
    window.location.reload();
  });
}
