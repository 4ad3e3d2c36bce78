// Shapes of the API's answers, shared by the worker (which builds them and documents them in
// /api/openapi.json) and the client (which reads them). Field names are the product's API
// contract (docs/architecture.md#api-contract), hence the snake_case. Every object is strict: the
// worker tests check each answer against these, so an answer that grows a field fails a test
// instead of silently reaching the client.
import * as v from "valibot";
import { WEEKDAY_NAMES as WEEKDAY_LABELS } from "../local-time";
import { LEVELS, PLACE_TYPES, WAITS, WEEKDAYS, type Level, type Weekday } from "../vocabulary";

export { LEVELS, PLACE_TYPES, WEEKDAYS, type Level, type Weekday };

/** An instant as the API writes it: ISO-8601 in UTC. */
export const isoTime = v.pipe(v.string(), v.isoTimestamp());
export const nullableIso = v.nullable(isoTime);
const levelSchema = v.picklist(LEVELS);
const placeTypeSchema = v.picklist(PLACE_TYPES);

/** One problem with one field of a request. */
export const fieldProblemSchema = v.strictObject({ field: v.string(), message: v.string() });

/** Every error status answers this: a sentence for people, and per-field problems when a body or query was refused. */
export const errorAnswerSchema = v.strictObject({
  error: v.string(),
  details: v.optional(v.array(fieldProblemSchema)),
  // Only on unexpected 5xx answers: the id the worker logged the failure under (docs/monitoring.md).
  request_id: v.optional(v.string()),
});
export type ErrorAnswer = v.InferOutput<typeof errorAnswerSchema>;

/** Fourteen "HH:MM" strings; "" means closed that day. A close before the open runs past midnight. */
const placeHoursEntries = Object.fromEntries(
  WEEKDAYS.flatMap((day) => [`${day}_open`, `${day}_close`]).map((field) => [field, v.string()]),
) as { [K in `${Weekday}_open` | `${Weekday}_close`]: v.StringSchema<undefined> };
export type PlaceHours = v.InferOutput<v.ObjectSchema<typeof placeHoursEntries, undefined>>;

/** What anyone may see of a place (profiles, the map, GET /api/place/{id} without owner rights). */
export const publicPlaceSchema = v.strictObject({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  address: v.string(),
  city: v.string(),
  state: v.string(),
  country: v.string(),
  postal_code: v.string(),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  type: placeTypeSchema,
  category: v.string(),
  website: v.string(),
  phone_number: v.string(),
  description: v.string(),
  // Both are URLs of the same cover image (the original client reads either name).
  cover_photo_url: v.nullable(v.string()),
  cover_image: v.nullable(v.string()),
  ...placeHoursEntries,
  open_time: v.string(),
  close_time: v.string(),
  // People; null when the owners hide counts (public_counts off), which leaves visitors level bands
  // only (docs/when-to-go.md#public-counts).
  lively_threshold: v.nullable(v.number()),
  packed_threshold: v.nullable(v.number()),
  timezone: v.string(),
  /** Local hour at which the venue's day starts (default 5). */
  day_start_hour: v.number(),
  tags: v.array(v.number()),
});
export type PublicPlace = v.InferOutput<typeof publicPlaceSchema>;

/** A place as its owners and admins see it: adds the private fields. */
export const ownedPlaceSchema = v.strictObject({
  ...publicPlaceSchema.entries,
  // Owners always see their own thresholds.
  lively_threshold: v.number(),
  packed_threshold: v.number(),
  favorite: v.boolean(),
  no_device: v.boolean(),
  max_devices: v.number(),
  // Whether visitors see "about N people" and percents; off leaves them levels only (docs/when-to-go.md#public-counts).
  public_counts: v.boolean(),
  // Owners' names (or emails when a name is empty).
  owners: v.array(v.string()),
});
export type OwnedPlace = v.InferOutput<typeof ownedPlaceSchema>;

/** GET /api/place/{key}: the owned view for its owners and the admin, the public one for everyone else. */
export const placeAnswerSchema = v.union([ownedPlaceSchema, publicPlaceSchema]);

/** GET /api/website/places: the partner logo ticker. */
export const partnerVenuesAnswerSchema = v.array(
  v.strictObject({ id: v.number(), name: v.string(), cover_image: v.nullable(v.string()) }),
);

