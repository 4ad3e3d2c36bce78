// Announcements to followers and what followers tell us (docs/announcements.md), in a module of
// their own: only the dashboard's Announcements tab and the admin's business page load them.
import type {
  AnnouncementPauseAnswer,
  AnnouncementSent,
  AnnouncementsAnswer,
  announcementBodySchema,
  FollowersAnswer,
} from "../../common/schemas/announcements";
import { call, placePath, read, type In, type Sender } from "./endpoints";

export const announcementApi = {
  /** Past announcements with reach, the weekly limit and whether the admin paused them. */
  list: (placeId: number, sender?: Sender) => read<AnnouncementsAnswer>(`${placePath(placeId)}/announcements`, sender),
  send: (placeId: number, input: In<typeof announcementBodySchema>) => call<AnnouncementSent>("POST", `${placePath(placeId)}/announcements`, input),
  /** The admin's pause (docs/announcements.md#pausing). */
  setPaused: (placeId: number, paused: boolean, sender: Sender) =>
    call<AnnouncementPauseAnswer>("PUT", `${placePath(placeId)}/announcements/pause`, { paused }, sender),
  followers: (placeId: number) => read<FollowersAnswer>(`${placePath(placeId)}/followers`),
};
