// Asks the worker whether session monitoring is configured and only then downloads the SDK's chunk
// (docs/monitoring.md). Its own small chunk, so the first view's bundle holds only the few lines of
// client/lib/monitoring.ts that load it.
import type { DataRouter } from "react-router";
import { publicApi } from "../api/endpoints";
import type { ErrorReport } from "./monitoring";

export async function loadMonitoring(router: DataRouter): Promise<ErrorReport | undefined> {
  const { rum } = await publicApi.monitoringConfig().load();
  if (!rum) return undefined;
  const { startRum } = await import("./rum");
  return startRum(rum, router);
}