/** Live percent against the usual of the hour: the bands of docs/when-to-go.md#live-against-usual. */
export const VS_USUAL = ["busier", "usual", "quieter"] as const;
export type VsUsual = (typeof VS_USUAL)[number];
const vsUsualSchema = v.picklist(VS_USUAL);

/**
 * GET /api/live: one entry per place; level and numbers are null while its devices are silent, and
 * people and percent are null whenever its owners hide counts (docs/when-to-go.md#public-counts).
 */
export const livePlaceSchema = v.strictObject({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  address: v.string(),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  type: placeTypeSchema,
  category: v.string(),
  cover_image: v.nullable(v.string()),
  people: v.nullable(v.number()),
  percent: v.nullable(v.number()),
  level: v.nullable(levelSchema),
  // ISO time of the newest reading behind the numbers.
  updated_at: nullableIso,
  // The venue's IANA time zone: opening times are written on its clock.
  timezone: v.string(),
  // By the hours table in the venue's zone; null when it has no hours (docs/when-to-go.md#open-now).
  open_now: v.nullable(v.boolean()),
  // ISO time of the next opening while closed; null while open or without hours.
  opens_at: nullableIso,
  // Live percent against the usual of this hour (docs/when-to-go.md#live-against-usual); null without both.
  vs_usual: v.nullable(vsUsualSchema),
  // Live Looks posted in the last hour and still public (docs/live-looks.md#map-list).
  live_looks_last_hour: v.number(),
  // Whether one of its specials is on now (docs/menus-and-specials.md#live-map).
  special_now: v.boolean(),
  // Whether one of its offers is on now (docs/offers.md#on-the-map); optional so answers kept offline from before offers still read.
  offer_now: v.optional(v.boolean()),
  // Its event under way or starting within 18 hours (docs/when-to-go.md#next-event); optional so answers kept offline from before still read.
  next_event: v.optional(v.nullable(v.strictObject({ name: v.string(), starts_at: isoTime, ends_at: isoTime }))),
  // The slug of its city (docs/cities.md); optional so answers kept offline from before still read.
  city: v.optional(v.nullable(v.string())),
});
export type LivePlace = v.InferOutput<typeof livePlaceSchema>;

export const liveAnswerSchema = v.strictObject({ places: v.array(livePlaceSchema), generated_at: isoTime });

/** GET /api/cities: a city we serve (docs/cities.md) and how many places it has. */
export const cityAnswerSchema = v.strictObject({
  slug: v.string(),
  name: v.string(),
  // ISO 3166-1 alpha-2, e.g. "DE".
  country: v.string(),
  // IANA zone, e.g. "Europe/Berlin".
  time_zone: v.string(),
  places: v.number(),
});
export type CityAnswer = v.InferOutput<typeof cityAnswerSchema>;
/** GET /api/cities/here: the city a visitor's live map opens on, with its map view. */
export const visitorCityAnswerSchema = v.strictObject({
  slug: v.string(),
  name: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  zoom: v.number(),
});
export type VisitorCityAnswer = v.InferOutput<typeof visitorCityAnswerSchema>;
export const citiesAnswerSchema = v.strictObject({ cities: v.array(cityAnswerSchema) });
export type CitiesAnswer = v.InferOutput<typeof citiesAnswerSchema>;
export type LiveAnswer = v.InferOutput<typeof liveAnswerSchema>;

/** A row of the admin's business submissions inbox (field names as the public form sends them). */
export const submissionAnswerSchema = v.strictObject({
  id: v.number(),
  businessName: v.string(),
  address: v.string(),
  phoneNumber: v.string(),
  submitterEmail: v.string(),
  website: v.string(),
  // The form's comments.
  reason: v.string(),
  status: v.picklist(["new", "handled"]),
  created_at: isoTime,
  handled_at: nullableIso,
});
export type SubmissionAnswer = v.InferOutput<typeof submissionAnswerSchema>;

/** GET /api/admin/submissions: newest first. */
export const submissionListAnswerSchema = v.strictObject({ submissions: v.array(submissionAnswerSchema) });
export type SubmissionListAnswer = v.InferOutput<typeof submissionListAnswerSchema>;

/** One dead letter (docs/faults.md#dead-letters): the queue it died in and its body as JSON text. */
export const deadLetterAnswerSchema = v.strictObject({ id: v.number(), queue: v.string(), body: v.string(), dead_at: isoTime });
export type DeadLetterAnswer = v.InferOutput<typeof deadLetterAnswerSchema>;

