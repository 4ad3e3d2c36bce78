// What the router's modules take from "cloudflare:workers" when they load in Node to generate the
// OpenAPI document (tests/worker/openapi-document.node.test.ts); nothing there runs it.
export class DurableObject {}
