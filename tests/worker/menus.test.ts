// Menus (issue 30 §1; docs/menus-and-specials.md#menus): the public, cached answer; whole writes by
// owners and the admin that keep ids sent back and purge the public answer at once; bounds and ids
// refused with 400/422; item photos through the image upload path, stored without metadata.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MenuAnswer } from "../../common/schemas/menu";
import { MENU_LIMITS } from "../../common/menu-vocabulary";
import { adminToken, bearer, count, createUser, ownedPlace, storedImageKeys } from "./fixtures";
import { api } from "./helpers";
import { containsBytes, jpegWithGps } from "./image-fixtures";

const putMenu = (placeId: number, body: unknown, token?: string) =>
  api(`/api/place/${placeId}/menu`, { method: "PUT", headers: { "content-type": "application/json", ...bearer(token) }, body: JSON.stringify(body) });
const readMenu = async (placeId: number) => {
  const response = await api(`/api/places/${placeId}/menu`);
  expect(response.status).toBe(200);
  return { menu: await response.json<MenuAnswer>(), cacheControl: response.headers.get("cache-control") };
};
const putPhoto = (placeId: number, itemId: number, bytes: Uint8Array<ArrayBuffer>, token?: string) => {
  const body = new FormData();
  body.append("photo", new File([bytes], "dish.jpg", { type: "image/jpeg" }));
  return api(`/api/place/${placeId}/menu/items/${itemId}/photo`, { method: "PUT", body, headers: bearer(token) });
};

const drinks = {
  sections: [
    {
      name: "Cocktails",
      items: [
        { name: "Margarita", description: "Tequila, lime", price: 12, dietary: ["vegan", "gluten-free"] },
        { name: "Negroni", price: 13.5 },
      ],
    },
    { name: "Snacks", items: [{ name: "Fries", price: 6.25, dietary: ["vegetarian", "vegetarian"] }] },
  ],
  kitchen_hours: { until: "23:00" },
};

describe("GET /api/places/{id}/menu", () => {
  it("answers an empty menu in the venue's currency for a place without one, and 404 for no place", async () => {
    const { placeId } = await ownedPlace({ country: "United Kingdom" });
    const { menu, cacheControl } = await readMenu(placeId);
    expect(menu).toEqual({ currency: "GBP", locale: "en-GB", sections: [], kitchen_hours: null, updated_at: null });
    expect(cacheControl).toBe("public, max-age=0, s-maxage=60");
    expect((await api("/api/places/999999/menu")).status).toBe(404);
  });
});