/** GET /api/admin/dead-letters: the newest 100, and how many are kept. */
export const deadLetterListAnswerSchema = v.strictObject({ dead_letters: v.array(deadLetterAnswerSchema), total: v.number() });
export type DeadLetterListAnswer = v.InferOutput<typeof deadLetterListAnswerSchema>;

/** POST /api/admin/dead-letters/{id}/retry */
export const deadLetterRetriedAnswerSchema = v.strictObject({ queue: v.string() });

/** POST /api/submit-business */
export const submissionReceivedAnswerSchema = v.strictObject({ ok: v.literal(true), id: v.number(), message: v.string() });

const namedRecordSchema = v.strictObject({ id: v.number(), name: v.string(), description: v.string() });

export const tagAnswerSchema = namedRecordSchema;
export type TagAnswer = v.InferOutput<typeof tagAnswerSchema>;

export const eventCategoryAnswerSchema = namedRecordSchema;
export type EventCategoryAnswer = v.InferOutput<typeof eventCategoryAnswerSchema>;

export const eventAnswerSchema = v.strictObject({
  id: v.number(),
  place_id: v.number(),
  place_name: v.nullable(v.string()),
  name: v.string(),
  description: v.string(),
  start_time: isoTime,
  end_time: nullableIso,
  max_capacity: v.nullable(v.number()),
  // Category id.
  category: v.nullable(v.number()),
  category_name: v.nullable(v.string()),
  is_recurring: v.boolean(),
  repeats: v.boolean(),
  repeating_days: v.array(v.string()),
  frequency: v.string(),
  host_name: v.string(),
  additional_details: v.string(),
  photo_url: v.nullable(v.string()),
  cover_image: v.nullable(v.string()),
  flyer_image: v.nullable(v.string()),
});
export type EventAnswer = v.InferOutput<typeof eventAnswerSchema>;

/** GET /api/business/{placeId}/events (upcoming and recurring) and GET /api/events (all). */
export const eventsAnswerSchema = v.strictObject({
  events: v.array(eventAnswerSchema),
  // ?offset= of the next page; null when this page is the last.
  next_offset: v.nullable(v.number()),
});
export type EventsAnswer = v.InferOutput<typeof eventsAnswerSchema>;

export const tagsAnswerSchema = v.strictObject({ tags: v.array(tagAnswerSchema) });
export type TagsAnswer = v.InferOutput<typeof tagsAnswerSchema>;

export const eventCategoriesAnswerSchema = v.strictObject({ categories: v.array(eventCategoryAnswerSchema) });
export type EventCategoriesAnswer = v.InferOutput<typeof eventCategoriesAnswerSchema>;

/** One row of the admin's Manage Max Devices list. */
export const businessAnswerSchema = v.strictObject({ id: v.number(), name: v.string(), max_devices: v.number() });
export type BusinessAnswer = v.InferOutput<typeof businessAnswerSchema>;

export const businessesAnswerSchema = v.strictObject({ businesses: v.array(businessAnswerSchema) });
export type BusinessesAnswer = v.InferOutput<typeof businessesAnswerSchema>;

/** POST /api/feature-flags/{name}: an unknown flag is false. */
export const featureFlagAnswerSchema = v.strictObject({ value: v.boolean() });
export type FeatureFlagAnswer = v.InferOutput<typeof featureFlagAnswerSchema>;

/** Answer of writes whose client only checks success (deletes, sign-out). */
export const okAnswerSchema = v.strictObject({ ok: v.literal(true) });
export type OkAnswer = v.InferOutput<typeof okAnswerSchema>;

/** POST /api/reviews/{id}/report */
export const okMessageAnswerSchema = v.strictObject({ ok: v.literal(true), message: v.string() });

export const reviewAnswerSchema = v.strictObject({
  id: v.number(),
  username: v.string(),
  rating: v.number(),
  comment: v.string(),
  // YYYY-MM-DD, the venue's local date.
  date: v.string(),
});
export type ReviewAnswer = v.InferOutput<typeof reviewAnswerSchema>;

/** Count and mean rating (one decimal; null without reviews) of all of a place's visible reviews. */
const reviewSummaryEntries = { count: v.number(), average_rating: v.nullable(v.number()) };
export type ReviewSummary = v.InferOutput<v.ObjectSchema<typeof reviewSummaryEntries, undefined>>;

