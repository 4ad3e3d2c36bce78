// Vite's "?raw" imports: a file's text (tests/worker/webhooks.test.ts reads wrangler.toml so).
declare module "*?raw" {
  const text: string;
  export default text;
}

// Vite's "?inline" imports of a binary file: a data: URL of its bytes (tests/worker/video-fixtures.ts).
declare module "*?inline" {
  const dataUrl: string;
  export default dataUrl;
}
