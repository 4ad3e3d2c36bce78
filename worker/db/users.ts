import { and, asc, eq, notExists, sql } from "drizzle-orm";
import * as v from "valibot";
import {
  consumerNotifications,
  conversations,
  conversationWriters,
  eventCategories,
  events,
  handoffCodes,
  headcounts,
  placeInvites,
  placeOwners,
  places,
  planInvitees,
  plans,
  passkeys,
  refreshTokens,
  users,
  webauthnChallenges,
  type User,
} from "../../drizzle/schema";
import type { MeAnswer } from "../../common/schemas/answers";
import { handleFromName, NO_PREFERENCES, preferencesSchema, type ProfilePatch } from "../../common/schemas/profile";
import type { Database } from "./client";
import { revokeUnusedInvites } from "./invites";
import { forgetSenderInReports } from "./message-reports";

/** An account made with a passkey and no password stores "" as its hash (docs/accounts.md#passkeys). */
export const NO_PASSWORD = "";

/** The stored preferences, or none if the JSON is not what PATCH /api/me writes. */
function storedPreferences(text: string): MeAnswer["preferences"] {
  try {
    const parsed = v.safeParse(preferencesSchema, JSON.parse(text));
    return parsed.success ? parsed.output : NO_PREFERENCES;
  } catch {
    return NO_PREFERENCES;
  }
}