/** GET /api/places/{id}/reviews: the newest reviews first. */
export const reviewsAnswerSchema = v.strictObject({ ...reviewSummaryEntries, reviews: v.array(reviewAnswerSchema) });
export type ReviewsAnswer = v.InferOutput<typeof reviewsAnswerSchema>;

/** POST /api/places/{id}/reviews: the stored review and the summary including it. */
export const reviewPostedAnswerSchema = v.strictObject({ ...reviewSummaryEntries, review: reviewAnswerSchema });
export type ReviewPostedAnswer = v.InferOutput<typeof reviewPostedAnswerSchema>;

/** A Live Look as everyone sees it (docs/live-looks.md). */
export const liveLookAnswerSchema = v.strictObject({
  id: v.number(),
  text: v.string(),
  photo_url: v.nullable(v.string()),
  // A post has a photo or a video, not both; the poster is the video's first frame (a JPEG), when the browser drew one.
  video_url: v.nullable(v.string()),
  poster_url: v.nullable(v.string()),
  wait: v.nullable(v.picklist(WAITS)),
  vibe: v.nullable(levelSchema),
  // The vibe contradicted the sensor's fresh live level strongly when posted: shown "not checked against the sensor".
  not_checked: v.boolean(),
  created_at: isoTime,
});
export type LiveLookAnswer = v.InferOutput<typeof liveLookAnswerSchema>;

/** Reported wait: the median of the reports' midpoints in the hour since `since` (docs/live-looks.md#wait-summary). */
export const waitSummarySchema = v.strictObject({ minutes: v.number(), reports: v.number(), since: isoTime });
export type WaitSummary = v.InferOutput<typeof waitSummarySchema>;

/** GET /api/places/{id}/live-looks: public posts of the last 3 hours, newest first, a page at a time. */
export const liveLooksAnswerSchema = v.strictObject({
  live_looks: v.array(liveLookAnswerSchema),
  wait_summary: v.nullable(waitSummarySchema),
  // Pass as ?cursor= for the next page; null on the last.
  next_cursor: v.nullable(v.string()),
});
export type LiveLooksAnswer = v.InferOutput<typeof liveLooksAnswerSchema>;

/** A Live Look as its venue's owners and the admin see it: hidden ones too, with open reports. */
export const moderatedLiveLookAnswerSchema = v.strictObject({
  ...liveLookAnswerSchema.entries,
  place_id: v.number(),
  place_name: v.string(),
  // Reports not yet dealt with (hiding or restoring deals with them).
  open_reports: v.number(),
  hidden_at: nullableIso,
  hidden_reason: v.string(),
  hidden_by: v.nullable(v.picklist(["admin", "owner", "reports"])),
});
export type ModeratedLiveLookAnswer = v.InferOutput<typeof moderatedLiveLookAnswerSchema>;

export const moderatedLiveLooksAnswerSchema = v.strictObject({ live_looks: v.array(moderatedLiveLookAnswerSchema) });
export type ModeratedLiveLooksAnswer = v.InferOutput<typeof moderatedLiveLooksAnswerSchema>;

/** A review as the admin's moderation queue shows it (and as hide/restore answer it). */
export const moderatedReviewAnswerSchema = v.strictObject({
  id: v.number(),
  place_id: v.number(),
  place_name: v.string(),
  username: v.string(),
  rating: v.number(),
  comment: v.string(),
  created_at: v.string(),
  // Reports not yet dealt with (hiding or restoring deals with them).
  open_reports: v.number(),
  // The non-empty reasons of those reports, newest first (at most 5).
  report_reasons: v.array(v.string()),
  hidden_at: v.nullable(v.string()),
  hidden_reason: v.string(),
  hidden_by: v.nullable(v.picklist(["admin", "owner"])),
});
export type ModeratedReviewAnswer = v.InferOutput<typeof moderatedReviewAnswerSchema>;

export const moderatedReviewsAnswerSchema = v.strictObject({ reviews: v.array(moderatedReviewAnswerSchema) });
export type ModeratedReviewsAnswer = v.InferOutput<typeof moderatedReviewsAnswerSchema>;

/** GET /api/config/map: the basemap the live map draws under its markers. */
export const mapConfigAnswerSchema = v.strictObject({
  tile_url: v.string(),
  // HTML (links and entities), as tile providers publish it.
  attribution: v.string(),
});
export type MapConfigAnswer = v.InferOutput<typeof mapConfigAnswerSchema>;

