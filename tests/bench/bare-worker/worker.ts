// The baseline of the ingest benchmark: a worker that does nothing but answer, served exactly
// like the app (vite preview on workerd), so app ÷ bare is the cost of our own code.
export default {
  fetch(): Response {
    return new Response("ok");
  },
};
