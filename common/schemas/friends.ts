// Friends, blocks, invite links and check-ins (docs/friends.md): request bodies and answers, shared
// by the worker's routes and the /app pages.
import * as v from "valibot";
import { isoTime } from "./answers";
import { HANDLE_MAX_LENGTH, HANDLE_MESSAGE, HANDLE_MIN_LENGTH } from "./profile";

/** Most friends one account may have. */
export const MAX_FRIENDS = 500;
/** Friend requests one account may send in 24 hours (every attempt counts, found or not). */
export const FRIEND_REQUESTS_PER_DAY = 50;
/** Open invite links per account: making one more withdraws the oldest. */
export const MAX_OPEN_INVITES = 20;
/** How long an invite link works. */
export const INVITE_DAYS = 7;
/** How long a check-in lasts: 1–8 hours, 3 unless chosen. */
export const CHECK_IN_MIN_HOURS = 1;
export const CHECK_IN_MAX_HOURS = 8;
export const CHECK_IN_DEFAULT_HOURS = 3;
/** A check-in tells the members of a plan at its place whose time is at most this many hours ahead… */
export const CHECK_IN_PLAN_BEFORE_HOURS = 6;
/** …or this many hours past (docs/friends.md#notifications). */
export const CHECK_IN_PLAN_AFTER_HOURS = 3;
export const CHECK_IN_AUDIENCES = ["friends", "chosen", "nobody"] as const;
export type CheckInAudience = (typeof CHECK_IN_AUDIENCES)[number];

// The answers a blocked account shares with a stranger (docs/friends.md#blocks): one sentence each.
export const NO_SUCH_HANDLE_MESSAGE = "No one has that handle. Check the spelling and try again.";
export const NO_SUCH_REQUEST_MESSAGE = "No such friend request.";
export const INVITE_GONE_MESSAGE = "This invite link was used, withdrawn or has expired. Ask your friend for a new one.";
/** A check-in at a place closed now by its hours (409): closed wins (docs/friends.md#check-ins). */
export const CHECK_IN_CLOSED_MESSAGE = "This place is closed now. You can check in while it is open.";
export const NOT_FRIENDS_MESSAGE = "Only your friends can be chosen to see a check-in.";
export const NO_SUCH_ACCOUNT_MESSAGE = "No such account.";
/** The 409s of the friend cap, the caller's or the other's. */
export const FRIEND_CAP_MESSAGES = {
  "my-cap": `You have ${MAX_FRIENDS} friends, the most an account can have. Remove one to add another.`,
  "their-cap": `They have ${MAX_FRIENDS} friends, the most an account can have.`,
} as const;

const accountId = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2 ** 31 - 1, message));

/** A handle to find: with or without "@", any case; automatic handles (user123) are found too. */
export const handleLookupSchema = v.pipe(
  v.string(HANDLE_MESSAGE),
  v.trim(),
  v.transform((text) => text.replace(/^@/, "").toLowerCase()),
  v.regex(new RegExp(`^[a-z0-9_]{${HANDLE_MIN_LENGTH},${HANDLE_MAX_LENGTH}}$`), HANDLE_MESSAGE),
);

/** Who someone is, as friends see each other: never an email. */
export const personSchema = v.strictObject({
  id: v.pipe(v.number(), v.description("The account's id.")),
  handle: v.string(),
  name: v.string(),
});
export type Person = v.InferOutput<typeof personSchema>;

export const friendsAnswerSchema = v.strictObject({
  friends: v.array(v.strictObject({ ...personSchema.entries, since: isoTime })),
});
export type FriendsAnswer = v.InferOutput<typeof friendsAnswerSchema>;

export const friendRequestBodySchema = v.strictObject({ handle: handleLookupSchema });
export type FriendRequestBody = v.InferInput<typeof friendRequestBodySchema>;

export const friendRequestCreatedSchema = v.strictObject({
  id: v.pipe(v.number(), v.description("The request's id; when the other had already asked you, theirs, now accepted.")),
});
export type FriendRequestCreated = v.InferOutput<typeof friendRequestCreatedSchema>;

export const friendRequestsAnswerSchema = v.strictObject({
  incoming: v.array(v.strictObject({ id: v.number(), from: personSchema, created_at: isoTime })),
  outgoing: v.array(v.strictObject({ id: v.number(), to: personSchema, created_at: isoTime })),
});
export type FriendRequestsAnswer = v.InferOutput<typeof friendRequestsAnswerSchema>;