/** Session monitoring (docs/monitoring.md): what the browser needs to start Datadog RUM. */
const monitoringConfigSchema = v.strictObject({
  application_id: v.string(),
  // Public by design: a client token only sends events.
  client_token: v.string(),
  site: v.string(),
  env: v.string(),
  // A URL or a path on this origin that forwards to the intake; null sends to the site's intake.
  proxy: v.nullable(v.string()),
  replay_sample_rate: v.number(),
});
export type MonitoringConfig = v.InferOutput<typeof monitoringConfigSchema>;

/** GET /api/config/monitoring: `rum` is null while monitoring is off. */
export const monitoringConfigAnswerSchema = v.strictObject({ rum: v.nullable(monitoringConfigSchema) });
export type MonitoringConfigAnswer = v.InferOutput<typeof monitoringConfigAnswerSchema>;

const peakEntries = {
  // Today's busiest local hour so far, e.g. "21:00".
  peakHour: v.nullable(v.string()),
  peakHourUtilization: v.nullable(v.number()),
};

export const peakDataSchema = v.strictObject(peakEntries);
export type PeakData = v.InferOutput<typeof peakDataSchema>;

export const keyTrendsSchema = v.strictObject({
  // Percent of capacity now; null when no device reported in the last 5 minutes.
  currentCapacity: v.nullable(v.number()),
  ...peakEntries,
  currentPopulation: v.nullable(v.number()),
  // Level now by the place's own thresholds (the "Current Status" tile); null when offline.
  currentStatus: v.nullable(levelSchema),
});
export type KeyTrends = v.InferOutput<typeof keyTrendsSchema>;

export const agg15AnswerSchema = v.strictObject({ intervals: v.array(isoTime), relative_fullness: v.array(v.number()) });
export type Agg15Answer = v.InferOutput<typeof agg15AnswerSchema>;

export const dailySummaryItemSchema = v.strictObject({ label: v.string(), general_avg: v.number(), last_day_value: v.number() });
export type DailySummaryItem = v.InferOutput<typeof dailySummaryItemSchema>;

export const hourlyDataItemSchema = v.strictObject({ hour: v.string(), population: v.number() });
export type HourlyDataItem = v.InferOutput<typeof hourlyDataItemSchema>;

export const calendarDataItemSchema = v.strictObject({ date: v.string(), busyness_score: v.number() });
export type CalendarDataItem = v.InferOutput<typeof calendarDataItemSchema>;

/** GET /api/hourly_data: the sampled local hours of one venue day, in order. */
export const hourlyDataAnswerSchema = v.strictObject({ hourly_data: v.array(hourlyDataItemSchema) });
export type HourlyDataAnswer = v.InferOutput<typeof hourlyDataAnswerSchema>;

/** GET /api/calendar_data: every venue day with data in the last 365 days, oldest first. */
export const calendarDataAnswerSchema = v.strictObject({ calendar_data: v.array(calendarDataItemSchema) });
export type CalendarDataAnswer = v.InferOutput<typeof calendarDataAnswerSchema>;

/** GET /api/check_pico/{id}: a device of the place reported in the last 5 minutes. */
export const checkPicoAnswerSchema = v.strictObject({ exists: v.boolean() });
export type CheckPicoAnswer = v.InferOutput<typeof checkPicoAnswerSchema>;

/** Weekday name (e.g. "Monday") → mean people; a missing day means 0. */
export const weeklySummarySchema = v.record(v.string(), v.number());
export type WeeklySummary = Partial<v.InferOutput<typeof weeklySummarySchema>>;

/** Why a sensor is flagged: its implausible readings of the last 24 hours and the latest of them. */
export const flaggedDeviceSchema = v.strictObject({
  implausible_readings_24h: v.number(),
  latest_count: v.number(),
  latest_at: isoTime,
  // The rule the latest one broke: "more than 10 × the packed threshold of 40".
  reason: v.string(),
});
export type FlaggedDevice = v.InferOutput<typeof flaggedDeviceSchema>;

/** One problem of a sensor, with the reason in words ("Offline since Sat, Nov 21, 10:04 PM"). */
export const healthProblemSchema = v.strictObject({
  code: v.picklist(["offline", "stuck", "implausible", "clock_drift", "weak_signal"]),
  message: v.string(),
});
export type HealthProblem = v.InferOutput<typeof healthProblemSchema>;

