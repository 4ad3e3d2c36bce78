// Datadog Browser RUM and session replay: its own chunk, imported by client/lib/monitoring.ts only
// once the page is idle and the worker says monitoring is configured (docs/monitoring.md).
import { datadogRum } from "@datadog/browser-rum";
import type { DataRouter, RouterState } from "react-router";
import type { MonitoringConfig } from "../../common/schemas/answers";
import { version } from "../../package.json";
import type { ErrorReport } from "./monitoring";
import { pagePrivacy, routeName, rumInitOptions } from "./rumSettings";

const PRIVACY_ATTRIBUTE = "data-dd-privacy";

const routeOf = (state: RouterState) => routeName(state.matches.map((match) => match.route.path));

/** Starts monitoring and answers the function that reports caught errors to it. */
export function startRum(config: MonitoringConfig, router: DataRouter): ErrorReport {
  datadogRum.init(rumInitOptions(config, version));
  // Each page gets its view and its replay rule before the view starts, so the replay's first
  // snapshot of a page already follows the page's rule and a page that must not be recorded never is.
  const follow = (state: RouterState) => {
    const privacy = pagePrivacy(state.location.pathname);
    if (privacy === "input") document.body.removeAttribute(PRIVACY_ATTRIBUTE);
    else document.body.setAttribute(PRIVACY_ATTRIBUTE, "mask");
    if (privacy === "off") datadogRum.stopSessionReplayRecording();
    datadogRum.startView({ name: routeOf(state) });
    if (privacy !== "off") datadogRum.startSessionReplayRecording();
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
