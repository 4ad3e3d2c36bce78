// Session monitoring's loader and error reporter (docs/monitoring.md). Only this module is in the
// first view's bundle. After the page has loaded and hydrated and the browser is idle, it asks the
// worker whether monitoring is configured; only then is the SDK's chunk (rum.ts) downloaded.
import { publicApi } from "../api/endpoints";
import { renderedPageData } from "../api/pageData";
import { whenIdle } from "./idle";
// Only its types here: the module itself is imported dynamically below, in its own chunk.
import type { ErrorReport, ViewSource } from "./rum";

let forward: ErrorReport | undefined;
/** Errors caught before the loader has decided (the first page's): sent once monitoring runs, dropped when it is off. */
let pending: Parameters<ErrorReport>[] | undefined = [];

/**
 * Reports an error the app caught (the error page, a failed read) as a monitoring error with the
 * route; does nothing while monitoring is off.
 */
export const reportError: ErrorReport = (error, context) => {
  if (forward) forward(error, context);
  else if (pending && pending.length < 20) pending.push([error, context]);
};

function decided(report: ErrorReport | undefined) {
  forward = report;
  if (report) for (const [error, context] of pending ?? []) report(error, context);
  pending = undefined;
}

async function loadMonitoring(router: ViewSource): Promise<ErrorReport | undefined> {
  const { rum } = await publicApi.monitoringConfig().load();
  if (!rum) return undefined;
  const { startRum } = await import("./rum");
  return startRum(rum, router);
}

/**
 * Starts monitoring once the page has loaded, `settled` (a page the worker rendered: hydrated,
 * client/lib/hydration.tsx) and the browser is idle, when the worker has it configured.
 */
export async function startMonitoring(router: ViewSource, settled: Promise<void>) {
  if (document.readyState !== "complete") await new Promise((loaded) => addEventListener("load", loaded, { once: true }));
  await settled;
  whenIdle(() =>
    loadMonitoring(router).then(decided, (error: unknown) => {
      decided(undefined);
      console.warn("Monitoring did not start:", error);
    }),
  );
}

/**
 * Monitoring on a page of islands (docs/monitoring.md#on-a-page-of-islands), which has no router:
 * one view, the page the worker rendered, named by its route's pattern from the data island.
 */
export function startPageMonitoring(): Promise<void> {
  const route = renderedPageData()?.route ?? window.location.pathname;
  const view: ViewSource = { state: { location: { pathname: window.location.pathname }, matches: [{ route: { path: route } }] }, subscribe: () => undefined };
  return startMonitoring(view, Promise.resolve());
}
