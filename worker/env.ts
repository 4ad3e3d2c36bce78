/** The Hono environment shared by every router and middleware: bindings plus per-request values. */
export interface AppEnv {
  Bindings: Env;
  Variables: Record<string, never>;
}
