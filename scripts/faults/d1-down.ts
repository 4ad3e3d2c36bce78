// Row 5 of `npm run faults` (docs/faults.md#d1-down): D1 failing for two minutes (the faults
// build's /__faults/d1-down) while a place's object flushes readings, fires an alert to a webhook
// and a watch whose fan-out pushes to a watcher. Afterwards, within a minute: D1's quarter hours
// equal a recomputation from the object, the alert delivered once with a valid signature, the
// watch's inbox row and push once.
import { verifyWebhookSignature, SIGNATURE_HEADER } from "../../worker/alerts/signature.ts";
import { DEFAULT_ALERT_RULES } from "../../common/schemas/alerts.ts";
import { MINUTE_MS, bucketStart } from "../../worker/occupancy/aggregate.ts";
import { BenchApi } from "../bench/bench-api.ts";
import { d1File, readSqlite } from "../bench/state-files.ts";
import { postJson, signUp, StandIns, subscribe, until } from "./deliveries.ts";
import { compareRollups } from "./kill-readings.ts";
import type { FaultServer } from "./server.ts";
import type { FaultRow } from "./table.ts";

export const D1_DOWN_MS = 120_000;
/** Everything must be back within this of D1's return (issue 40). */
const RECOVERY_LIMIT_MS = 60_000;
/** Readings of closed quarter hours the object stores during the outage, for its flush. */
const PAST_READINGS = 30;

