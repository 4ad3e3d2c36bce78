// Vite's "?raw" imports: a file's text (tests/worker/webhooks.test.ts reads wrangler.toml so).
declare module "*?raw" {
  const text: string;
  export default text;
}
