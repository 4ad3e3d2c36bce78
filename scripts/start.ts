// `npm start`: local secrets, migrations, first-run seed, production build, then one server
// for the app and the API, plus the demo venues' virtual sensors. Installs nothing; `npm install`
// must have run.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { applyMigrations, ensureDevVars, localToolEnv, root, run, stateDir } from "./local-state.ts";
import { outboxDir } from "./local-outbox.ts";
import { serverOutputFilter } from "./start-log.ts";
import { DEMO_CONSUMER, DEMO_FRIENDS, DEMO_OWNER, seedIfEmpty } from "./seed.ts";
import { seedDemoConversation } from "./seed-data/social.ts";

const port = process.env.PORT ?? "8787";
const url = `http://localhost:${port}`;
const secrets = ensureDevVars();
applyMigrations();
const demo = await seedIfEmpty();
if (demo.seeded) console.log("Seeded the local database with the East Village demo venues.");
// The Cloudflare plugin's "Using secrets defined in .dev.vars" is its only line at this level.
run("npx", ["vite", "build", "--logLevel", "error"]);

console.log(`Starting the server on ${url}…`);
const children: ChildProcess[] = [];
const server = spawn("npx", ["vite", "preview", "--port", port, "--strictPort"], {
  cwd: root,
  stdio: ["inherit", "pipe", "pipe"],
  env: localToolEnv(),
});
children.push(server);
// The server's lines, calmed (docs/development.md#what-npm-start-prints): LOG_REQUESTS=1 prints all.
const output = serverOutputFilter((line) => console.log(line), { everyLine: process.env.LOG_REQUESTS === "1" });
for (const stream of [server.stdout, server.stderr]) createInterface({ input: stream! }).on("line", output.line);
const sensorMinute = setInterval(output.flush, 60_000);
sensorMinute.unref();
server.on("exit", (code) => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}

/** A folder inside the project as a relative path, any other as it is. */
function shortPath(folder: string): string {
  const relative = path.relative(root, folder);
  return relative.startsWith("..") ? folder : relative;
}

async function waitForHealth(deadline = Date.now() + 60_000): Promise<boolean> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

const healthy = await waitForHealth();
// The demo plan's chat lives in its Durable Object, which only the running worker reaches.
if (healthy) await seedDemoConversation(url, DEMO_CONSUMER).catch(() => console.log("The demo plan's messages could not be posted; the plan is there without them."));
if (healthy) {
  console.log(`
Third Place is ready on ${url}
  The app, as a person going out: ${url}/app  (${DEMO_CONSUMER.email} / ${DEMO_CONSUMER.password})
  Her friends: ${DEMO_FRIENDS.map((friend) => friend.email).join(", ")} (same password); ${demo.checkInSlug ? `Jonah is checked in at ${url}/profile/${demo.checkInSlug}` : "every venue is closed now, so Jonah is checked in nowhere"}
  Owners' dashboard: ${url}/auth  (${DEMO_OWNER.email} / ${DEMO_OWNER.password})
  Admin area: ${url}/admin  (password: ${secrets.ADMIN_PASSWORD}, from .dev.vars)
  Mail (password resets, new passkeys) is not sent locally: each is an .eml file in ${shortPath(outboxDir(stateDir()))}/
`);
} else {
  console.log(`The server did not answer ${url}/api/health within a minute; its output is above.`);
}

// Live numbers last five minutes after a sensor's last count, so without sensors the demo's map
// and dashboards would go quiet. SIMULATE=0 serves the app alone.
if (process.env.SIMULATE !== "0" && healthy) {
  const simulator = spawn(process.execPath, ["scripts/simulate.ts", "--url", url, "--interval", "60"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(simulator);
  console.log("Demo sensors post a count every 60 s, like real ones (npm run simulate); SIMULATE=0 npm start turns them off.");
}

// Cron Triggers do not fire on their own locally: run the worker's scheduled() (sensors offline or
// flagged, docs/alerts.md) every 5 minutes, as wrangler.toml's [triggers] does in production.
const CRON = "*/5 * * * *";
const cronTimer = setInterval(() => {
  fetch(`${url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRON)}`).catch(() => {
    // The server is stopping or restarting: the next tick tries again.
  });
}, 5 * 60_000);
cronTimer.unref();
