// The served app as the benchmarks use it: the admin token, places and sensors made through the
// real admin API, and a small load runner over autocannon.
import autocannon from "autocannon";
import { ensureDevVars } from "../local-state.ts";
import { workerdCpuMs } from "./workerd-process.ts";

export class BenchApi {
  readonly baseUrl: string;
  readonly adminToken: string;

  private constructor(baseUrl: string, adminToken: string) {
    this.baseUrl = baseUrl;
    this.adminToken = adminToken;
  }

  /** Signs in to the admin API with the local ADMIN_PASSWORD (.dev.vars). */
  static async signIn(baseUrl: string): Promise<BenchApi> {
    const { ADMIN_PASSWORD } = ensureDevVars();
    const response = await fetch(`${baseUrl}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const { access_token } = await answerOf<{ access_token: string }>(response, "admin sign-in");
    return new BenchApi(baseUrl, access_token);
  }

  get adminHeaders() {
    return { authorization: `Bearer ${this.adminToken}` };
  }

  async get<T>(path: string): Promise<T> {
    return answerOf<T>(await fetch(`${this.baseUrl}${path}`, { headers: this.adminHeaders }), `GET ${path}`);
  }

  /** A place made with the admin's Add place form; returns its id. */
  async createPlace(fields: Record<string, string>): Promise<number> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const response = await fetch(`${this.baseUrl}/api/place/create`, { method: "POST", headers: this.adminHeaders, body: form });
    return (await answerOf<{ id: number }>(response, "creating a place")).id;
  }

  /**
   * Registers a sensor the way the install team does (a LoRaWAN one with its DevEUI and The Things
   * Stack application); returns its id and key.
   */
  async registerDevice(placeId: number, name: string, lorawan?: { devEui: string; applicationId: string }): Promise<{ id: number; key: string }> {
    const response = await fetch(`${this.baseUrl}/api/place/${placeId}/devices`, {
      method: "POST",
      headers: { ...this.adminHeaders, "content-type": "application/json" },
      body: JSON.stringify({ name, dev_eui: lorawan?.devEui, application_id: lorawan?.applicationId }),
    });
    return answerOf(response, `registering a sensor at place ${placeId}`);
  }

  /** Sets a place's alert rules as its owner would (PUT /api/place/{id}/alert-rules). */
  async putAlertRules(placeId: number, rules: object): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/place/${placeId}/alert-rules`, {
      method: "PUT",
      headers: { ...this.adminHeaders, "content-type": "application/json" },
      body: JSON.stringify(rules),
    });
    await answerOf(response, `setting the alert rules of place ${placeId}`);
  }

  /** A new The Things Stack webhook key for one application (POST /api/integrations/ttn). */
  async createIntegrationKey(applicationId: string): Promise<string> {
    const response = await fetch(`${this.baseUrl}/api/integrations/ttn`, {
      method: "POST",
      headers: { ...this.adminHeaders, "content-type": "application/json" },
      body: JSON.stringify({ application_id: applicationId }),
    });
    return (await answerOf<{ key: string }>(response, "creating an integration key")).key;
  }
}

async function answerOf<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<T>;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statusCounts: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  /**
   * CPU (ms) of the serving workerd per request sent, when its process group was given. It also
   * holds what the server did meanwhile on its own (a place object's flush every 30 s).
   */
  workerdCpuMs?: number;
}

/** What one target's autocannon runs add up to. */
class LoadRecord {
  latencies: number[] = [];
  statusCounts: Record<string, number> = {};
  errors = 0;
  seconds = 0;
  cpuMs = 0;
  /** Requests sent while CPU was counted: the answered ones and those the end of a turn cut off. */
  sent = 0;