/** One sensor of a place as its owners and admins see it (GET /api/place/{id}/devices). */
export const deviceAnswerSchema = v.strictObject({
  id: v.number(),
  name: v.string(),
  created_at: isoTime,
  // Sent a reading or heartbeat within the last 5 minutes.
  online: v.boolean(),
  last_seen_at: nullableIso,
  last_count: v.nullable(v.number()),
  last_reading_at: nullableIso,
  firmware: v.nullable(v.string()),
  uptime_s: v.nullable(v.number()),
  rssi: v.nullable(v.number()),
  // Implausible readings of the last 24 hours (kept out of live and rollup numbers), or null.
  flagged: v.nullable(flaggedDeviceSchema),
  // What is wrong with it now (docs/sensors.md#sensor-health); empty when healthy.
  health: v.array(healthProblemSchema),
  // The LoRaWAN DevEUI a Things Stack sensor was registered with; null for the HTTP protocol.
  dev_eui: v.nullable(v.string()),
});
export type DeviceAnswer = v.InferOutput<typeof deviceAnswerSchema>;

export const devicesAnswerSchema = v.strictObject({ devices: v.array(deviceAnswerSchema), max_devices: v.number() });
export type DevicesAnswer = v.InferOutput<typeof devicesAnswerSchema>;

/** POST /api/place/{id}/devices: the key is shown this once and only its hash is stored. */
export const registeredDeviceAnswerSchema = v.strictObject({
  id: v.number(),
  name: v.string(),
  key: v.string(),
  dev_eui: v.nullable(v.string()),
  created_at: isoTime,
});
export type RegisteredDeviceAnswer = v.InferOutput<typeof registeredDeviceAnswerSchema>;

const ingestCountEntries = {
  accepted: v.number(),
  duplicates: v.number(),
  // Readings replaced by a newer one of the same sensor and minute.
  superseded: v.number(),
  rejected: v.number(),
  server_time: isoTime,
};

/** POST /api/ingest: every reading was in the time window. */
export const ingestAnswerSchema = v.strictObject(ingestCountEntries);

/** POST /api/ingest, 422: some readings were refused for their time; the counts say what was stored. */
export const ingestRejectedAnswerSchema = v.strictObject({ ...errorAnswerSchema.entries, ...ingestCountEntries });

/** POST /api/ingest/heartbeat */
export const heartbeatAnswerSchema = v.strictObject({ ok: v.literal(true), server_time: isoTime });

/** POST /api/auth/signup and /api/auth/login (the refresh token travels in an httpOnly cookie). */
export const sessionAnswerSchema = v.strictObject({ access_token: v.string(), user_id: v.number() });
export type SessionAnswer = v.InferOutput<typeof sessionAnswerSchema>;

/** POST /api/auth/handoff: a one-time code for `/dashboard?code=&user_id=`. */
export const handoffCodeAnswerSchema = v.strictObject({ code: v.string(), user_id: v.number(), expires_at: isoTime });
export type HandoffCodeAnswer = v.InferOutput<typeof handoffCodeAnswerSchema>;

/** POST /api/auth/handoff/inspect: whom the code would sign in, so the visitor can confirm. */
export const handoffOwnerAnswerSchema = v.strictObject({ id: v.number(), name: v.string(), email: v.string() });
export type HandoffOwnerAnswer = v.InferOutput<typeof handoffOwnerAnswerSchema>;

/** POST /api/refresh and POST /api/admin/login. */
export const accessTokenAnswerSchema = v.strictObject({ access_token: v.string() });
export type AccessTokenAnswer = v.InferOutput<typeof accessTokenAnswerSchema>;

/** GET /api/me: the signed-in account and the places it owns. */
export const meAnswerSchema = v.strictObject({
  id: v.number(),
  email: v.string(),
  name: v.string(),
  // "owner" is every account (docs/accounts.md#one-account-model); `places` says what it owns.
  role: v.picklist(["owner", "admin"]),
  places: v.array(v.strictObject({ id: v.number(), name: v.string() })),
  handle: v.string(),
  // Rounded to 3 decimals (about 100 m): an area, never a tracked location.
  home: v.nullable(v.strictObject({ lat: v.number(), lng: v.number() })),
  preferences: v.strictObject({ categories: v.array(v.string()), tags: v.array(v.string()), level: v.nullable(v.picklist(LEVELS)) }),
  time_zone: v.string(),
  // Local "HH:MM" in time_zone; null: no quiet hours.
  quiet_hours: v.nullable(v.strictObject({ from: v.string(), to: v.string() })),
  // The neighbourhood the person goes out from, in their words; null when not given.
  neighbourhood: v.nullable(v.string()),
  // Whether places whose news they follow may count their preferences and neighbourhood (groups of 5 or more).
  share_likes: v.boolean(),
});
export type MeAnswer = v.InferOutput<typeof meAnswerSchema>;

