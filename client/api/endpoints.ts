// The API's calls, in three modules by who uses them so that a page loads only its own: this one
// (the building blocks and the public site's calls), ownerEndpoints.ts (sign-in, the owner
// dashboard) and adminEndpoints.ts (the admin console). Only these build API paths. Inputs are
// typed from the request schemas in common/schemas, answers by the answer types in answers.ts.
// Reads return a `Read` (a key plus the call) for useApi(), which shares and refreshes them;
// writes return the answer. A refused answer throws ApiError; a network failure throws as fetch does.
import type * as v from "valibot";
import type {
  CitiesAnswer,
  ErrorAnswer,
  EventsAnswer,
  ForecastAnswer,
  LiveAnswer,
  LiveLookAnswer,
  LiveLooksAnswer,
  MapConfigAnswer,
  ModeratedLiveLookAnswer,
  ModeratedReviewAnswer,
  MonitoringConfigAnswer,
  OkAnswer,
  PopularTimesAnswer,
  PublicPlace,
  ReviewPostedAnswer,
  ReviewsAnswer,
  TagsAnswer,
  VisitorCityAnswer,
} from "../../common/schemas/answers";
import type { liveLookHideSchema, liveLookReportSchema } from "../../common/schemas/live-look";
import type { MenuAnswer } from "../../common/schemas/menu";
import type { SpecialsAnswer } from "../../common/schemas/special";
import type { ReviewInput } from "../../common/schemas/review";
import type { reviewHideSchema, reviewReportSchema } from "../../common/schemas/review-moderation";
import type { SuggestionsAnswer } from "../../common/schemas/saved";
import type { BusinessSubmissionInput } from "../../common/schemas/submission";
import { apiBaseUrl, request, type RequestBody } from "./request";

export type In<TSchema extends v.GenericSchema> = v.InferInput<TSchema>;

/** Whose token a call carries, and how: the owner's (request() refreshes it) or the admin's (adminEndpoints.ts). */
export interface Sender {
  name: string;
  send: (method: string, path: string, body?: RequestBody) => Promise<Response>;
}
export const OWNER: Sender = { name: "owner", send: request };

/** A refused answer: its status and, when the server sent one, its `{ error, details }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly answer: Partial<ErrorAnswer>,
  ) {
    super(answer.error ?? `The API answered ${status}`);
  }
}

/** The sentence for a failed read: `refused` when the server said no, `unexpected` when the request itself failed. */
export const readFailure = (error: unknown, refused: string, unexpected: string) => (error instanceof ApiError ? refused : unexpected);

/**
 * The sentence for a failed write: the server's own `error` text, `fallback` when it gave none, or
 * `unexpected` (logged) when the request itself failed.
 */
export function writeFailure(error: unknown, fallback: string, unexpected: string): string {
  if (error instanceof ApiError) return error.answer.error ?? fallback;
  console.error(error);
  return unexpected;
}

/**
 * The one place an answer's JSON gets its type, and the one cast doing it: the worker declares each
 * route's answer with these types and its tests check the answers against them.
 */
export async function answerOf<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  throw new ApiError(response.status, refusal(await response.json().catch(() => null)));
}

function refusal(body: unknown): Partial<ErrorAnswer> {
  if (typeof body !== "object" || body === null) return {};
  return {
    error: "error" in body && typeof body.error === "string" ? body.error : undefined,
    details: "details" in body && Array.isArray(body.details) ? body.details : undefined,
    request_id: "request_id" in body && typeof body.request_id === "string" ? body.request_id : undefined,
  };
}

/**
 * A read the data hook can share: `key` names the request (sender, method and path), `load` sends
 * it. The worker reads a server-rendered page's reads by `path` (docs/server-rendering.md); reads
 * built otherwise (several requests in one) have none.
 */
export interface Read<T> {
  key: string;
  path?: string;
  load: () => Promise<T>;
}

export const read = <T>(path: string, sender = OWNER, method = "GET"): Read<T> => ({
  key: `${sender.name} ${method} ${path}`,
  path,
  load: () => sender.send(method, path).then(answerOf<T>),
});

export const call = <T>(method: string, path: string, body?: RequestBody, sender = OWNER): Promise<T> =>
  sender.send(method, path, body).then(answerOf<T>);

/** Sign-in calls carry no bearer token (their 401 means "wrong password") but set and read the refresh cookie. */
export const post = <T>(path: string, body?: object): Promise<T> =>
  fetch(`${apiBaseUrl()}${path}`, {
    method: "POST",
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: "include",
  }).then(answerOf<T>);

