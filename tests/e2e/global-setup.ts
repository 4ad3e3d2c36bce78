// Serves the built app (dist/, from `npm run build`) on workerd with a fresh, migrated and seeded
// D1/R2/DO state, exactly as `npm start` does, on a free port.
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the app did not answer ${baseUrl}/api/health within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "dist", "client", "index.html"))) {
    throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
  }
  const stateDir = mkdtempSync(path.join(tmpdir(), "third-place-e2e-"));
  process.env.THIRD_PLACE_STATE = stateDir;
  const { applyMigrations, ensureDevVars } = await import("../../scripts/local-state.ts");
  const { seedIfEmpty } = await import("../../scripts/seed.ts");
  ensureDevVars();
  // `vite preview` reads the secrets the build copied next to the worker, and `npm test` builds
  // before this setup may have created .dev.vars: hand the built worker the same secrets.
  copyFileSync(path.join(root, ".dev.vars"), path.join(root, "dist", "third_place", ".dev.vars"));
  applyMigrations();
  await seedIfEmpty();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn("npx", ["vite", "preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: root,
    env: { ...process.env, THIRD_PLACE_STATE: stateDir, WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    console.error(output);
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("stateDir", stateDir);

  return () => {
    // The server runs in its own process group so workerd goes down with it.
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
}
