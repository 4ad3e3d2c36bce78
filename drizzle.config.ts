import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL; wrangler applies it (locally and in production).
export default defineConfig({
  dialect: "sqlite",
  schema: "./drizzle/schema.ts",
  out: "./migrations",
});