export const friendAnswerSchema = v.strictObject({ friend: personSchema });
export type FriendAnswer = v.InferOutput<typeof friendAnswerSchema>;

export const blockBodySchema = v.strictObject({ account_id: accountId("account_id must be an account's id.") });
export type BlockBody = v.InferInput<typeof blockBodySchema>;

export const blocksAnswerSchema = v.strictObject({
  blocks: v.array(v.strictObject({ ...personSchema.entries, since: isoTime })),
});
export type BlocksAnswer = v.InferOutput<typeof blocksAnswerSchema>;

export const inviteCreatedSchema = v.strictObject({ url: v.string(), expires_at: isoTime });
export type InviteCreated = v.InferOutput<typeof inviteCreatedSchema>;

const INVITE_TOKEN_MESSAGE = "token must be the invite link's token.";
export const inviteAcceptBodySchema = v.strictObject({
  token: v.pipe(v.string(INVITE_TOKEN_MESSAGE), v.regex(/^[A-Za-z0-9_-]{43}$/, INVITE_TOKEN_MESSAGE)),
});
export type InviteAcceptBody = v.InferInput<typeof inviteAcceptBodySchema>;

const HOURS_MESSAGE = `hours must be a whole number from ${CHECK_IN_MIN_HOURS} to ${CHECK_IN_MAX_HOURS}.`;
const FRIENDS_ONLY_WHEN_CHOSEN = 'friends lists who may see the check-in: send it with audience "chosen" (and only then), with at least one friend.';

/** POST /api/me/check-in: a place and for how long, never a position. */
export const checkInBodySchema = v.pipe(
  v.strictObject({
    place_id: accountId("place_id must be a place's id."),
    hours: v.optional(
      v.pipe(v.number(HOURS_MESSAGE), v.integer(HOURS_MESSAGE), v.minValue(CHECK_IN_MIN_HOURS, HOURS_MESSAGE), v.maxValue(CHECK_IN_MAX_HOURS, HOURS_MESSAGE)),
      CHECK_IN_DEFAULT_HOURS,
    ),
    audience: v.optional(v.picklist(CHECK_IN_AUDIENCES, `audience must be one of: ${CHECK_IN_AUDIENCES.join(", ")}.`), "friends"),
    friends: v.optional(v.pipe(v.array(accountId("friends must be your friends' ids."), "friends must be a list of ids."), v.maxLength(MAX_FRIENDS, `At most ${MAX_FRIENDS} friends.`))),
  }),
  v.forward(
    v.check((body) => (body.audience === "chosen" ? (body.friends?.length ?? 0) > 0 : body.friends === undefined), FRIENDS_ONLY_WHEN_CHOSEN),
    ["friends"],
  ),
  v.transform((body) => ({ ...body, friends: [...new Set(body.friends ?? [])] })),
);
export type CheckInBody = v.InferInput<typeof checkInBodySchema>;

const placeRefSchema = v.strictObject({ id: v.number(), slug: v.string(), name: v.string() });

export const checkInSchema = v.strictObject({
  place: placeRefSchema,
  audience: v.picklist(CHECK_IN_AUDIENCES),
  // The chosen friends' ids; empty unless audience is "chosen".
  friends: v.array(v.number()),
  since: isoTime,
  until: isoTime,
});
export type CheckIn = v.InferOutput<typeof checkInSchema>;

export const myCheckInSchema = v.strictObject({
  check_in: v.nullable(checkInSchema),
  ghost: v.pipe(v.boolean(), v.description("Ghost mode: while true, nobody sees any check-in of this account.")),
});
export type MyCheckIn = v.InferOutput<typeof myCheckInSchema>;

export const ghostBodySchema = v.strictObject({ on: v.boolean("on must be true or false.") });
export type GhostBody = v.InferInput<typeof ghostBodySchema>;

export const friendsOutSchema = v.strictObject({
  friends: v.array(v.strictObject({ ...personSchema.entries, place: placeRefSchema, since: isoTime, until: isoTime })),
});
export type FriendsOut = v.InferOutput<typeof friendsOutSchema>;

export const friendsHereSchema = v.strictObject({
  count: v.number(),
  friends: v.array(v.strictObject({ ...personSchema.entries, since: isoTime, until: isoTime })),
});
export type FriendsHere = v.InferOutput<typeof friendsHereSchema>;