export function withQuery(path: string, query: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const placePath = (idOrSlug: number | string) => `/api/place/${encodeURIComponent(idOrSlug)}`;

/** The public site: live levels, the map, venue profiles, reviews and the submission form. */
export const publicApi = {
  /** Every place's live entry, or one city's (docs/cities.md). */
  live: (city?: string) => read<LiveAnswer>(withQuery("/api/live", { city })),
  /** The cities we serve, with their number of places. */
  cities: () => read<CitiesAnswer>("/api/cities"),
  /** The city the visitor's live map opens on (from where Cloudflare places them). */
  cityHere: () => read<VisitorCityAnswer>("/api/cities/here"),
  mapConfig: () => read<MapConfigAnswer>("/api/config/map"),
  /** Every tag places can carry: the chips a person picks what they like from. */
  tags: () => read<TagsAnswer>("/api/tags"),
  /** Session monitoring's settings; `rum` is null while it is off (docs/monitoring.md). */
  monitoringConfig: () => read<MonitoringConfigAnswer>("/api/config/monitoring"),
  partnerVenues: () => read<Pick<PublicPlace, "id" | "name" | "cover_image">[]>("/api/website/places"),
  /** A venue by id or slug; its owners and the admin get the owner's fields too. */
  place: (idOrSlug: string) => read<PublicPlace>(placePath(idOrSlug)),
  /** Usual busyness per weekday and hour, with the live bar (docs/when-to-go.md#popular-times). */
  popularTimes: (placeId: number) => read<PopularTimesAnswer>(`/api/places/${placeId}/popular-times`),
  /** The current hour to the end of the week ahead, and the best time (docs/when-to-go.md#forecast). */
  forecast: (placeId: number) => read<ForecastAnswer>(`/api/places/${placeId}/forecast`),
  placeEvents: (placeId: number) => read<EventsAnswer>(`/api/business/${placeId}/events`),
  reviews: (placeId: number) => read<ReviewsAnswer>(`/api/places/${placeId}/reviews`),
  /** Sections, prices in the venue's currency, kitchen hours (docs/menus-and-specials.md#menus). */
  menu: (placeId: number) => read<MenuAnswer>(`/api/places/${placeId}/menu`),
  /** Weekly and upcoming specials with on_now, next_start and ends_at (docs/menus-and-specials.md#specials). */
  specials: (placeId: number) => read<SpecialsAnswer>(`/api/places/${placeId}/specials`),
  postReview: (placeId: number, input: ReviewInput) => call<ReviewPostedAnswer>("POST", `/api/places/${placeId}/reviews`, input),
  reportReview: (reviewId: number, input: In<typeof reviewReportSchema>) =>
    call<OkAnswer & { message: string }>("POST", `/api/reviews/${reviewId}/report`, input),
  /** By a venue's owner (the profile) or the admin (review moderation). */
  hideReview: (reviewId: number, input: In<typeof reviewHideSchema>, sender?: Sender) =>
    call<ModeratedReviewAnswer>("POST", `/api/reviews/${reviewId}/hide`, input, sender),
  /** Shows a hidden review again, or keeps a reported one; either way its open reports close. */
  restoreReview: (reviewId: number, sender?: Sender) =>
    call<ModeratedReviewAnswer>("POST", `/api/reviews/${reviewId}/restore`, undefined, sender),
  /** Public Live Looks of the last 3 hours, newest first, and the reported wait (docs/live-looks.md). */
  liveLooks: (placeId: number) => read<LiveLooksAnswer>(`/api/places/${placeId}/live-looks`),
  /** Multipart: text, and optionally photo, wait and vibe. */
  postLiveLook: (placeId: number, form: FormData) => call<LiveLookAnswer>("POST", `/api/places/${placeId}/live-looks`, form),
  reportLiveLook: (id: number, input: In<typeof liveLookReportSchema>) =>
    call<OkAnswer & { message: string }>("POST", `/api/live-looks/${id}/report`, input),
  /** By a venue's owner (the profile, the dashboard) or the admin (moderation). */
  hideLiveLook: (id: number, input: In<typeof liveLookHideSchema>, sender?: Sender) =>
    call<ModeratedLiveLookAnswer>("POST", `/api/live-looks/${id}/hide`, input, sender),
  restoreLiveLook: (id: number, sender?: Sender) => call<ModeratedLiveLookAnswer>("POST", `/api/live-looks/${id}/restore`, undefined, sender),
  submitBusiness: (input: BusinessSubmissionInput) => call<OkAnswer>("POST", "/api/submit-business", input),
  /** Places near a point now, or at an hour ahead (`at`, ISO), ranked (docs/app.md#saved-places-and-suggestions). */
  suggestions: (query: { lat: number; lng: number; radius_m?: number; at?: string; level?: string; category?: string; tag?: string; open?: boolean; limit?: number }) =>
    read<SuggestionsAnswer>(
      withQuery("/api/places/suggestions", {
        lat: query.lat.toFixed(3),
        lng: query.lng.toFixed(3),
        radius_m: query.radius_m?.toString(),
        at: query.at,
        level: query.level,
        category: query.category,
        tag: query.tag,
        open: query.open ? "1" : undefined,
        limit: query.limit?.toString(),
      }),
    ),
};

/**
 * An API path as an absolute address, for another program or website to fetch. `origin`: the
 * page's (useOrigin), where the page may be rendered by the worker, which has no window.
 */
const absolute = (path: string, origin = window.location.origin) => new URL(`${apiBaseUrl()}${path}`, origin).href;

/**
 * Addresses of what other programs and websites fetch (docs/embeds.md): calendar files for calendar
 * apps, the live badge and widget for a venue's own website. Absolute, since they are copied elsewhere.
 */
export const publicFiles = {
  /** One event as an .ics file ("Add to calendar"). */
  eventCalendar: (eventId: number, origin?: string) => absolute(`/api/events/${eventId}/calendar.ics`, origin),
  /** A venue's events as a calendar to subscribe to, as webcal: (which calendar apps open to subscribe) or https:. */
  placeCalendar: (slug: string, scheme: "webcal" | "https" = "https", origin?: string) => {
    const url = absolute(`/api/places/${encodeURIComponent(slug)}/events.ics`, origin);
    return scheme === "webcal" ? url.replace(/^https?:/, "webcal:") : url;
  },
  badge: (slug: string) => absolute(`/api/places/${encodeURIComponent(slug)}/badge.svg`),
  embed: (slug: string) => absolute(`/api/places/${encodeURIComponent(slug)}/embed`),
  profile: (slug: string) => new URL(`/profile/${encodeURIComponent(slug)}`, window.location.origin).href,
};
