import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { CATEGORIES_PER_ACCOUNT, MAX_LISTED_CATEGORIES } from "../../worker/db/event-categories";
import { CATEGORY_CAP_MESSAGE, CATEGORY_NEEDS_VENUE_MESSAGE } from "../../worker/routes/event-categories";
import type { EventCategoriesAnswer, EventCategoryAnswer } from "../../common/schemas/answers";
import { adminToken, bearer, count, createUser, insertCategory, insertEvent, insertPlace, placeOwnedBy, sendForm } from "./fixtures";
import { api, clearTables } from "./helpers";

const reset = () => clearTables("events", "event_categories", "place_owners", "places", "users");

const categoryName = async (id: number) =>
  (await env.DB.prepare("SELECT name FROM event_categories WHERE id = ?").bind(id).first<{ name: string }>())?.name;

describe("GET /api/event-categories", () => {
  beforeEach(reset);

  it("lists the categories by name, to anyone", async () => {
    const trivia = await insertCategory("Trivia");
    const comedy = await insertCategory("Comedy");
    const response = await api("/api/event-categories");
    expect(response.status).toBe(200);
    expect(await response.json<EventCategoriesAnswer>()).toEqual({
      categories: [
        { id: comedy, name: "Comedy", description: "" },
        { id: trivia, name: "Trivia", description: "" },
      ],
    });
  });

  it(`answers at most ${MAX_LISTED_CATEGORIES} categories, first by name`, async () => {
    const names = Array.from({ length: MAX_LISTED_CATEGORIES + 5 }, (_, i) => `Category ${String(i).padStart(4, "0")}`);
    await env.DB.batch(names.map((name) => env.DB.prepare("INSERT INTO event_categories (name) VALUES (?)").bind(name)));
    const { categories } = await (await api("/api/event-categories")).json<EventCategoriesAnswer>();
    expect(categories).toHaveLength(MAX_LISTED_CATEGORIES);
    expect(categories.map((category) => category.name)).toEqual(names.slice(0, MAX_LISTED_CATEGORIES));
  });
});

describe("POST /api/event-categories", () => {
  beforeEach(reset);

  it("lets an owner of a venue create a category, remembered as theirs", async () => {
    const owner = await createUser("Olivia Owner");
    await placeOwnedBy("Olivia's Bar", owner.id);
    const response = await sendForm("/api/event-categories", "POST", { name: "Open Mic", description: "Bring a song." }, owner.token);
    expect(response.status).toBe(201);
    const category = await response.json<EventCategoryAnswer>();
    expect(category).toEqual({ id: expect.any(Number), name: "Open Mic", description: "Bring a song." });
    const row = await env.DB.prepare("SELECT created_by FROM event_categories WHERE id = ?").bind(category.id).first();
    expect(row).toEqual({ created_by: owner.id });
  });

  it("refuses an account that owns no venue with 403, and writes nothing", async () => {
    const drifter = await createUser("Drifter");
    const response = await sendForm("/api/event-categories", "POST", { name: "Squatted" }, drifter.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: CATEGORY_NEEDS_VENUE_MESSAGE });
    expect(await count("event_categories")).toBe(0);
  });

  it(`stops an owner at ${CATEGORIES_PER_ACCOUNT} categories with 409, also when the last ones race; the admin has no cap`, async () => {
    const owner = await createUser();
    await placeOwnedBy("Busy Bar", owner.id);
    for (let i = 1; i < CATEGORIES_PER_ACCOUNT - 1; i++) await insertCategory(`Mine ${i}`, owner.id);
    // Two left under the cap, three sent at once: exactly two get in.
    const racing = await Promise.all(
      ["A", "B", "C"].map((name) => sendForm("/api/event-categories", "POST", { name: `Race ${name}` }, owner.token)),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 201, 409]);
    expect(await count("event_categories", "created_by = ?", owner.id)).toBe(CATEGORIES_PER_ACCOUNT);

    const refused = await sendForm("/api/event-categories", "POST", { name: "One Too Many" }, owner.token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: CATEGORY_CAP_MESSAGE });
    expect(await count("event_categories", "name = 'One Too Many'")).toBe(0);

    const byAdmin = await sendForm("/api/event-categories", "POST", { name: "One Too Many" }, await adminToken());
    expect(byAdmin.status).toBe(201);
    expect(await count("event_categories", "name = 'One Too Many' AND created_by IS NULL")).toBe(1);
  });

  it("refuses no token (401), an empty name ('Category name is required.') and a taken name (409)", async () => {
    const owner = await createUser();
    await placeOwnedBy("Owner's Bar", owner.id);
    await insertCategory("Trivia");
    expect((await sendForm("/api/event-categories", "POST", { name: "Open Mic" })).status).toBe(401);
    const empty = await sendForm("/api/event-categories", "POST", { name: " ", description: "x" }, owner.token);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: "name: Category name is required." });
    const taken = await sendForm("/api/event-categories", "POST", { name: "trivia" }, owner.token);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'An event category named "trivia" already exists.' });
    expect(await count("event_categories")).toBe(1);
  });
});

