// Serves the built app (dist/, from `npm run build`) on workerd with a fresh, migrated and seeded
// D1/R2/DO state, exactly as `npm start` does, on a free port.
import type { TestProject } from "vitest/node";
import { serveBuiltApp } from "../../scripts/serve-built-app.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await serveBuiltApp();
  project.provide("baseUrl", app.baseUrl);
  project.provide("stateDir", app.stateDir);
  return () => app.stop();
}
