// The baseline of the ingest benchmark: a minimal durable write. A POST names its place (here the
// bearer token, as a sensor key names the app's) and carries one reading; the worker makes one RPC
// to that place's object, which inserts one row into its SQLite and answers. Served exactly like
// the app (vite preview on workerd), so ingest ÷ this is the cost of our code beyond storing.
import { DurableObject } from "cloudflare:workers";

/** The bindings of ./wrangler.toml (one binding, written out: the app's `wrangler types` owns the global Env). */
interface DurableWriteEnv {
  WRITES: DurableObjectNamespace<DurableWrite>;
}

export class DurableWrite extends DurableObject<DurableWriteEnv> {
  constructor(ctx: DurableObjectState, env: DurableWriteEnv) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS readings (ts INTEGER NOT NULL, count INTEGER NOT NULL)");
  }

  insert(ts: number, count: number): number {
    this.ctx.storage.sql.exec("INSERT INTO readings (ts, count) VALUES (?, ?)", ts, count);
    return 1;
  }
}

export default {
  async fetch(request: Request, env: DurableWriteEnv): Promise<Response> {
    if (request.method !== "POST") return new Response("ok");
    const place = request.headers.get("authorization") ?? "";
    const { readings } = (await request.json()) as { readings: { ts: string; count: number }[] };
    const accepted = await env.WRITES.getByName(place).insert(Date.parse(readings[0].ts), readings[0].count);
    return Response.json({ accepted });
  },
} satisfies ExportedHandler<DurableWriteEnv>;
