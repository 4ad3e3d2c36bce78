// The Link header of the app's HTML (worker/lib/page-preloads.ts): a profile names its place answer,
// so the browser fetches it beside the app's script; no other page, and no malformed key, names any.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";

// The test pool serves no built assets: the app's HTML is a stand-in.
const ASSETS = { fetch: async () => new Response("<!doctype html>", { headers: { "content-type": "text/html" } }) };
const linkOf = async (path: string) =>
  (await worker.fetch(new Request(`https://third-place.test${path}`), { ...env, ASSETS } as unknown as Env, {} as ExecutionContext)).headers.get("link");

describe("the HTML's Link header", () => {
  it("preloads a profile's place answer, by slug or id, in the client's credentials mode", async () => {
    expect(await linkOf("/profile/the-night-owl")).toBe("</api/place/the-night-owl>; rel=preload; as=fetch; crossorigin=use-credentials");
    expect(await linkOf("/profile/7")).toBe("</api/place/7>; rel=preload; as=fetch; crossorigin=use-credentials");
  });

  it("names nothing on other pages or for a key no place can have", async () => {
    for (const path of ["/", "/live-look", "/dashboard", "/profile/the-night-owl/edit", "/profile/Not%20A%20Slug", "/profile/a%3E%3B%20rel%3Dpreload"]) {
      expect(await linkOf(path)).toBeNull();
    }
  });
});
