// Every API call the client makes, and the only place that builds an API path. Inputs are typed
// from the request schemas in common/schemas, answers by the answer types in answers.ts. Reads
// return a `Read` (a key plus the call) for useApi(), which shares and refreshes them; writes
// return the answer. A refused answer throws ApiError; a network failure throws as fetch does.
import type * as v from "valibot";
import type { moderationQuerySchema, reviewHideSchema, reviewReportSchema } from "../../common/schemas/review-moderation";
import type {
  AcceptInviteAnswer,
  AccessTokenAnswer,
  Agg15Answer,
  BusinessesAnswer,
  CalendarDataAnswer,
  CheckPicoAnswer,
  DailySummaryItem,
  DevicesAnswer,
  ErrorAnswer,
  EventAnswer,
  EventCategoriesAnswer,
  EventCategoryAnswer,
  EventsAnswer,
  FeatureFlagAnswer,
  HandoffOwnerAnswer,
  HourlyDataAnswer,
  InviteLinkAnswer,
  KeyTrends,
  LiveAnswer,
  MapConfigAnswer,
  MeAnswer,
  ModeratedReviewAnswer,
  ModeratedReviewsAnswer,
  OkAnswer,
  OpenInvitesAnswer,
  OwnedPlace,
  PeakData,
  PlaceOwnersAnswer,
  PublicPlace,
  RegisteredDeviceAnswer,
  ReviewPostedAnswer,
  ReviewsAnswer,
  SessionAnswer,
  SubmissionAnswer,
  SubmissionListAnswer,
  TagAnswer,
  TagsAnswer,
  WeeklySummary,
} from "../../common/schemas/answers";
import type { placeDateQuerySchema, placeQuerySchema, weeklyQuerySchema } from "../../common/schemas/analytics";
import type { acceptInviteSchema, adminSignInSchema, handoffCodeSchema, SignInInput, SignUpInput } from "../../common/schemas/auth";
import type { deviceNameSchema } from "../../common/schemas/ingest";
import type { maxDevicesSchema, ownerPlaceUpdateSchema } from "../../common/schemas/place";
import type { ReviewInput } from "../../common/schemas/review";
import type { BusinessSubmissionInput, submissionListQuerySchema, submissionUpdateSchema } from "../../common/schemas/submission";
import { adminRequest } from "./adminSession";
import { apiBaseUrl, request, sendWithToken, type RequestBody } from "./request";

type In<TSchema extends v.GenericSchema> = v.InferInput<TSchema>;
type Send = (method: string, path: string, body?: RequestBody) => Promise<Response>;

/** Whose token a call carries: the owner's (refreshed by request()) or the admin's (adminRequest()). */
export type Token = "owner" | "admin";
const senders: Record<Token, Send> = { owner: request, admin: adminRequest };

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
async function answerOf<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  throw new ApiError(response.status, refusal(await response.json().catch(() => null)));
}

function refusal(body: unknown): Partial<ErrorAnswer> {
  if (typeof body !== "object" || body === null) return {};
  return {
    error: "error" in body && typeof body.error === "string" ? body.error : undefined,
    details: "details" in body && Array.isArray(body.details) ? body.details : undefined,
  };
}

/** A read the data hook can share: `key` names the request (token, method and path), `load` sends it. */
export interface Read<T> {
  key: string;
  load: () => Promise<T>;
}

function read<T>(path: string, token: Token = "owner", method = "GET"): Read<T> {
  return { key: `${token} ${method} ${path}`, load: () => senders[token](method, path).then(answerOf<T>) };
}

const call = <T>(method: string, path: string, body?: RequestBody, token: Token = "owner"): Promise<T> =>
  senders[token](method, path, body).then(answerOf<T>);

/** Sign-in calls carry no bearer token (their 401 means "wrong password") but set and read the refresh cookie. */
const post = <T>(path: string, body?: object): Promise<T> =>
  fetch(`${apiBaseUrl()}${path}`, {
    method: "POST",
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: "include",
  }).then(answerOf<T>);

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

const place = (id: number | string) => `/api/place/${encodeURIComponent(id)}`;