/** POST /api/place/{id}/generate-url */
export const inviteLinkAnswerSchema = v.strictObject({
  invite_link: v.string(),
  // ISO time after which the link no longer works.
  expires_at: isoTime,
});
export type InviteLinkAnswer = v.InferOutput<typeof inviteLinkAnswerSchema>;

/** An invite link that still works, as its place's owners and the admin see it (never its token). */
export const openInviteAnswerSchema = v.strictObject({
  id: v.string(),
  created_at: isoTime,
  expires_at: isoTime,
  // Who made it; null when the admin did (or that account was deleted).
  created_by: v.nullable(v.strictObject({ name: v.string(), email: v.string() })),
});
export type OpenInviteAnswer = v.InferOutput<typeof openInviteAnswerSchema>;

/** GET /api/place/{id}/invites: newest first. */
export const openInvitesAnswerSchema = v.strictObject({ invites: v.array(openInviteAnswerSchema) });
export type OpenInvitesAnswer = v.InferOutput<typeof openInvitesAnswerSchema>;

/** One owner of a place, as its owners and the admin see them. */
export const placeOwnerAnswerSchema = v.strictObject({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  // ISO time they became an owner.
  since: isoTime,
});
export type PlaceOwnerAnswer = v.InferOutput<typeof placeOwnerAnswerSchema>;

/** GET /api/place/{id}/owners: longest-standing first. */
export const placeOwnersAnswerSchema = v.strictObject({ owners: v.array(placeOwnerAnswerSchema) });
export type PlaceOwnersAnswer = v.InferOutput<typeof placeOwnersAnswerSchema>;

/** POST /api/invites/accept */
export const acceptInviteAnswerSchema = v.strictObject({ place_id: v.number(), place_name: v.string() });
export type AcceptInviteAnswer = v.InferOutput<typeof acceptInviteAnswerSchema>;

/** One local hour of a weekday's popular times: usual percent of the packed threshold, or closed. */
export const popularHourSchema = v.strictObject({
  // Local hour of day, 0–23.
  hour: v.number(),
  // Null when closed, with too little history, when enough_data is false, or when counts are hidden.
  usual: v.nullable(v.number()),
  closed: v.boolean(),
});
export type PopularHour = v.InferOutput<typeof popularHourSchema>;

/** GET /api/places/{id}/popular-times (docs/when-to-go.md#popular-times). */
export const popularTimesAnswerSchema = v.strictObject({
  timezone: v.string(),
  day_start_hour: v.number(),
  // Monday first; each day's 24 hours in venue-day order (day_start_hour first).
  days: v.array(v.strictObject({ weekday: v.picklist(WEEKDAY_LABELS), hours: v.array(popularHourSchema) })),
  // Null while the venue's sensors are silent; percent is null when counts are hidden.
  live: v.nullable(
    v.strictObject({ percent: v.nullable(v.number()), level: levelSchema, vs_usual: v.nullable(vsUsualSchema), updated_at: isoTime }),
  ),
  enough_data: v.boolean(),
});
export type PopularTimesAnswer = v.InferOutput<typeof popularTimesAnswerSchema>;

/** One hour of a forecast; the numbers are null when closed, without enough history, or when counts are hidden. */
export const forecastHourSchema = v.strictObject({
  start: isoTime,
  percent: v.nullable(v.number()),
  low: v.nullable(v.number()),
  high: v.nullable(v.number()),
  closed: v.boolean(),
});
export type ForecastHour = v.InferOutput<typeof forecastHourSchema>;

/** GET /api/places/{id}/forecast (docs/when-to-go.md#forecast): the current hour to the end of the week ahead. */
export const forecastAnswerSchema = v.strictObject({
  generated_at: isoTime,
  hours: v.array(forecastHourSchema),
  // The quietest open hour of the next 12; null when there is none. Its percent is null when counts are hidden.
  best_time: v.nullable(v.strictObject({ start: isoTime, end: isoTime, percent: v.nullable(v.number()) })),
});
export type ForecastAnswer = v.InferOutput<typeof forecastAnswerSchema>;
