// A place's followers as its owners may see them (issue 30 §3; docs/announcements.md#what-followers-tell-us):
// how many follow its news, and what those who chose to share told us (categories, vibe,
// neighbourhood) in groups of at least 5. Nothing about anyone who did not opt in, and never who.
import { Hono } from "hono";
import { followersAnswerSchema, type FollowersAnswer } from "../../common/schemas/announcements";
import { requirePlaceOwner } from "../auth/middleware";
import { followerCount, sharedLikesOf } from "../db/announcements";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { describe } from "../lib/openapi";
import { followersAnswerOf } from "../lib/follower-counts";

export const followerRoutes = new Hono<AppEnv>().get(
  "/place/:id/followers",
  describe({
    tag: "Announcements",
    summary: "How many follow the place's news, and what sharing followers like, in groups of at least 5",
    description:
      "Followers saved the place with news on. Categories, vibes and neighbourhoods come only from followers who chose to share them in their settings; a group under 5 is left out, and below 5 followers (or sharers) every count is null. Sharers count only with an account at least 30 days old that has a passkey, so throw-away accounts cannot make a group around one real follower. Never who.",
    access: "place-owner",
    answers: { 200: followersAnswerSchema },
  }),
  requirePlaceOwner(),
  async (c) => {
    const db = getDb(c.env);
    const placeId = c.var.placeId;
    const [followers, shared] = await Promise.all([followerCount(db, placeId), sharedLikesOf(db, placeId, Date.now())]);
    return c.json(followersAnswerOf(followers, shared) satisfies FollowersAnswer);
  },
);
