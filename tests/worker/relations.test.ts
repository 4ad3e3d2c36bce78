import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { areFriends, blockedEitherWay } from "../../worker/db/relations";
import { createUser } from "./fixtures";

describe("relations between accounts", () => {
  it("are friends only with a friendship row, and blocked either way by one block row", async () => {
    const [ada, ben, cy] = await Promise.all([createUser("Ada"), createUser("Ben"), createUser("Cy")]);
    await env.DB.prepare("INSERT INTO friendships (user_id, friend_id) VALUES (?, ?), (?, ?)").bind(ada.id, ben.id, ben.id, ada.id).run();
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").bind(cy.id, ada.id).run();
    const db = getDb(env);
    expect(await areFriends(db, ada.id, ben.id)).toBe(true);
    expect(await areFriends(db, ben.id, ada.id)).toBe(true);
    expect(await areFriends(db, ada.id, cy.id)).toBe(false);
    expect(await blockedEitherWay(db, ada.id, cy.id)).toBe(true);
    expect(await blockedEitherWay(db, cy.id, ada.id)).toBe(true);
    expect(await blockedEitherWay(db, ada.id, ben.id)).toBe(false);
  });
});