describe("PUT /api/place/{id}/menu", () => {
  it("writes the whole menu in order, answers it with ids, and the public answer shows it at once", async () => {
    const { owner, placeId } = await ownedPlace();
    // Cached empty first: the write must purge it.
    expect((await readMenu(placeId)).menu.sections).toEqual([]);
    const response = await putMenu(placeId, drinks, owner.token);
    expect(response.status).toBe(200);
    const written = await response.json<MenuAnswer>();
    expect(written.currency).toBe("USD");
    expect(written.kitchen_hours).toEqual({ until: "23:00" });
    expect(written.sections.map((section) => [section.name, section.items.map((item) => [item.name, item.price, item.dietary])])).toEqual([
      ["Cocktails", [["Margarita", 12, ["vegan", "gluten-free"]], ["Negroni", 13.5, []]]],
      ["Snacks", [["Fries", 6.25, ["vegetarian"]]]],
    ]);
    expect((await readMenu(placeId)).menu).toEqual(written);
  });

  it("keeps the ids sent back, gives new ones to the rest, and reorders as sent", async () => {
    const { owner, placeId } = await ownedPlace();
    const first = await (await putMenu(placeId, drinks, owner.token)).json<MenuAnswer>();
    const [cocktails, snacks] = first.sections;
    const moved = {
      sections: [
        { id: snacks.id, name: "Bar snacks", items: [{ ...snacks.items[0], photo_url: undefined }, { name: "Olives", price: 5 }] },
        { id: cocktails.id, name: "Cocktails", items: [{ id: cocktails.items[1].id, name: "Negroni", price: 14 }] },
      ],
    };
    const second = await (await putMenu(placeId, JSON.parse(JSON.stringify(moved)), owner.token)).json<MenuAnswer>();
    expect(second.sections.map((section) => section.id)).toEqual([snacks.id, cocktails.id]);
    expect(second.sections[0].items[0].id).toBe(snacks.items[0].id);
    const allFirstIds = first.sections.flatMap((section) => [section.id, ...section.items.map((item) => item.id)]);
    expect(allFirstIds).not.toContain(second.sections[0].items[1].id);
    expect(second.sections[1].items).toEqual([{ id: cocktails.items[1].id, name: "Negroni", description: "", price: 14, dietary: [], photo_url: null }]);
    expect(second.kitchen_hours).toBeNull();
  });

  it("refuses ids that are not this menu's, or sent twice, with 422 naming each", async () => {
    const { owner, placeId, stranger, otherPlaceId } = await ownedPlace();
    const theirs = await (await putMenu(otherPlaceId, drinks, stranger.token)).json<MenuAnswer>();
    const mine = await (await putMenu(placeId, drinks, owner.token)).json<MenuAnswer>();
    const foreign = await putMenu(placeId, { sections: [{ id: theirs.sections[0].id + 1000, name: "X", items: [] }] }, owner.token);
    expect(foreign.status).toBe(422);
    expect((await foreign.json<{ details: { field: string }[] }>()).details.map((detail) => detail.field)).toEqual(["sections.0.id"]);
    const itemAsSection = await putMenu(placeId, { sections: [{ id: mine.sections[0].items[0].id, name: "X", items: [] }] }, owner.token);
    expect(itemAsSection.status).toBe(422);
    const twice = mine.sections[0].items[0].id;
    const repeated = await putMenu(
      placeId,
      { sections: [{ name: "A", items: [{ id: twice, name: "a", price: 1 }, { id: twice, name: "b", price: 1 }] }] },
      owner.token,
    );
    expect(repeated.status).toBe(422);
    expect((await repeated.json<{ details: { field: string }[] }>()).details.map((detail) => detail.field)).toEqual(["sections.0.items.1.id"]);
    // Nothing of a refused write was stored.
    expect((await readMenu(placeId)).menu).toEqual(mine);
  });

  it("refuses bad shapes and bounds with 400 and the field", async () => {
    const { owner, placeId } = await ownedPlace();
    const item = { name: "Beer", price: 7 };
    const cases: [unknown, string][] = [
      [{ sections: [{ name: "", items: [] }] }, "sections.0.name"],
      [{ sections: [{ name: "A", items: [{ ...item, price: -1 }] }] }, "sections.0.items.0.price"],
      [{ sections: [{ name: "A", items: [{ ...item, price: 1.005 }] }] }, "sections.0.items.0.price"],
      [{ sections: [{ name: "A", items: [{ ...item, price: "7" }] }] }, "sections.0.items.0.price"],
      [{ sections: [{ name: "A", items: [{ ...item, dietary: ["paleo"] }] }] }, "sections.0.items.0.dietary.0"],
      [{ sections: [{ name: "A", items: [{ ...item, description: "x".repeat(MENU_LIMITS.description + 1) }] }] }, "sections.0.items.0.description"],
      [{ sections: [{ name: "A", items: [{ ...item, extra: 1 }] }] }, "sections.0.items.0.extra"],
      [{ sections: Array.from({ length: MENU_LIMITS.sections + 1 }, () => ({ name: "A", items: [] })) }, "sections"],
      [{ sections: [{ name: "A", items: Array.from({ length: MENU_LIMITS.itemsPerSection + 1 }, () => item) }] }, "sections.0.items"],
      [{ sections: Array.from({ length: 6 }, () => ({ name: "A", items: Array.from({ length: 51 }, () => item) })) }, "body"],
      [{ sections: [], kitchen_hours: { until: "25:00" } }, "kitchen_hours.until"],
    ];
    for (const [body, field] of cases) {
      const response = await putMenu(placeId, body, owner.token);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await response.json<{ details: { field: string }[] }>()).details[0].field).toBe(field);
    }
    expect(await count("place_menus", "place_id = ?", placeId)).toBe(0);
  });

  it("is for the place's owners and the admin: 401 signed out, 403 another owner or a stranger, 404 no place", async () => {
    const { owner, placeId, stranger } = await ownedPlace();
    const nobody = await createUser("No Places");
    expect((await putMenu(placeId, drinks)).status).toBe(401);
    expect((await putMenu(placeId, drinks, stranger.token)).status).toBe(403);
    expect((await putMenu(placeId, drinks, nobody.token)).status).toBe(403);
    expect((await putMenu(999999, drinks, owner.token)).status).toBe(404);
    expect((await readMenu(placeId)).menu.sections).toEqual([]);
    expect((await putMenu(placeId, drinks, await adminToken())).status).toBe(200);
    expect((await readMenu(placeId)).menu.sections).toHaveLength(2);
  });
});