async function ingest(baseUrl: string, key: string, ts: number, count: number): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/ingest`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ readings: [{ ts: new Date(ts).toISOString(), count }] }),
  });
  return response.status === 200 && ((await response.json()) as { accepted: number }).accepted === 1;
}

export async function d1Down(server: FaultServer, log: (line: string) => void): Promise<FaultRow> {
  const standIns = await StandIns.start();
  try {
    standIns.hookUp = true;
    const api = await BenchApi.signIn(server.baseUrl);
    const placeId = await api.createPlace({ name: "Faults D1", address: "1 Avenue B, New York, NY", latitude: "40.7246", longitude: "-73.9818" });
    const sensor = await api.registerDevice(placeId, "Faults D1 sensor");
    // Near capacity at once (no minutes to wait), the other rules off.
    await api.putAlertRules(placeId, {
      near_capacity: { enabled: true, percent: 90, minutes: 0 },
      busier_than_usual: { ...DEFAULT_ALERT_RULES.busier_than_usual, enabled: false },
      sensor_offline: { ...DEFAULT_ALERT_RULES.sensor_offline, enabled: false },
      sensor_flagged: { enabled: false },
    });
    const { secret } = await postJson<{ secret: string }>(`${server.baseUrl}/api/place/${placeId}/webhooks`, { url: `${standIns.baseUrl}/hook` }, api.adminToken);
    const watcher = await signUp(server, "Faults Watcher");
    await subscribe(server, watcher.access_token, `${standIns.baseUrl}/push-ok/watcher`);
    await postJson(`${server.baseUrl}/api/me/watches`, { place_id: placeId, when: "quiet" }, watcher.access_token);
    // Busy before the outage (50 people, lively from 40): the sensor's key and the place's rules are known.
    const start = Date.now();
    if (!(await ingest(server.baseUrl, sensor.key, start, 50))) throw new Error("the first reading was not accepted");

    await postJson(`${server.baseUrl}/__faults/d1-down`, { for_ms: D1_DOWN_MS });
    const downAt = performance.now();
    const d1Refused = (await fetch(`${server.baseUrl}/api/place/${placeId}/notifications`, { headers: api.adminHeaders })).status;
    // During it: near capacity (95 of 100), then quiet (5): an alert and a watch; and a past hour's readings to flush.
    let acknowledged = 0;
    const now = Date.now();
    for (const [offset, count] of [[1000, 95], [2000, 5]]) if (await ingest(server.baseUrl, sensor.key, now + offset, count)) acknowledged++;
    const pastStart = bucketStart(now - 3 * 60 * MINUTE_MS);
    for (let i = 0; i < PAST_READINGS; i++) if (await ingest(server.baseUrl, sensor.key, pastStart + i * MINUTE_MS, 10 + (i % 7))) acknowledged++;
    log(`  D1 down for ${D1_DOWN_MS / 1000} s (a D1 read answered ${d1Refused} meanwhile); ${acknowledged} readings acknowledged during it`);

    const remaining = D1_DOWN_MS - (performance.now() - downAt);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, remaining)));
    const upAt = performance.now();
    /** Quarter hours closed by D1's return must all be in D1 once the objects flushed. */
    const closedBy = Date.now();
    const d1 = d1File(server.stateDir);
    const inbox = () =>
      readSqlite<{ n: number }>(d1, "SELECT count(*) AS n FROM consumer_notifications WHERE user_id = ? AND kind = 'watch_quiet'", watcher.user_id)[0].n;
    const rollupsMatch = () => {
      const { missingOrLow, extraOrHigh } = compareRollups(server.stateDir, [placeId], new Set([sensor.id]), closedBy);
      return missingOrLow === 0 && extraOrHigh === 0;
    };
    const done: Record<"rollups" | "alert" | "inbox" | "push", number | null> = { rollups: null, alert: null, inbox: null, push: null };
    const mark = (name: keyof typeof done, ok: boolean) => {
      if (ok && done[name] === null) done[name] = performance.now() - upAt;
      return ok;
    };
    let recovered = true;
    try {
      await until(
        "flushes, the alert, the watch and its push after D1 came back",
        () => [mark("rollups", rollupsMatch()), mark("alert", standIns.hooks.length > 0), mark("inbox", inbox() > 0), mark("push", standIns.okPushes.length > 0)].every(Boolean),
        RECOVERY_LIMIT_MS,
      );
    } catch (error) {
      recovered = false;
      log(`  ${(error as Error).message}`);
    }
    const recoveredAfterS = recovered ? Math.max(...Object.values(done).map((ms) => ms ?? Infinity)) / 1000 : null;
    const after = (ms: number | null) => (ms === null ? "never" : `after ${(ms / 1000).toFixed(1)} s`);
    // Anything sent twice arrives within the next retry: look once more after one (30 s).
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    const rollups = compareRollups(server.stateDir, [placeId], new Set([sensor.id]), closedBy);
    const alerts = standIns.hooks.filter((hook) => (JSON.parse(hook.body) as { type: string }).type === "near_capacity");
    const signed = await Promise.all(
      alerts.map((hook) => {
        const header = hook.headers[SIGNATURE_HEADER.toLowerCase()];
        return verifyWebhookSignature(secret, hook.body, typeof header === "string" ? header : null, Date.now());
      }),
    );
    const inboxRows = inbox();
    return {
      fault: "D1 down 2 min",
      injectedHow: `every D1 statement failing for ${D1_DOWN_MS / 1000} s (faults build) while readings, an alert, a watch and its push were under way`,
      acknowledged: acknowledged + 2,
      lost: rollups.missingOrLow + (alerts.length > 0 && signed.every(Boolean) ? 0 : 1) + (inboxRows > 0 ? 0 : 1) + (standIns.okPushes.length > 0 ? 0 : 1),
      duplicated: rollups.extraOrHigh + Math.max(0, alerts.length - 1) + Math.max(0, inboxRows - 1) + Math.max(0, standIns.okPushes.length - 1),
      recoveredAfterS,
      notes: [
        `after D1 came back: quarter hours equal to the object's ${after(done.rollups)}, the alert delivered ${after(done.alert)} ` +
          `(${alerts.length} delivery, signature ${signed.every(Boolean) ? "valid" : "INVALID"}), the watch's inbox row ${after(done.inbox)} (${inboxRows}), ` +
          `its push ${after(done.push)} (${standIns.okPushes.length}); ${rollups.compared} closed quarter hours compared (${rollups.missingOrLow} missing or low, ${rollups.extraOrHigh} extra or high)`,
        `acknowledged: ${acknowledged} readings during the outage, the alert and the watch they fired`,
      ],
    };
  } finally {
    await standIns.close();
  }
}
