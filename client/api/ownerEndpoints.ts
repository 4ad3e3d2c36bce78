// Sign-in and the owner pages' calls (see endpoints.ts). Those the admin console shares (a place,
// its owners and invites, events, categories) take the admin's Sender there.
import type {
  AcceptInviteAnswer,
  Agg15Answer,
  CalendarDataAnswer,
  CheckPicoAnswer,
  DailySummaryItem,
  DevicesAnswer,
  EventAnswer,
  EventCategoriesAnswer,
  EventCategoryAnswer,
  EventsAnswer,
  FeatureFlagAnswer,
  HandoffOwnerAnswer,
  HourlyDataAnswer,
  InviteLinkAnswer,
  KeyTrends,
  MeAnswer,
  ModeratedLiveLooksAnswer,
  OkAnswer,
  OpenInvitesAnswer,
  OwnedPlace,
  PeakData,
  PlaceOwnersAnswer,
  SessionAnswer,
  WeeklySummary,
} from "../../common/schemas/answers";
import type { placeDateQuerySchema, placeQuerySchema, weeklyQuerySchema } from "../../common/schemas/analytics";
import type { CalibrationAnswer, headcountBodySchema } from "../../common/schemas/calibration";
import type {
  EventInsightsAnswer,
  OwnerForecastAnswer,
  WeekComparisonAnswer,
  exportQuerySchema,
  ownerForecastQuerySchema,
  weekComparisonQuerySchema,
} from "../../common/schemas/insights";
import type { AlertRules, NotificationsAnswer, webhookBodySchema, WebhooksAnswer } from "../../common/schemas/alerts";
import type { acceptInviteSchema, handoffCodeSchema, PasswordResetConfirmInput, passwordResetRequestSchema, SignInInput } from "../../common/schemas/auth";
import type { AccountSignUpInput, deleteAccountSchema, ProfilePatchInput, ReauthAnswer, ReauthInput, setPasswordSchema } from "../../common/schemas/profile";
import type {
  addPasskeySchema,
  PasskeyAnswer,
  PasskeysAnswer,
  PasskeySignUpOptionsInput,
  passkeySignInSchema,
  passkeySignUpSchema,
  renamePasskeySchema,
} from "../../common/schemas/passkeys";
import type { CreationOptionsAnswer, RequestOptionsAnswer } from "../../common/schemas/webauthn";
import type { ownerPlaceUpdateSchema } from "../../common/schemas/place";
import type { ConsumerNotificationsAnswer, consumerNotificationsReadBodySchema } from "../../common/schemas/push";
import type { MenuAnswer, menuInputSchema } from "../../common/schemas/menu";
import type { OwnedSpecialsAnswer, Special, specialCreateSchema, specialUpdateSchema } from "../../common/schemas/special";
import { answerOf, call, placePath, post, read, withQuery, type In, type Read, type Sender } from "./endpoints";
import { request, sendWithToken } from "./request";