export const api = {
  // Sign-in and session (no bearer token, or one not yet stored).
  signIn: (input: SignInInput) => post<SessionAnswer>("/api/auth/login", input),
  signUp: (input: SignUpInput) => post<SessionAnswer>("/api/auth/signup", input),
  signOut: () => post<OkAnswer>("/api/auth/logout"),
  adminSignIn: (input: In<typeof adminSignInSchema>) => post<AccessTokenAnswer>("/api/admin/login", input),
  adminSignOut: (token: string) => sendWithToken(token, "POST", "/api/admin/logout").then(answerOf<OkAnswer>),
  /** Whom a dashboard link's one-time code signs in, without using it up. */
  handoffOwner: (input: In<typeof handoffCodeSchema>): Read<HandoffOwnerAnswer> => ({
    key: `POST /api/auth/handoff/inspect ${input.code}`,
    load: () => post<HandoffOwnerAnswer>("/api/auth/handoff/inspect", input),
  }),
  redeemHandoff: (input: In<typeof handoffCodeSchema>) => post<SessionAnswer>("/api/auth/handoff/redeem", input),
  /** Whose a token from a link is: sent with that token and never refreshed, since it is not this browser's session. */
  accountOfToken: (token: string): Read<MeAnswer> => ({
    key: `${token} GET /api/me`,
    load: () => sendWithToken(token, "GET", "/api/me").then(answerOf<MeAnswer>),
  }),
  me: () => read<MeAnswer>("/api/me"),
  /** Joins the place behind an invite link as a co-owner; the invite page sends it once, on opening. */
  acceptInvite: (input: In<typeof acceptInviteSchema>): Read<AcceptInviteAnswer> => ({
    key: `POST /api/invites/accept ${input.token}`,
    load: () => call<AcceptInviteAnswer>("POST", "/api/invites/accept", input),
  }),

  // Public pages.
  live: () => read<LiveAnswer>("/api/live"),
  mapConfig: () => read<MapConfigAnswer>("/api/config/map"),
  partnerVenues: () => read<Pick<PublicPlace, "id" | "name" | "cover_image">[]>("/api/website/places"),
  /** A venue by id or slug; its owners and the admin get the owner's fields too. */
  publicPlace: (idOrSlug: string) => read<PublicPlace>(place(idOrSlug)),
  placeEvents: (placeId: number) => read<EventsAnswer>(`/api/business/${placeId}/events`),
  reviews: (placeId: number) => read<ReviewsAnswer>(`/api/places/${placeId}/reviews`),
  postReview: (placeId: number, input: ReviewInput) => call<ReviewPostedAnswer>("POST", `/api/places/${placeId}/reviews`, input),
  reportReview: (reviewId: number, input: In<typeof reviewReportSchema>) =>
    call<OkAnswer & { message: string }>("POST", `/api/reviews/${reviewId}/report`, input),
  hideReview: (reviewId: number, input: In<typeof reviewHideSchema>, token?: Token) =>
    call<ModeratedReviewAnswer>("POST", `/api/reviews/${reviewId}/hide`, input, token),
  /** Shows a hidden review again, or keeps a reported one; either way its open reports close. */
  restoreReview: (reviewId: number, token?: Token) => call<ModeratedReviewAnswer>("POST", `/api/reviews/${reviewId}/restore`, undefined, token),
  submitBusiness: (input: BusinessSubmissionInput) => call<OkAnswer>("POST", "/api/submit-business", input),

  // Owner dashboard.
  featureFlag: (name: string) => read<FeatureFlagAnswer>(`/api/feature-flags/${encodeURIComponent(name)}`, "owner", "POST"),
  ownedPlaces: () => read<OwnedPlace[]>("/api/get-places-owned"),
  ownedPlace: (placeId: number, token?: Token) => read<OwnedPlace>(place(placeId), token),
  updateOwnedPlace: (placeId: number, input: In<typeof ownerPlaceUpdateSchema>) => call<OwnedPlace>("POST", `/api/place/update/${placeId}`, input),
  checkPico: (placeId: number) => read<CheckPicoAnswer>(`/api/check_pico/${placeId}`),
  keyTrends: (placeId: number) => read<KeyTrends>(`${place(placeId)}/key-trends`),
  dailySummary: (placeId: number) => read<DailySummaryItem[]>(`${place(placeId)}/daily_population_summary`),
  capacity15: (placeId: number) => read<Agg15Answer>(`${place(placeId)}/agg_15_device_counts`),
  people15: (placeId: number) => read<Agg15Answer>(`/api/place/people/${placeId}/agg_15_device_counts`),
  weeklySummary: (placeId: number, query: In<typeof weeklyQuerySchema>) =>
    read<WeeklySummary>(withQuery(`${place(placeId)}/weekly_population_summary`, query)),
  calendar: (query: In<typeof placeQuerySchema>) => read<CalendarDataAnswer>(withQuery("/api/calendar_data", query)),
  hourly: (query: In<typeof placeDateQuerySchema>) => read<HourlyDataAnswer>(withQuery("/api/hourly_data", query)),
  peakHourly: (query: In<typeof placeDateQuerySchema>) => read<PeakData>(withQuery("/api/peak_hourly_data", query)),
  generateInvite: (placeId: number) => call<InviteLinkAnswer>("POST", `${place(placeId)}/generate-url`),
  placeOwners: (placeId: number, token?: Token) => read<PlaceOwnersAnswer>(`${place(placeId)}/owners`, token),
  placeInvites: (placeId: number, token?: Token) => read<OpenInvitesAnswer>(`${place(placeId)}/invites`, token),
  removeOwner: (placeId: number, userId: number, token?: Token) => call<OkAnswer>("DELETE", `${place(placeId)}/owners/${userId}`, undefined, token),
  revokeInvite: (placeId: number, inviteId: string, token?: Token) =>
    call<OkAnswer>("DELETE", `${place(placeId)}/invites/${encodeURIComponent(inviteId)}`, undefined, token),

  // Events and their categories (multipart bodies: see eventForm.ts and eventEditForm.ts).
  events: (token?: Token) => read<EventsAnswer>("/api/events", token),
  event: (eventId: number | string, token?: Token) => read<EventAnswer>(`/api/events/${encodeURIComponent(eventId)}`, token),
  createEvent: (form: FormData) => call<EventAnswer>("POST", "/api/create_user_event", form),
  updateEvent: (eventId: number, form: FormData, token?: Token) => call<EventAnswer>("PUT", `/api/events/${eventId}`, form, token),
  deleteEvent: (eventId: number) => call<OkAnswer>("DELETE", `/api/events/${eventId}`),
  eventCategories: (token?: Token) => read<EventCategoriesAnswer>("/api/event-categories", token),
  createCategory: (form: FormData) => call<EventCategoryAnswer>("POST", "/api/event-categories", form),
  updateCategory: (categoryId: number, form: FormData) => call<EventCategoryAnswer>("PUT", `/api/event-categories/${categoryId}`, form),
  deleteCategory: (categoryId: number) => call<OkAnswer>("DELETE", `/api/event-categories/${categoryId}`),

  // Admin console (the admin token).
  places: () => read<PublicPlace[]>("/api/places", "admin"),
  createPlace: (form: FormData) => call<OwnedPlace>("POST", "/api/place/create", form, "admin"),
  updatePlace: (placeId: number, form: FormData) => call<OwnedPlace>("POST", `/api/place/update/${placeId}`, form, "admin"),
  businesses: () => read<BusinessesAnswer>("/api/businesses", "admin"),
  setMaxDevices: (placeId: number, input: In<typeof maxDevicesSchema>) =>
    call<OkAnswer>("PUT", `/api/businesses/${placeId}/max-devices`, input, "admin"),
  devices: (placeId: number) => read<DevicesAnswer>(`${place(placeId)}/devices`, "admin"),
  registerDevice: (placeId: number, input: In<typeof deviceNameSchema>) =>
    call<RegisteredDeviceAnswer>("POST", `${place(placeId)}/devices`, input, "admin"),
  revokeDevice: (placeId: number, deviceId: number) => call<OkAnswer>("DELETE", `${place(placeId)}/devices/${deviceId}`, undefined, "admin"),
  tags: () => read<TagsAnswer>("/api/tags", "admin"),
  createTag: (form: FormData) => call<TagAnswer>("POST", "/api/tags", form, "admin"),
  updateTag: (tagId: number, form: FormData) => call<TagAnswer>("PUT", `/api/tags/${tagId}`, form, "admin"),
  deleteTag: (tagId: number) => call<OkAnswer>("DELETE", `/api/tags/${tagId}`, undefined, "admin"),
  submissions: (query: In<typeof submissionListQuerySchema>) => read<SubmissionListAnswer>(withQuery("/api/admin/submissions", query), "admin"),
  updateSubmission: (submissionId: number, input: In<typeof submissionUpdateSchema>) =>
    call<SubmissionAnswer>("PATCH", `/api/admin/submissions/${submissionId}`, input, "admin"),
  moderatedReviews: (query: In<typeof moderationQuerySchema>) => read<ModeratedReviewsAnswer>(withQuery("/api/admin/reviews", query), "admin"),
};
