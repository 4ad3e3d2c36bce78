// Datadog Browser RUM and session replay: its own chunk, imported by client/lib/monitoring.ts only
// once the page is idle and the worker says monitoring is configured (docs/monitoring.md).
import { datadogRum } from "@datadog/browser-rum";
import type { MonitoringConfig } from "../../common/schemas/answers";
import { version } from "../../package.json";
import { whenIdle } from "./idle";
import { pagePrivacy } from "./pagePrivacy";
import { routeName, rumInitOptions } from "./rumSettings";

/** What a caught error is reported with, besides the route: where it was caught, and more. */
export type ErrorReport = (error: unknown, context: { source: string } & Record<string, unknown>) => void;

const INTERACTIONS = ["pointerdown", "keydown"] as const;

/** Where the pages' views come from: the app's router, or on a page of islands the one page (docs/monitoring.md). */
export interface ViewState {
  location: { pathname: string };
  matches: { route: { path?: string } }[];
}
export interface ViewSource {
  state: ViewState;
  subscribe(listener: (state: ViewState) => void): unknown;
}

const routeOf = (state: ViewState) => routeName(state.matches.map((match) => match.route.path));

const nextIdleTask = () => new Promise<void>((resolve) => whenIdle(resolve));

/** Starts monitoring and answers the function that reports caught errors to it. */
export async function startRum(config: MonitoringConfig, router: ViewSource): Promise<ErrorReport> {
  // The SDK's first view reads the time zone, the page's first use of Intl, which loads the
  // browser's locale data: 120–200 ms at Lighthouse's 4× slowdown. Alone, it is one task fewer
  // in the SDK's start (docs/monitoring.md#off-the-first-views-critical-path).
  new Intl.DateTimeFormat().resolvedOptions();
  await nextIdleTask();
  datadogRum.init(rumInitOptions(config, version));
  await nextIdleTask();
  // Replay starts at the visitor's first click, tap or key: its first snapshot of the page is one
  // long task, which while the page settles cost Home 3 to 6 Lighthouse points (docs/monitoring.md),
  // and a session nobody touched shows nothing its RUM view does not.
  let interacted = false;
  const replay = () => {
    if (interacted && pagePrivacy(router.state.location.pathname) !== "off") datadogRum.startSessionReplayRecording();
  };
  const onFirstInteraction = () => {
    interacted = true;
    for (const type of INTERACTIONS) removeEventListener(type, onFirstInteraction, true);
    whenIdle(replay);
  };
  for (const type of INTERACTIONS) addEventListener(type, onFirstInteraction, { capture: true, passive: true });

  // Each page gets its view and its replay rule before the view starts. The view's snapshot may
  // still show the page being left: its masking rides on its own root (Layout's data-dd-privacy),
  // so it is masked by its own rule, not the next page's.
  const follow = (state: ViewState) => {
    if (pagePrivacy(state.location.pathname) === "off") datadogRum.stopSessionReplayRecording();
    datadogRum.startView({ name: routeOf(state) });
    replay();
  };
  let pathname = router.state.location.pathname;
  follow(router.state);
  router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    follow(state);
  });
  return (error, context) => datadogRum.addError(error, { ...context, route: routeOf(router.state) });
}