  /** Runs the load; `processGroup` serves it, whose workerd CPU time is counted. */
  async run(options: autocannon.Options, processGroup?: number) {
    const cpuBefore = processGroup === undefined ? 0 : workerdCpuMs(processGroup);
    const started = performance.now();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
      instance.on("response", (_client, status, _bytes, responseTime) => {
        this.latencies.push(responseTime);
        this.statusCounts[status] = (this.statusCounts[status] ?? 0) + 1;
      });
    });
    this.seconds += (performance.now() - started) / 1000;
    this.errors += result.errors;
    if (processGroup !== undefined) {
      // Requests cut off at the end of the turn are still being worked on: their CPU is this turn's.
      this.cpuMs += (await settledCpuMs(processGroup)) - cpuBefore;
      this.sent += result.requests.sent;
    }
  }

  /** Adds another record's runs to this one's. */
  add(other: LoadRecord) {
    this.latencies.push(...other.latencies);
    for (const [status, count] of Object.entries(other.statusCounts)) this.statusCounts[status] = (this.statusCounts[status] ?? 0) + count;
    this.errors += other.errors;
    this.seconds += other.seconds;
    this.cpuMs += other.cpuMs;
    this.sent += other.sent;
  }

  figures(): LoadFigures {
    const sorted = this.latencies.toSorted((a, b) => a - b);
    return {
      requestsPerSecond: sorted.length / this.seconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      statusCounts: this.statusCounts,
      errors: this.errors,
      workerdCpuMs: this.sent > 0 ? this.cpuMs / this.sent : undefined,
    };
  }
}

/** The workerd CPU of a process group once it has stopped rising (checked every 100 ms, for at most 2 s). */
export async function settledCpuMs(processGroup: number): Promise<number> {
  let last = workerdCpuMs(processGroup);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = workerdCpuMs(processGroup);
    if (now === last) break;
    last = now;
  }
  return last;
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** A target's figures over the whole run, and those of each round on its own. */
export interface RoundedLoadFigures extends LoadFigures {
  rounds: LoadFigures[];
}

/**
 * Loads each target for `seconds` in total at the same concurrency, in alternating rounds (every
 * other one in the opposite order), so the targets share whatever else the machine is doing at the
 * time (this one is shared) and their ratio stays fair. A target's `processGroup` (the server
 * answering it) has its workerd's CPU per request counted: the same comparison in the server's
 * own CPU, apart from the load generator and the proxies that share the machine. Each round's
 * figures are kept too, for ratios per round.
 */
export async function loadSideBySide(
  targets: Record<string, { options: autocannon.Options; processGroup?: number }>,
  { connections, seconds, rounds }: { connections: number; seconds: number; rounds: number },
): Promise<Record<string, RoundedLoadFigures>> {
  const records = Object.fromEntries(Object.keys(targets).map((name) => [name, { whole: new LoadRecord(), rounds: [] as LoadRecord[] }]));
  for (let round = 0; round < rounds; round++) {
    // Every other round in the opposite order: a turn that runs after another (and after what it
    // left behind: a queue still draining, storage still flushing) is not always the same target's.
    const order = Object.entries(targets);
    if (round % 2 === 1) order.reverse();
    for (const [name, { options, processGroup }] of order) {
      const thisRound = new LoadRecord();
      await thisRound.run({ ...options, connections, duration: seconds / rounds }, processGroup);
      records[name].whole.add(thisRound);
      records[name].rounds.push(thisRound);
    }
  }
  return Object.fromEntries(
    Object.entries(records).map(([name, record]) => [name, { ...record.whole.figures(), rounds: record.rounds.map((round) => round.figures()) }]),
  );
}

/** Each round's requests per second of `target` ÷ `baseline`'s in the same round, and their median. */
export function roundRatios(target: RoundedLoadFigures, baseline: RoundedLoadFigures): { perRound: number[]; median: number } {
  const perRound = target.rounds.map((round, r) => round.requestsPerSecond / baseline.rounds[r].requestsPerSecond);
  return { perRound, median: percentile(perRound.toSorted((a, b) => a - b), 0.5) };
}

/** What `withStep` adds to `without`'s workerd CPU per request, in percent of the latter. */
export const cpuAddedPercent = (withStep: LoadFigures, without: LoadFigures) => ((withStep.workerdCpuMs ?? NaN) / (without.workerdCpuMs ?? NaN) - 1) * 100;

export const passFail = (ok: boolean) => (ok ? "PASS" : "FAIL");
export const fixed = (value: number, digits = 1) => value.toFixed(digits);
