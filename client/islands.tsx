// The public pages' entry (docs/server-rendering.md#islands): the worker rendered the whole page,
// and only its islands hydrate, each at its moment, each from its own module. React DOM loads with
// the first island that hydrates, so a page whose islands wait for a touch ships only this file
// before it. The single-page app's entry (main.tsx) serves every other page.
import type { ComponentType } from "react";
import { venueZoneName } from "../common/formats";
import { session } from "./api/session";
import { captureInstallPrompt } from "./app/install";
import { registerServiceWorkerAfterLoad } from "./app/serviceWorkerAfterLoad";
import type { IslandWhen } from "./islands/Island";
import { mountPlainIsland } from "./islands/mountPlain";
import { ISLANDS, PLAIN_ISLANDS, type IslandName, type PlainIslandName } from "./islands/registry";
import { SITE_LOCALE } from "./lib/format";
import { whenIdle } from "./lib/idle";

/** What starts an island's loading at `interaction`: the pointer reaching it comes before its click. */
const INTERACTION_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/** Loads an island's code and React DOM, and hydrates the marker with it; a plain island, without React. */
async function hydrate(marker: HTMLElement) {
  const name = marker.dataset.island!;
  if (name in PLAIN_ISLANDS) {
    await mountPlainIsland(marker, name as PlainIslandName);
    return;
  }
  const [{ hydrateIsland }, Component] = await Promise.all([import("./islands/hydrate"), ISLANDS[name as IslandName]()]);
  hydrateIsland(marker, Component as ComponentType<object>, JSON.parse(marker.dataset.props ?? "{}") as object);
}

function schedule(marker: HTMLElement) {
  const clicked: HTMLElement[] = [];
  // A click before the island hydrated is held (a link is followed: it is a document) and replayed after.
  const hold = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest("a[href]")) return;
    event.preventDefault();
    event.stopPropagation();
    clicked.push(target);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTION_EVENTS) marker.removeEventListener(type, start);
    void hydrate(marker).then(
      () => {
        marker.removeEventListener("click", hold, true);
        // React hydrates a root at once when a click reaches it, then answers the click.
        for (const target of clicked) target.click();
      },
      (error: unknown) => {
        marker.removeEventListener("click", hold, true);
        console.error("An island did not hydrate:", marker.dataset.island, error);
      },
    );
  };
  marker.addEventListener("click", hold, true);
  for (const type of INTERACTION_EVENTS) marker.addEventListener(type, start, { passive: true });

  // A visitor signed in on this browser: every island may show something of theirs (saved, "Your app"), so all hydrate when idle.
  const when = session.accessToken() !== null ? "idle" : (marker.dataset.when as IslandWhen);
  if (when === "idle") whenIdle(start);
  if (when === "visible") {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    }, { rootMargin: "200px" });
    // The marker is `display: contents` (no box of its own), so its children are what nears the screen.
    for (const child of marker.children) observer.observe(child);
  }
}

/** What starts session monitoring on a page of islands: the visitor's first touch or key (docs/monitoring.md#on-a-page-of-islands). */
const MONITORING_EVENTS = ["pointerdown", "keydown", "touchstart"] as const;

/** Session monitoring, off the first view: loaded at the first touch or key, or when the page is hidden, whichever comes first. */
function monitorWhenUsedOrLeft() {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of MONITORING_EVENTS) removeEventListener(type, start, true);
    document.removeEventListener("visibilitychange", onHidden);
    void import("./lib/monitoring").then((monitoring) => monitoring.startPageMonitoring());
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") start();
  };
  for (const type of MONITORING_EVENTS) addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener("visibilitychange", onHidden);
}

/**
 * Times on a venue's clock name its zone when the visitor's clock differs (docs/cities.md): the
 * worker renders one page for every visitor and cannot know theirs, so the HTML marks them
 * (data-venue-zone) and the visitor's browser adds the name.
 */
function nameVenueZones() {
  const visitor = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // The page's language (its <html lang>, set by the worker from the path): the zone's name in its words.
  const locale = document.documentElement.lang || SITE_LOCALE;
  for (const element of document.querySelectorAll<HTMLElement>("[data-venue-zone]")) {
    const name = venueZoneName(element.dataset.venueZone!, visitor, locale, Date.now());
    if (name) element.append(` ${name}`);
  }
}

nameVenueZones();
captureInstallPrompt();
monitorWhenUsedOrLeft();
for (const marker of document.querySelectorAll<HTMLElement>("tp-island")) schedule(marker);

registerServiceWorkerAfterLoad();