/** GET /api/me: the account without its password hash, its profile and the places it owns. */
export function toMeAnswer(user: User, ownedPlaces: MeAnswer["places"]): MeAnswer {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    places: ownedPlaces,
    handle: user.handle,
    home: user.homeLat === null || user.homeLng === null ? null : { lat: user.homeLat, lng: user.homeLng },
    preferences: storedPreferences(user.preferences),
    time_zone: user.timeZone,
    quiet_hours: user.quietFrom === null || user.quietTo === null ? null : { from: user.quietFrom, to: user.quietTo },
    neighbourhood: user.neighbourhood,
    share_likes: user.shareLikes,
  };
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(db: Database, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

const handleTaken = (db: Database, handle: string) =>
  db.select({ id: users.id }).from(users).where(sql`lower(${users.handle}) = ${handle.toLowerCase()}`).limit(1);

/**
 * Inserts an account (role "owner": every account, docs/accounts.md#one-account-model); undefined
 * when the email is taken (also when another request just took it). Its handle is the one asked
 * for (undefined when taken: the caller answers 409), else one made from the name if free, else
 * "user<id>" from the users_default_handle trigger.
 */
export async function createAccount(
  db: Database,
  input: { email: string; name: string; passwordHash: string; handle?: string; timeZone?: string },
): Promise<User | "handle-taken" | undefined> {
  const { handle: chosen, ...account } = input;
  const fromName = chosen ?? handleFromName(input.name);
  const free = fromName !== undefined && (await handleTaken(db, fromName)).length === 0;
  if (chosen !== undefined && !free) return "handle-taken";
  const insert = (handle: string) =>
    // Quiet hours start off: the column's old default (midnight to 9 AM) silenced alerts at a bar's
    // peak (docs/push.md#quiet-hours); a person turns them on in settings.
    db.insert(users).values({ ...account, handle, role: "owner", quietFrom: null, quietTo: null }).onConflictDoNothing().returning();
  let [user] = await insert(free ? fromName! : "");
  // Lost a race for the handle (or the email): the email decides which.
  if (!user && free && !(await findUserByEmail(db, input.email))) {
    if (chosen !== undefined) return "handle-taken";
    [user] = await insert("");
  }
  // The trigger set the handle after the insert returned: read the row as it is now.
  return user && user.handle === "" ? findUserById(db, user.id) : user;
}

/** PATCH /api/me; false when the handle is taken by another account (nothing changed then). */
export async function updateProfile(db: Database, userId: number, patch: ProfilePatch): Promise<boolean> {
  if (patch.handle !== undefined) {
    const [holder] = await handleTaken(db, patch.handle);
    if (holder && holder.id !== userId) return false;
  }
  const changes: Partial<typeof users.$inferInsert> = {
    name: patch.name,
    handle: patch.handle,
    preferences: patch.preferences === undefined ? undefined : JSON.stringify(patch.preferences),
    timeZone: patch.time_zone,
    shareLikes: patch.share_likes,
  };
  if (patch.neighbourhood !== undefined) changes.neighbourhood = patch.neighbourhood;
  if (patch.home !== undefined) Object.assign(changes, { homeLat: patch.home?.lat ?? null, homeLng: patch.home?.lng ?? null });
  if (patch.quiet_hours !== undefined) Object.assign(changes, { quietFrom: patch.quiet_hours?.from ?? null, quietTo: patch.quiet_hours?.to ?? null });
  // A parallel request may take the handle between the check and here: the unique index says no.
  const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning({ id: users.id }).catch((error: unknown) => {
    if (String((error as Error)?.message ?? error).includes("UNIQUE")) return [];
    throw error;
  });
  return updated !== undefined;
}

/** The account's new password hash (PUT /api/me/password, a reset): a statement, awaited or batched. */
export const setPasswordHash = (db: Database, userId: number, passwordHash: string) => db.update(users).set({ passwordHash }).where(eq(users.id, userId));

/** The places this account is the only owner of: deleting it would leave them with none. */
const soleOwnedPlace = (db: Database, userId: number) =>
  db
    .select({ placeId: placeOwners.placeId })
    .from(placeOwners)
    .where(
      and(
        eq(placeOwners.userId, userId),
        sql`(SELECT count(*) FROM ${placeOwners} AS others WHERE others.place_id = ${placeOwners.placeId}) = 1`,
      ),
    );

/** True while the account is a venue's only owner: it cannot be deleted (409). */
export async function soleOwnsAPlace(db: Database, userId: number): Promise<boolean> {
  return (await soleOwnedPlace(db, userId).limit(1)).length > 0;
}

/** A link into the app to a plan or conversation that no longer exists. */
function leadsNowhere() {
  const { url } = consumerNotifications;
  const idIn = (prefix: string) => sql`cast(substr(${url}, ${prefix.length + 1}) as integer)`;
  return sql`((${url} like '/app/plans/%' and not exists (select 1 from ${plans} where ${plans.id} = ${idIn("/app/plans/")}))
    or (${url} like '/app/messages/%' and not exists (select 1 from ${conversations} where ${conversations.id} = ${idIn("/app/messages/")})))`;
}

/**
 * Inbox rows of anyone that name the account (docs/accounts.md#deleting-an-account): those it is
 * about (`about_user_id`: a check-in, a message, a plan's invitation or change), and those leading
 * to the plans it organises and the conversations that end with it, whose links would lead
 * nowhere. Rows stored before `about_user_id` existed name nobody in it; they go by what they say:
 * a check-in by its dedupe key, any message notice of a plan's conversation it was invited to
 * (its name then may not be its name now), and a plan or message notice under its name now whose
 * plan or conversation retention removed.
 */
function noticesNaming(userId: number) {
  const { aboutUserId, kind, title, url, dedupeKey } = consumerNotifications;
  const ownPlans = sql`select ${plans.id} from ${plans} where ${plans.organiserId} = ${userId}`;
  const endingConversations = sql`select ${conversations.id} from ${conversations} where ${conversations.userA} = ${userId} or ${conversations.userB} = ${userId} or ${conversations.planId} in (${ownPlans})`;
  const invitedConversations = sql`select ${conversations.id} from ${conversations} where ${conversations.planId} in (select ${planInvitees.planId} from ${planInvitees} where ${planInvitees.userId} = ${userId})`;
  const name = sql`(select ${users.name} from ${users} where ${users.id} = ${userId})`;
  return sql`(${aboutUserId} = ${userId}
    or ${url} in (select '/app/plans/' || id from (${ownPlans}))
    or ${url} in (select '/app/messages/' || id from (${endingConversations}))
    or (${aboutUserId} is null and (
      (${kind} = 'plan_check_in' and ${dedupeKey} like ${`plan-%-check-in-${userId}`})
      or (${kind} = 'message' and ${url} in (select '/app/messages/' || id from (${invitedConversations})))
      or (${leadsNowhere()} and substr(${title}, 1, length(${name}) + 1) = ${name} || ' '))))`;
}

/** Passkey sign-ups under way with the account's address (a name and the address, until they expire). */
const pendingSignUpsOf = (userId: number) =>
  and(
    eq(webauthnChallenges.purpose, "signup"),
    sql`json_extract(${webauthnChallenges.pending}, '$.email') = (select ${users.email} from ${users} where ${users.id} = ${userId})`,
  );

export type DeleteAccountResult = "deleted" | "last-owner";

/**
 * DELETE /api/me: the account and everything personal that names it, in one batch. The users row
 * goes unless the account is a venue's only owner (the links it made are withdrawn on the same
 * condition, first); every later statement acts only once that row is gone, so the batch is all or nothing without relying on SQLite's
 * foreign-key cascades. Passkeys and their pending challenges go with the sign-ins. Open invite links the account made are withdrawn; what it made for venues
 * (events, categories, headcounts, used links) stays with no author. Reviews never name an account,
 * Live Looks lose theirs (docs/accounts.md#deleting-an-account). Its texts leave message reports, every
 * notification naming it leaves everyone's inbox, and passkey sign-ups under way with its address
 * go; the messages themselves are in the conversations' objects, which the route clears first
 * (docs/friends.md#deleting-an-account).
 */
export async function deleteAccount(db: Database, userId: number, now: Date): Promise<DeleteAccountResult> {
  const gone = notExists(db.select({ id: users.id }).from(users).where(eq(users.id, userId)));
  const deletable = notExists(soleOwnedPlace(db, userId));
  const [, , , deleted] = await db.batch([
    // Before the users row goes: its ON DELETE SET NULL would forget who made the links.
    revokeUnusedInvites(db, null, and(eq(placeInvites.createdBy, userId), deletable), now),
    // Before the users row goes: its cascades delete the plans and conversations these are found by.
    db.delete(consumerNotifications).where(and(noticesNaming(userId), deletable)),
    // Before the users row goes: its address finds them.
    db.delete(webauthnChallenges).where(and(pendingSignUpsOf(userId), deletable)),
    // RETURNING, not meta.changes: D1 counts the rows the foreign-key cascades delete too.
    db.delete(users).where(and(eq(users.id, userId), deletable)).returning({ id: users.id }),
    db.delete(refreshTokens).where(and(eq(refreshTokens.userId, userId), gone)),
    db.delete(handoffCodes).where(and(eq(handoffCodes.userId, userId), gone)),
    db.delete(passkeys).where(and(eq(passkeys.userId, userId), gone)),
    db.delete(webauthnChallenges).where(and(eq(webauthnChallenges.userId, userId), gone)),
    db.delete(conversationWriters).where(and(eq(conversationWriters.userId, userId), gone)),
    db.delete(placeOwners).where(and(eq(placeOwners.userId, userId), gone)),
    db.update(placeInvites).set({ createdBy: null }).where(and(eq(placeInvites.createdBy, userId), gone)),
    db.update(placeInvites).set({ usedBy: null }).where(and(eq(placeInvites.usedBy, userId), gone)),
    db.update(eventCategories).set({ createdBy: null }).where(and(eq(eventCategories.createdBy, userId), gone)),
    db.update(events).set({ createdBy: null }).where(and(eq(events.createdBy, userId), gone)),
    db.update(headcounts).set({ takenBy: null }).where(and(eq(headcounts.takenBy, userId), gone)),
    ...forgetSenderInReports(db, userId, gone),
  ]);
  return deleted.length === 1 ? "deleted" : "last-owner";
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
