import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { TagAnswer, TagsAnswer } from "../../common/schemas/answers";
import { adminToken, bearer, count, createUser, insertPlace, insertTag, sendForm } from "./fixtures";
import { api, clearTables } from "./helpers";

const reset = () => clearTables("place_tags", "tags", "place_owners", "places", "users");

describe("GET /api/tags", () => {
  beforeEach(reset);

  it("lists every tag by name with id, name and description, to anyone", async () => {
    const late = await insertTag("Late Night", "Open until 2 a.m.");
    const cocktails = await insertTag("Cocktails");
    const response = await api("/api/tags");
    expect(response.status).toBe(200);
    expect(await response.json<TagsAnswer>()).toEqual({
      tags: [
        { id: cocktails, name: "Cocktails", description: "" },
        { id: late, name: "Late Night", description: "Open until 2 a.m." },
      ],
    });
  });
});

describe("POST /api/tags", () => {
  beforeEach(reset);

  it("creates a tag from the admin's form and answers it with its id", async () => {
    const response = await sendForm("/api/tags", "POST", { name: "  Rooftop ", description: "Drinks with a view." }, await adminToken());
    expect(response.status).toBe(201);
    const tag = await response.json<TagAnswer>();
    expect(tag).toEqual({ id: expect.any(Number), name: "Rooftop", description: "Drinks with a view." });
    expect(await count("tags", "id = ?", tag.id)).toBe(1);
  });

  it("refuses no token (401) and an owner (403)", async () => {
    const owner = await createUser("Olivia Owner");
    expect((await sendForm("/api/tags", "POST", { name: "Rooftop" })).status).toBe(401);
    expect((await sendForm("/api/tags", "POST", { name: "Rooftop" }, owner.token)).status).toBe(403);
    expect(await count("tags")).toBe(0);
  });

  it.each<Record<string, string>>([{}, { name: "" }, { name: "   " }])("refuses %o with 'Tag name is required.'", async (fields) => {
    const response = await sendForm("/api/tags", "POST", fields, await adminToken());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "name: Tag name is required.",
      details: [{ field: "name", message: "Tag name is required." }],
    });
    expect(await count("tags")).toBe(0);
  });

  it("refuses a name over 50 characters", async () => {
    const response = await sendForm("/api/tags", "POST", { name: "x".repeat(51) }, await adminToken());
    expect(await response.json()).toMatchObject({ error: "name: Must be at most 50 characters." });
  });

  it("refuses a name already in use, whatever its case, with 409 and a sentence", async () => {
    await insertTag("Rooftop");
    const response = await sendForm("/api/tags", "POST", { name: "ROOFTOP" }, await adminToken());
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'A tag named "ROOFTOP" already exists.' });
    expect(await count("tags")).toBe(1);
  });
});

describe("PUT /api/tags/{id}", () => {
  beforeEach(reset);

  it("updates name and description and answers the updated tag", async () => {
    const id = await insertTag("Rooftop", "Old");
    const response = await sendForm(`/api/tags/${id}`, "PUT", { name: "Rooftop Bar", description: "Up high." }, await adminToken());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, name: "Rooftop Bar", description: "Up high." });
  });

  it("keeps the description when none is sent, and allows a change of case of its own name", async () => {
    const id = await insertTag("rooftop", "Up high.");
    const response = await sendForm(`/api/tags/${id}`, "PUT", { name: "Rooftop" }, await adminToken());
    expect(await response.json()).toEqual({ id, name: "Rooftop", description: "Up high." });
  });

  it("refuses another tag's name (409), an empty name (400), an unknown tag (404), an owner (403) and no token (401)", async () => {
    const admin = await adminToken();
    const owner = await createUser();
    const id = await insertTag("Rooftop");
    await insertTag("Wine");
    expect((await sendForm(`/api/tags/${id}`, "PUT", { name: "wine" }, admin)).status).toBe(409);
    expect((await sendForm(`/api/tags/${id}`, "PUT", { name: "" }, admin)).status).toBe(400);
    expect((await sendForm("/api/tags/424242", "PUT", { name: "Ghost" }, admin)).status).toBe(404);
    expect((await sendForm(`/api/tags/${id}`, "PUT", { name: "Mine" }, owner.token)).status).toBe(403);
    expect((await sendForm(`/api/tags/${id}`, "PUT", { name: "Mine" })).status).toBe(401);
    expect(await env.DB.prepare("SELECT name FROM tags WHERE id = ?").bind(id).first()).toEqual({ name: "Rooftop" });
  });
});

describe("DELETE /api/tags/{id}", () => {
  beforeEach(reset);

  it("deletes the tag and takes it off every place", async () => {
    const id = await insertTag("Rooftop");
    const placeId = await insertPlace();
    await env.DB.prepare("INSERT INTO place_tags (place_id, tag_id) VALUES (?, ?)").bind(placeId, id).run();
    const response = await api(`/api/tags/${id}`, { method: "DELETE", headers: bearer(await adminToken()) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await count("tags")).toBe(0);
    expect(await count("place_tags")).toBe(0);
    expect(await count("places")).toBe(1);
  });

  it("refuses no token (401), an owner (403) and an unknown tag (404)", async () => {
    const id = await insertTag("Rooftop");
    const owner = await createUser();
    expect((await api(`/api/tags/${id}`, { method: "DELETE" })).status).toBe(401);
    expect((await api(`/api/tags/${id}`, { method: "DELETE", headers: bearer(owner.token) })).status).toBe(403);
    expect((await api("/api/tags/424242", { method: "DELETE", headers: bearer(await adminToken()) })).status).toBe(404);
    expect(await count("tags")).toBe(1);
  });
});
