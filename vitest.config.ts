import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { formatterWithoutParser } from "./scripts/compiled-messages.ts";

// Four projects: the worker in workerd with real D1/R2/DO (files sharing storage, and the few that
// need their own), the client in jsdom, and end-to-end journeys in Debian's Chromium against the
// built app.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      // vitest's default is one fewer than the cores: one at a time on a 2-core machine. Two files
      // at a time, of any project: the journeys (mostly waiting on Chromium, workerd and a place
      // object's 30 s alarm) run beside each other and beside the worker and client files. Every
      // project must allow as many (a project with fileParallelism: false would make vitest run
      // its files after all the others', one by one: the e2e journeys did, about 800 s alone).
      maxWorkers: 2,
      projects: [
        workerProject("worker", false, migrations),
        workerProject("worker-isolated", true, migrations),
        {
          // intl-messageformat without its parser, as in the browser (docs/languages.md#no-icu-parser-in-the-browser).
          plugins: [react(), formatterWithoutParser()],
          // The router loads in Node only to generate the OpenAPI document; see the stub.
          resolve: {
            alias: { "cloudflare:workers": path.join(import.meta.dirname, "tests/worker/cloudflare-workers.node-stub.ts") },
            // The ES modules a browser build takes (intl-messageformat's `module`), so its imports go through Vite.
            mainFields: ["module", "main"],
          },
          test: {
            name: "client",
            environment: "jsdom",
            include: ["tests/client/**/*.test.{ts,tsx}", "tests/worker/**/*.node.test.ts", "tests/bench/**/*.node.test.ts"],
            setupFiles: ["tests/client/setup.ts"],
            // Through Vite, so that its import of the parser goes where the browser's does.
            server: { deps: { inline: ["intl-messageformat", "@formatjs/icu-messageformat-parser"] } },
            testTimeout: 30_000,
          },
        },
        {
          test: {
            name: "e2e",
            environment: "node",
            include: ["tests/e2e/**/*.test.ts"],
            // A server for each file running at a moment, each on its own copy of the seeded state
            // (global-setup.ts, server.ts): journeys never meet each other's data or limits.
            globalSetup: ["tests/e2e/global-setup.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // expect.poll waits 1 s by default: on a loaded machine a lazily loaded map or chart
            // takes longer to show, so a poll waits as long as Playwright's own waits (30 s).
            expect: { poll: { timeout: 30_000, interval: 100 } },
          },
        },
      ],
    },
  };
});

// Worker test files that assert over a whole table or every place (so rows other files wrote change
// their answer), insert rows with fixed ids (users 1, places 1) that another file may hold, or count
// a rate limiter's budget from one fixed address.
const SHARED_STATE_TESTS = [
  "tests/worker/admin-access.test.ts",
  "tests/worker/admin-submissions.test.ts",
  "tests/worker/dead-letters.test.ts",
  "tests/worker/bad-input-sweep.test.ts",
  "tests/worker/foundation.test.ts",
  "tests/worker/public-cache.test.ts",
  "tests/worker/live-widgets.test.ts",
  "tests/worker/public-counts.test.ts",
  "tests/worker/rate-limit.test.ts",
  "tests/worker/when-to-go.test.ts",
];

/**
 * The worker tests in workerd with real D1/R2/DO. Files share one runtime and its storage (starting
 * a runtime per file cost about 3 s each); the few files that count everything in a table or read
 * a cache across all places need storage of their own and run isolated.
 */
function workerProject(name: string, isolate: boolean, migrations: Awaited<ReturnType<typeof readD1Migrations>>) {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // Tests must not depend on a developer's .dev.vars.
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: "test-secret-that-is-long-enough-for-hs256",
            ADMIN_PASSWORD: "test-admin-password",
            // Webhooks to http://localhost and http://127.0.0.1 (docs/alerts.md); never set in production.
            ALLOW_LOCAL_WEBHOOKS: "1",
            // Mail goes to the local outbox's address, which tests/worker/mail-outbox.ts catches (docs/accounts.md#mail).
            MAIL_OUTBOX_URL: "/__local/outbox",
            // A fixed Web Push key pair (docs/push.md); tests verify the VAPID JWT with it.
            VAPID_PUBLIC_KEY: "BMlGCXKt3uV5CZnXrJfUWI6EqKny8-lOrFLnZiK4eey8ge_wBtnbel2J8aXuUo28hb8TlTCP0V0Y2yKtuGdo9QI",
            VAPID_PRIVATE_KEY: "vsS0aBF1Ep3k1MM7tPtpe8_mfW8bus60TeRSq8cvH14",
            // Visitors are placed by request.cf, as in production (docs/cities.md#the-visitors-city).
            VISITOR_CITY: "",
          },
        },
      }),
    ],
    test: {
      name,
      include: isolate ? SHARED_STATE_TESTS : ["tests/worker/**/*.test.ts"],
      // Needs Node (see the file).
      exclude: ["tests/worker/**/*.node.test.ts", ...(isolate ? [] : SHARED_STATE_TESTS)],
      isolate,
      setupFiles: ["tests/worker/apply-migrations.ts", "tests/worker/mail-setup.ts"],
      // Tests wait for outcomes, never for time; the limit only ends a hung test, and a
      // loaded 2-core machine can take several seconds for a test of many requests.
      testTimeout: 30_000,
    },
  };
}
