import { asc, eq } from "drizzle-orm";
import { placeOwners, places, users, type User } from "../../drizzle/schema";
import type { MeAnswer } from "../../common/schemas/answers";
import type { Database } from "./client";

/** GET /api/me: the account without its password hash, and the places it owns. */
export function toMeAnswer(user: User, ownedPlaces: MeAnswer["places"]): MeAnswer {
  return { id: user.id, email: user.email, name: user.name, role: user.role, places: ownedPlaces };
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(db: Database, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Inserts an owner account; undefined when the email is taken (also when another request just took it). */
export async function createOwner(db: Database, input: { email: string; name: string; passwordHash: string }) {
  const [user] = await db
    .insert(users)
    .values({ ...input, role: "owner" })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

/** The places a user owns, by name. */
export async function listOwnedPlaces(db: Database, userId: number) {
  return db
    .select({ id: places.id, name: places.name })
    .from(placeOwners)
    .innerJoin(places, eq(places.id, placeOwners.placeId))
    .where(eq(placeOwners.userId, userId))
    .orderBy(asc(places.name), asc(places.id));
}
