// Serves the built app (dist/, from `npm run build`) on workerd, exactly as `npm start` does, once
// for each journey file that may run at a moment: vitest runs as many files at once as the e2e
// project's maxWorkers, and each running file has a VITEST_POOL_ID of its own (1..maxWorkers), so
// server.ts gives it the server of that number. Each server has its own copy of one migrated and
// seeded state, so a journey never meets another's rows, rate limits or place objects, and the
// journeys on one server run one after another, as they did when every file shared one server.
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { assertBuilt, copyState, prepareState, serveState } from "../../scripts/serve-built-app.ts";

export interface E2eServer {
  baseUrl: string;
  stateDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    servers: E2eServer[];
    /** The seeded state the servers' copies were made from, for a test that starts a server of its own. */
    stateTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  assertBuilt();
  const template = await prepareState();
  const started = await Promise.allSettled(Array.from({ length: project.config.maxWorkers }, () => serveState(copyState(template))));
  const apps = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) {
    // vitest runs no teardown for a setup that throws: stop the servers that did start.
    await Promise.all(apps.map((app) => app.stop()));
    rmSync(template, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide(
    "servers",
    apps.map(({ baseUrl, stateDir }) => ({ baseUrl, stateDir })),
  );
  project.provide("stateTemplate", template);
  return async () => {
    await Promise.all(apps.map((app) => app.stop()));
    rmSync(template, { recursive: true, force: true });
  };
}
