// The server this journey file runs against (global-setup.ts): the one numbered by the file's
// VITEST_POOL_ID, which no other file running at the same moment has.
import { inject } from "vitest";
import type { E2eServer } from "./global-setup";

function thisFilesServer(): E2eServer {
  const servers = inject("servers");
  const server = servers[Number(process.env.VITEST_POOL_ID) - 1];
  if (!server) throw new Error(`No e2e server for VITEST_POOL_ID ${process.env.VITEST_POOL_ID}: ${servers.length} started.`);
  return server;
}

export const { baseUrl, stateDir } = thisFilesServer();