describe("PUT /api/event-categories/{id}", () => {
  beforeEach(reset);

  it("lets the creator and the admin update it, and nobody else", async () => {
    const creator = await createUser("Creator");
    const otherOwner = await createUser("Other");
    const id = await insertCategory("Open Mic", creator.id);
    expect((await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Hijack" })).status).toBe(401);
    const refused = await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Hijack" }, otherOwner.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: "Only the owner who created this category, or an administrator, can change it.",
    });
    expect(await categoryName(id)).toBe("Open Mic");

    const byCreator = await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Open Mic Night", description: "Sign up at 8." }, creator.token);
    expect(byCreator.status).toBe(200);
    expect(await byCreator.json()).toEqual({ id, name: "Open Mic Night", description: "Sign up at 8." });
    const byAdmin = await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Open Mic" }, await adminToken());
    expect(await byAdmin.json()).toEqual({ id, name: "Open Mic", description: "Sign up at 8." });
  });

  it("leaves a category other venues' events use to the admin, while the creator's own events do not block it", async () => {
    const creator = await createUser("Creator");
    const neighbour = await createUser("Neighbour");
    const creatorsBar = await placeOwnedBy("Creator's Bar", creator.id);
    const neighboursBar = await placeOwnedBy("Neighbour's Bar", neighbour.id);
    const id = await insertCategory("Open Mic", creator.id);
    await insertEvent({ place_id: creatorsBar, category_id: id });
    expect((await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Open Mic Night" }, creator.token)).status).toBe(200);

    await insertEvent({ place_id: neighboursBar, category_id: id });
    const refused = await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Karaoke" }, creator.token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "Other venues' events use this category, so only an administrator can change it now.",
    });
    expect(await categoryName(id)).toBe("Open Mic Night");
    expect((await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Open Mic" }, await adminToken())).status).toBe(200);
  });

  it("leaves the seeded categories (no creator) to the admin", async () => {
    const owner = await createUser();
    const id = await insertCategory("Trivia", null);
    expect((await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Quiz" }, owner.token)).status).toBe(403);
    expect((await sendForm(`/api/event-categories/${id}`, "PUT", { name: "Quiz" }, await adminToken())).status).toBe(200);
  });

  it("refuses an empty name, a taken name and an unknown category", async () => {
    const admin = await adminToken();
    const id = await insertCategory("Trivia");
    await insertCategory("Comedy");
    expect((await sendForm(`/api/event-categories/${id}`, "PUT", { name: "" }, admin)).status).toBe(400);
    expect((await sendForm(`/api/event-categories/${id}`, "PUT", { name: "COMEDY" }, admin)).status).toBe(409);
    expect((await sendForm("/api/event-categories/424242", "PUT", { name: "Ghost" }, admin)).status).toBe(404);
    expect(await categoryName(id)).toBe("Trivia");
  });
});

describe("DELETE /api/event-categories/{id}", () => {
  beforeEach(reset);

  it("lets the creator delete an unused category", async () => {
    const creator = await createUser();
    const id = await insertCategory("Open Mic", creator.id);
    const response = await api(`/api/event-categories/${id}`, { method: "DELETE", headers: bearer(creator.token) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await count("event_categories")).toBe(0);
  });

  it("refuses no token (401) and another owner (403); the admin may delete", async () => {
    const creator = await createUser();
    const otherOwner = await createUser();
    const id = await insertCategory("Open Mic", creator.id);
    expect((await api(`/api/event-categories/${id}`, { method: "DELETE" })).status).toBe(401);
    expect((await api(`/api/event-categories/${id}`, { method: "DELETE", headers: bearer(otherOwner.token) })).status).toBe(403);
    expect(await count("event_categories")).toBe(1);
    expect((await api(`/api/event-categories/${id}`, { method: "DELETE", headers: bearer(await adminToken()) })).status).toBe(200);
    expect(await count("event_categories")).toBe(0);
  });

  it("refuses a category in use with 409 and a sentence, keeping the events as they are", async () => {
    const id = await insertCategory("Trivia");
    const placeId = await insertPlace();
    await insertEvent({ place_id: placeId, category_id: id, name: "Quiz One" });
    await insertEvent({ place_id: placeId, category_id: id, name: "Quiz Two" });
    const response = await api(`/api/event-categories/${id}`, { method: "DELETE", headers: bearer(await adminToken()) });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "This category is used by 2 events; give them another category before deleting it.",
    });
    expect(await count("event_categories")).toBe(1);
    expect(await count("events", "category_id = ?", id)).toBe(2);
  });
});