export const ownerApi = {
  signIn: (input: SignInInput) => post<SessionAnswer>("/api/auth/login", input),
  signUp: (input: AccountSignUpInput) => post<SessionAnswer>("/api/auth/signup", input),
  signOut: () => post<OkAnswer>("/api/auth/logout"),
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
  /** Every account's profile (the consumer app's settings, docs/accounts.md#profile). */
  updateMe: (patch: ProfilePatchInput) => call<MeAnswer>("PATCH", "/api/me", patch),
  deleteMe: (input: In<typeof deleteAccountSchema>) => call<OkAnswer>("DELETE", "/api/me", input),
  // Passkeys (docs/accounts.md#passkeys); client/api/passkeys.ts runs the browser's side of each.
  passkeySignUpOptions: (input: PasskeySignUpOptionsInput) => post<CreationOptionsAnswer>("/api/auth/passkey/signup/options", input),
  passkeySignUp: (input: In<typeof passkeySignUpSchema>) => post<SessionAnswer>("/api/auth/passkey/signup", input),
  passkeySignInOptions: () => post<RequestOptionsAnswer>("/api/auth/passkey/login/options"),
  passkeySignIn: (input: In<typeof passkeySignInSchema>) => post<SessionAnswer>("/api/auth/passkey/login", input),
  passkeys: () => read<PasskeysAnswer>("/api/me/passkeys"),
  passkeyOptions: () => call<CreationOptionsAnswer>("POST", "/api/me/passkeys/options"),
  addPasskey: (input: In<typeof addPasskeySchema>) => call<PasskeyAnswer>("POST", "/api/me/passkeys", input),
  renamePasskey: (id: number, input: In<typeof renamePasskeySchema>) => call<PasskeyAnswer>("PATCH", `/api/me/passkeys/${id}`, input),
  removePasskey: (id: number) => call<OkAnswer>("DELETE", `/api/me/passkeys/${id}`),
  passkeyConfirmOptions: () => call<RequestOptionsAnswer>("POST", "/api/me/passkeys/confirm-options"),
  // Fresh proof, signing out everywhere, the password and its reset (docs/accounts.md#fresh-proof).
  reauth: (input: ReauthInput) => call<ReauthAnswer>("POST", "/api/me/reauth", input),
  signOutEverywhere: () => call<OkAnswer>("POST", "/api/me/sign-out-everywhere"),
  setPassword: (input: In<typeof setPasswordSchema>) => call<OkAnswer>("PUT", "/api/me/password", input),
  requestPasswordReset: (input: In<typeof passwordResetRequestSchema>) => post<OkAnswer>("/api/auth/password-reset", input),
  confirmPasswordReset: (input: PasswordResetConfirmInput) => post<OkAnswer>("/api/auth/password-reset/confirm", input),
  /** The account's inbox, newest first, with the unread count (docs/push.md). */
  inbox: () => read<ConsumerNotificationsAnswer>("/api/me/notifications"),
  markInboxRead: (input: In<typeof consumerNotificationsReadBodySchema>) =>
    call<{ marked: number; unread: number }>("POST", "/api/me/notifications/read", input),
  /** Joins the place behind an invite link as a co-owner; the invite page sends it once, on opening. */
  acceptInvite: (input: In<typeof acceptInviteSchema>): Read<AcceptInviteAnswer> => ({
    key: `POST /api/invites/accept ${input.token}`,
    load: () => call<AcceptInviteAnswer>("POST", "/api/invites/accept", input),
  }),

  featureFlag: (name: string) => read<FeatureFlagAnswer>(`/api/feature-flags/${encodeURIComponent(name)}`, undefined, "POST"),
  ownedPlaces: () => read<OwnedPlace[]>("/api/get-places-owned"),
  ownedPlace: (placeId: number, sender?: Sender) => read<OwnedPlace>(placePath(placeId), sender),
  updateOwnedPlace: (placeId: number, input: In<typeof ownerPlaceUpdateSchema>) =>
    call<OwnedPlace>("POST", `/api/place/update/${placeId}`, input),
  checkPico: (placeId: number) => read<CheckPicoAnswer>(`/api/check_pico/${placeId}`),
  devices: (placeId: number) => read<DevicesAnswer>(`${placePath(placeId)}/devices`),
  keyTrends: (placeId: number) => read<KeyTrends>(`${placePath(placeId)}/key-trends`),
  calibration: (placeId: number) => read<CalibrationAnswer>(`${placePath(placeId)}/calibration`),
  headcount: (placeId: number, input: In<typeof headcountBodySchema>) =>
    call<CalibrationAnswer>("POST", `${placePath(placeId)}/headcount`, input),
  /** The next days by hour with expected peaks and the measured accuracy (docs/insights.md#forecast). */
  forecast: (placeId: number, query: In<typeof ownerForecastQuerySchema>) =>
    read<OwnerForecastAnswer>(withQuery(`${placePath(placeId)}/forecast`, query)),
  /** Each past event against the usual, ranked, and per category (docs/insights.md#popular-events). */
  eventInsights: (placeId: number) => read<EventInsightsAnswer>(`${placePath(placeId)}/event-insights`),
  /** A week's daily peak and mean, the week before and a year earlier (docs/insights.md#compare-weeks). */
  weekComparison: (placeId: number, query: In<typeof weekComparisonQuerySchema>) =>
    read<WeekComparisonAnswer>(withQuery(`${placePath(placeId)}/week-comparison`, query)),
  /**
   * The CSV export as a file (docs/insights.md#export). A download link cannot carry the bearer
   * token, so it is fetched like every call (refreshing the token on a 401) and saved from memory.
   */
  exportCsv: async (placeId: number, query: In<typeof exportQuerySchema>): Promise<Blob> => {
    const response = await request("GET", withQuery(`${placePath(placeId)}/export.csv`, query));
    // A refusal is JSON like every other: answerOf throws its ApiError.
    return response.ok ? response.blob() : answerOf<never>(response);
  },
  /** Every Live Look of the place from the last 7 days, hidden ones marked (docs/live-looks.md). */
  liveLooks: (placeId: number) => read<ModeratedLiveLooksAnswer>(`${placePath(placeId)}/live-looks`),
  /** The whole menu, written at once (docs/menus-and-specials.md#menus); ids sent back keep items and their photos. */
  saveMenu: (placeId: number, menu: In<typeof menuInputSchema>) => call<MenuAnswer>("PUT", `${placePath(placeId)}/menu`, menu),
  /** Multipart with the file in `photo`. */
  setMenuPhoto: (placeId: number, itemId: number, form: FormData) => call<MenuAnswer>("PUT", `${placePath(placeId)}/menu/items/${itemId}/photo`, form),
  removeMenuPhoto: (placeId: number, itemId: number) => call<MenuAnswer>("DELETE", `${placePath(placeId)}/menu/items/${itemId}/photo`),
  /** Every special with its lift against the usual (docs/menus-and-specials.md#lift). */
  specials: (placeId: number) => read<OwnedSpecialsAnswer>(`${placePath(placeId)}/specials`),
  createSpecial: (placeId: number, input: In<typeof specialCreateSchema>) => call<Special>("POST", `${placePath(placeId)}/specials`, input),
  updateSpecial: (placeId: number, specialId: number, input: In<typeof specialUpdateSchema>) =>
    call<Special>("PATCH", `${placePath(placeId)}/specials/${specialId}`, input),
  deleteSpecial: (placeId: number, specialId: number) => call<OkAnswer>("DELETE", `${placePath(placeId)}/specials/${specialId}`),
  // Alerts (docs/alerts.md): notifications with their unread count, webhook endpoints and their delivery log.
  alertRules: (placeId: number) => read<AlertRules>(`${placePath(placeId)}/alert-rules`),
  saveAlertRules: (placeId: number, rules: AlertRules) => call<AlertRules>("PUT", `${placePath(placeId)}/alert-rules`, rules),
  notifications: (placeId: number) => read<NotificationsAnswer>(`${placePath(placeId)}/notifications`),
  markNotificationsRead: (placeId: number) => call<{ marked: number; unread: number }>("POST", `${placePath(placeId)}/notifications/read`),
  webhooks: (placeId: number) => read<WebhooksAnswer>(`${placePath(placeId)}/webhooks`),
  addWebhook: (placeId: number, input: In<typeof webhookBodySchema>) => call<{ id: number; secret: string }>("POST", `${placePath(placeId)}/webhooks`, input),
  removeWebhook: (placeId: number, webhookId: number) => call<OkAnswer>("DELETE", `${placePath(placeId)}/webhooks/${webhookId}`),
  dailySummary: (placeId: number) => read<DailySummaryItem[]>(`${placePath(placeId)}/daily_population_summary`),
  capacity15: (placeId: number) => read<Agg15Answer>(`${placePath(placeId)}/agg_15_device_counts`),
  people15: (placeId: number) => read<Agg15Answer>(`/api/place/people/${placeId}/agg_15_device_counts`),
  weeklySummary: (placeId: number, query: In<typeof weeklyQuerySchema>) =>
    read<WeeklySummary>(withQuery(`${placePath(placeId)}/weekly_population_summary`, query)),
  calendar: (query: In<typeof placeQuerySchema>) => read<CalendarDataAnswer>(withQuery("/api/calendar_data", query)),
  hourly: (query: In<typeof placeDateQuerySchema>) => read<HourlyDataAnswer>(withQuery("/api/hourly_data", query)),
  peakHourly: (query: In<typeof placeDateQuerySchema>) => read<PeakData>(withQuery("/api/peak_hourly_data", query)),
  generateInvite: (placeId: number) => call<InviteLinkAnswer>("POST", `${placePath(placeId)}/generate-url`),
  placeOwners: (placeId: number, sender?: Sender) => read<PlaceOwnersAnswer>(`${placePath(placeId)}/owners`, sender),
  placeInvites: (placeId: number, sender?: Sender) => read<OpenInvitesAnswer>(`${placePath(placeId)}/invites`, sender),
  removeOwner: (placeId: number, userId: number, sender?: Sender) =>
    call<OkAnswer>("DELETE", `${placePath(placeId)}/owners/${userId}`, undefined, sender),
  revokeInvite: (placeId: number, inviteId: string, sender?: Sender) =>
    call<OkAnswer>("DELETE", `${placePath(placeId)}/invites/${encodeURIComponent(inviteId)}`, undefined, sender),

  // Events and their categories (multipart bodies: see client/lib/eventForm.ts and the admin's eventEditForm.ts).
  events: (sender?: Sender) => read<EventsAnswer>("/api/events", sender),
  event: (eventId: number | string, sender?: Sender) => read<EventAnswer>(`/api/events/${encodeURIComponent(eventId)}`, sender),
  createEvent: (form: FormData) => call<EventAnswer>("POST", "/api/create_user_event", form),
  updateEvent: (eventId: number, form: FormData, sender?: Sender) => call<EventAnswer>("PUT", `/api/events/${eventId}`, form, sender),
  deleteEvent: (eventId: number) => call<OkAnswer>("DELETE", `/api/events/${eventId}`),
  eventCategories: (sender?: Sender) => read<EventCategoriesAnswer>("/api/event-categories", sender),
  createCategory: (form: FormData) => call<EventCategoryAnswer>("POST", "/api/event-categories", form),
  updateCategory: (categoryId: number, form: FormData) => call<EventCategoryAnswer>("PUT", `/api/event-categories/${categoryId}`, form),
  deleteCategory: (categoryId: number) => call<OkAnswer>("DELETE", `/api/event-categories/${categoryId}`),
};
