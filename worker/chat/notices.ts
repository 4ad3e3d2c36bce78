// What plan and message notifications say (docs/friends.md#notifications). A message's push names
// its sender and conversation, never its text: the text stays in the conversation's object.
import { API_LOCALE, formatInstant } from "../../common/formats";
import type { AccountNotification } from "../push/deliver";

export interface PlanNoticeFacts {
  planId: number;
  placeId: number;
  organiserId: number;
  organiserName: string;
  /** The plan's title, or its place's name. */
  title: string;
  placeName: string;
  startsAt: number;
  /** The place's time zone: the time is written as it will be on the place's clocks. */
  timeZone: string;
}

/** "Fri 8:00 PM" on the place's clock. */
export function localTime(at: number, timeZone: string): string {
  return formatInstant(at, API_LOCALE, { weekday: "short", hour: "numeric", minute: "2-digit", timeZone });
}

const TITLES = {
  plan_invite: (facts: PlanNoticeFacts) => `${facts.organiserName} invited you: ${facts.title}`,
  plan_changed: (facts: PlanNoticeFacts) => `${facts.organiserName} changed ${facts.title}`,
  plan_cancelled: (facts: PlanNoticeFacts) => `${facts.organiserName} cancelled ${facts.title}`,
} as const;

export type PlanNoticeKind = keyof typeof TITLES;

/** A plan's changes push an invitee at most once in this long (after any push of the plan). */
export const PLAN_PUSH_GAP_MS = 10 * 60_000;

/**
 * A plan's invitation, change or cancellation. Changes coalesce (docs/friends.md#notifications):
 * one inbox row per invitee and plan, replaced by the newest, and pushed at most once in 10
 * minutes, so an organiser changing a plan 60 times a minute neither floods an inbox nor spends
 * its daily pushes.
 */
export function planNotice(kind: PlanNoticeKind, facts: PlanNoticeFacts): AccountNotification {
  return {
    kind,
    title: TITLES[kind](facts),
    body: `${facts.placeName}, ${localTime(facts.startsAt, facts.timeZone)}`,
    url: `/app/plans/${facts.planId}`,
    placeId: facts.placeId,
    tag: `plan-${facts.planId}`,
    aboutUserId: facts.organiserId,
    ...(kind === "plan_changed" ? { dedupeKey: `plan-${facts.planId}-changed`, replaces: true, pushGapMs: PLAN_PUSH_GAP_MS } : {}),
  };
}

/**
 * A plan called off because its organiser deleted their account: named by its title alone, since
 * the account is gone; no link, since the plan is gone with it. The tag replaces its earlier notices.
 */
export function planGoneNotice(facts: Omit<PlanNoticeFacts, "organiserId" | "organiserName">): AccountNotification {
  return {
    kind: "plan_cancelled",
    title: `${facts.title} is off`,
    body: `Its organiser deleted their account. ${facts.placeName}, ${localTime(facts.startsAt, facts.timeZone)}`,
    url: "/app",
    placeId: facts.placeId,
    tag: `plan-${facts.planId}`,
  };
}

/**
 * A friend checked in at the place of a plan the member is in (docs/friends.md#notifications): once
 * per friend and plan (the dedupe key), however often they check in again.
 */
export function planCheckInNotice(facts: Omit<PlanNoticeFacts, "organiserId" | "organiserName">, friend: { id: number; name: string }): AccountNotification {
  return {
    kind: "plan_check_in",
    title: `${friend.name} is at ${facts.placeName}`,
    body: `Your plan: ${facts.title}, ${localTime(facts.startsAt, facts.timeZone)}`,
    url: `/app/plans/${facts.planId}`,
    placeId: facts.placeId,
    tag: `plan-${facts.planId}-check-in-${friend.id}`,
    dedupeKey: `plan-${facts.planId}-check-in-${friend.id}`,
    aboutUserId: friend.id,
  };
}

/** "Sam sent you a message": once per message (its dedupe key), so a retried queue message stores nothing twice. */
export function messageNotice(conversationId: number, messageId: number, sender: { id: number; name: string }, conversationTitle: string): AccountNotification {
  return {
    kind: "message",
    title: `${sender.name} sent you a message`,
    body: `In ${conversationTitle}`,
    url: `/app/messages/${conversationId}`,
    tag: `conversation-${conversationId}`,
    dedupeKey: `conversation-${conversationId}-message-${messageId}`,
    aboutUserId: sender.id,
  };
}
