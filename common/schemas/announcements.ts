// Announcements to followers and what followers tell us (issue 30 §3; docs/announcements.md): the
// owner's request, the answers with reach (totals only, none below 5 followers), the admin's pause
// and the followers' shared preferences. The dashboard's form checks with these schemas.
import * as v from "valibot";
import { isoTime, nullableIso } from "./answers";
import { tooLong } from "./fields";

export const ANNOUNCEMENT_LIMITS = { title: 80, text: 500, perWeek: 3 } as const;
/** Groups smaller than this are never counted to an owner: a count of 1–4 could single someone out. */
export const MIN_GROUP = 5;
/** How many past announcements GET lists, newest first. */
export const ANNOUNCEMENTS_LISTED = 50;

export const ANNOUNCEMENT_MESSAGES = {
  title: "Give the announcement a title.",
  text: "Write what you want to tell your followers.",
  paused: "Announcements from this place are paused by Third Place. Write to us to resume them; your followers keep following.",
  noSuchEvent: "No such event at this place.",
  noSuchSpecial: "No such special at this place.",
  both: "Link an event or a special, not both.",
} as const;

const id = (message: string) => v.optional(v.pipe(v.number(message), v.integer(message), v.minValue(1, message)));

/** POST /api/place/{id}/announcements */
export const announcementBodySchema = v.pipe(
  v.strictObject(
    {
      title: v.pipe(v.string(ANNOUNCEMENT_MESSAGES.title), v.trim(), v.nonEmpty(ANNOUNCEMENT_MESSAGES.title), v.maxLength(ANNOUNCEMENT_LIMITS.title, tooLong(ANNOUNCEMENT_LIMITS.title))),
      text: v.pipe(v.string(ANNOUNCEMENT_MESSAGES.text), v.trim(), v.nonEmpty(ANNOUNCEMENT_MESSAGES.text), v.maxLength(ANNOUNCEMENT_LIMITS.text, tooLong(ANNOUNCEMENT_LIMITS.text))),
      event_id: id("Send the event's id."),
      special_id: id("Send the special's id."),
    },
    "Send only title, text and optionally event_id or special_id.",
  ),
  v.check((body) => body.event_id === undefined || body.special_id === undefined, ANNOUNCEMENT_MESSAGES.both),
);
export type AnnouncementBody = v.InferOutput<typeof announcementBodySchema>;
export type AnnouncementBodyInput = v.InferInput<typeof announcementBodySchema>;

/** A count shown to owners: null when the group is under MIN_GROUP (`fewer_than_five` then says so). */
const countOrNull = v.pipe(v.nullable(v.number()), v.description(`null when fewer than ${MIN_GROUP} followers (see fewer_than_five)`));

/** Reach: totals only, never who. Below 5 followers every count is null. */
export const reachSchema = v.strictObject({
  fewer_than_five: v.boolean(),
  // Who followed the place's news when it was sent.
  followers: countOrNull,
  // Followers whose inbox got it (a push too unless their daily cap or quiet hours held it back).
  delivered: countOrNull,
  // Followers who read it in their inbox (opened its link or marked it read).
  opened: countOrNull,
});
export type Reach = v.InferOutput<typeof reachSchema>;

export const announcementSchema = v.strictObject({
  id: v.number(),
  title: v.string(),
  text: v.string(),
  // The event or special it points at; null when none (or it was deleted since).
  event: v.nullable(v.strictObject({ id: v.number(), name: v.string() })),
  special: v.nullable(v.strictObject({ id: v.number(), title: v.string() })),
  created_at: isoTime,
  reach: reachSchema,
});
export type Announcement = v.InferOutput<typeof announcementSchema>;

/** POST's answer. */
export const announcementSentSchema = v.strictObject({ id: v.number(), reach: reachSchema });
export type AnnouncementSent = v.InferOutput<typeof announcementSentSchema>;

export const announcementsAnswerSchema = v.strictObject({
  announcements: v.array(announcementSchema),
  paused: v.boolean(),
  // The weekly limit: at most per_week in any 7 days; next_at is when one more may go out once used up.
  limit: v.strictObject({ per_week: v.number(), sent_this_week: v.number(), next_at: nullableIso }),
});
export type AnnouncementsAnswer = v.InferOutput<typeof announcementsAnswerSchema>;

/** PUT /api/place/{id}/announcements/pause (admin) */
export const announcementPauseSchema = v.strictObject({ paused: v.boolean("Send paused as true or false.") }, "Send {paused: true} or {paused: false}.");
export const announcementPauseAnswerSchema = v.strictObject({ paused: v.boolean() });
export type AnnouncementPauseAnswer = v.InferOutput<typeof announcementPauseAnswerSchema>;

const group = v.strictObject({ name: v.string(), count: v.number() });

/**
 * GET /api/place/{id}/followers: how many follow the place's news, and what those who chose to share
 * told us, in groups of at least 5 (smaller groups are left out, and so is everything when fewer
 * than 5 share).
 */
export const followersAnswerSchema = v.strictObject({
  fewer_than_five: v.boolean(),
  followers: countOrNull,
  // Followers who share what they like; null when fewer than 5.
  sharing: countOrNull,
  categories: v.array(group),
  vibes: v.array(group),
  neighbourhoods: v.array(group),
  // Where the numbers come from, in words, for the panel.
  source: v.string(),
});
export type FollowersAnswer = v.InferOutput<typeof followersAnswerSchema>;