describe("menu item photos", () => {
  it("stores a photo without its location, keeps it across writes that send the item's id, and deletes it with the item", async () => {
    const { owner, placeId, stranger } = await ownedPlace();
    const menu = await (await putMenu(placeId, drinks, owner.token)).json<MenuAnswer>();
    const fries = menu.sections[1].items[0];
    expect((await putPhoto(placeId, fries.id, jpegWithGps(), stranger.token)).status).toBe(403);
    expect((await putPhoto(placeId, 999999, jpegWithGps(), owner.token)).status).toBe(404);

    const response = await putPhoto(placeId, fries.id, jpegWithGps(), owner.token);
    expect(response.status).toBe(200);
    const url = (await response.json<MenuAnswer>()).sections[1].items[0].photo_url!;
    expect(url).toMatch(/^\/api\/images\/menus\/[0-9a-f-]+\.jpg$/);
    expect((await readMenu(placeId)).menu.sections[1].items[0].photo_url).toBe(url);
    const key = url.replace("/api/images/", "");
    const stored = new Uint8Array(await (await env.IMAGES.get(key))!.arrayBuffer());
    expect(containsBytes(stored, "Exif")).toBe(false);

    // Sent back with its id, the item keeps its photo.
    const kept = await (await putMenu(placeId, { sections: [{ name: "Snacks", items: [{ id: fries.id, name: "Fries", price: 7 }] }] }, owner.token)).json<MenuAnswer>();
    expect(kept.sections[0].items[0].photo_url).toBe(url);
    // Left out, it goes, and so does its photo in R2.
    await putMenu(placeId, { sections: [] }, owner.token);
    expect(await storedImageKeys(key)).toEqual([]);
  });

  it("removes a photo with DELETE", async () => {
    const { owner, placeId } = await ownedPlace();
    const menu = await (await putMenu(placeId, drinks, owner.token)).json<MenuAnswer>();
    const itemId = menu.sections[0].items[0].id;
    const key = (await (await putPhoto(placeId, itemId, jpegWithGps(), owner.token)).json<MenuAnswer>()).sections[0].items[0].photo_url!.replace("/api/images/", "");
    const response = await api(`/api/place/${placeId}/menu/items/${itemId}/photo`, { method: "DELETE", headers: bearer(owner.token) });
    expect(response.status).toBe(200);
    expect((await readMenu(placeId)).menu.sections[0].items[0].photo_url).toBeNull();
    expect(await storedImageKeys(key)).toEqual([]);
  });

  it("queues a deleted place's menu photos for the cron", async () => {
    const { owner, placeId } = await ownedPlace();
    const menu = await (await putMenu(placeId, drinks, owner.token)).json<MenuAnswer>();
    const key = (await (await putPhoto(placeId, menu.sections[0].items[0].id, jpegWithGps(), owner.token)).json<MenuAnswer>()).sections[0].items[0].photo_url!.replace("/api/images/", "");
    await env.DB.prepare("DELETE FROM places WHERE id = ?").bind(placeId).run();
    expect(await count("deleted_images", "key = ?", key)).toBe(1);
  });
});
