// The one source of truth for D1's tables. drizzle-kit generates migrations/ from this file;
// row types for the worker come from here too (typeof table.$inferSelect).
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, filled in by SQLite so every writer agrees on the clock format. */
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  // "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>": the count travels with the hash; "" for an
  // account made with a passkey and no password (NO_PASSWORD, docs/accounts.md#passkeys).
  passwordHash: text("password_hash").notNull(),
  // "owner" is every account, whether or not it owns places (place_owners says that); the name
  // predates consumer accounts and stays because tokens and GET /api/me carry it (docs/accounts.md).
  role: text("role", { enum: ["owner", "admin"] }).notNull().default("owner"),
  // Unique case-insensitively (users_handle_idx on lower(handle)). A row inserted without one gets
  // "user<id>" from the users_default_handle trigger, as did accounts from before handles existed
  // (migration 0012, docs/accounts.md#profile).
  handle: text("handle").notNull().default(""),
  // Pairs (home, quiet hours) are set together by PATCH /api/me: adding a CHECK would make
  // drizzle-kit rebuild the table, and dropping users in D1 cascades to every row that names one.
  // The home area: a point rounded to 3 decimals (about 100 m), or none. Never a tracked location.
  homeLat: real("home_lat"),
  homeLng: real("home_lng"),
  // JSON {categories: string[], tags: string[], level: "relaxed" | "lively" | "packed" | null}.
  preferences: text("preferences").notNull().default('{"categories":[],"tags":[],"level":null}'),
  // An IANA zone from the browser; quiet hours are local "HH:MM" in it, both null for none.
  timeZone: text("time_zone").notNull().default("UTC"),
  quietFrom: text("quiet_from").default("00:00"),
  quietTo: text("quiet_to").default("09:00"),
  // Ghost mode (docs/friends.md#check-ins): while on, nobody sees any check-in of this account.
  ghostMode: integer("ghost_mode", { mode: "boolean" }).notNull().default(false),
  // "What I like", shared (docs/announcements.md#what-followers-tell-us): the neighbourhood the
  // person goes out from (their words, up to 40 characters), and whether places whose news they
  // follow may count their preferences and neighbourhood in totals of at least 5 people.
  neighbourhood: text("neighbourhood"),
  shareLikes: integer("share_likes", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex("users_handle_idx").on(sql`lower(${t.handle})`),
]);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // All tokens descending from one sign-in share a family; reuse of a rotated one revokes it.
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);

// A one-time code that hands a signed-in owner's session to a dashboard link (?code=&user_id=). Only
// its hash is stored; it lives 60 seconds and is deleted when redeemed.
export const handoffCodes = sqliteTable(
  "handoff_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("handoff_codes_expires_idx").on(t.expiresAt)],
);

// A fresh proof of who holds a sign-in (docs/accounts.md#fresh-proof): the password or one of the
// account's passkeys, given in the last 5 minutes on this sign-in (the refresh family its access
// tokens name). Adding or removing a passkey and setting the password ask for it.
export const sessionProofs = sqliteTable(
  "session_proofs",
  {
    sessionId: text("session_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("session_proofs_user_idx").on(t.userId)],
);

// A password reset link's token (docs/accounts.md#password-reset), only as its SHA-256: 30 minutes,
// deleted when used. At most a few live per account, so a flood of requests sends few mails.
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId, t.expiresAt), index("password_resets_expires_idx").on(t.expiresAt)],
);

// Handle changes tried in the last day, per account (docs/accounts.md#profile): a few a day, every
// attempt counted whether the handle was free, so handles cannot be tried in bulk.
export const handleChangeLog = sqliteTable(
  "handle_change_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("handle_change_log_user_idx").on(t.userId, t.sentAt), index("handle_change_log_sent_idx").on(t.sentAt)],
);

const hourColumns = {
  mondayOpen: text("monday_open").notNull().default(""),
  mondayClose: text("monday_close").notNull().default(""),
  tuesdayOpen: text("tuesday_open").notNull().default(""),
  tuesdayClose: text("tuesday_close").notNull().default(""),
  wednesdayOpen: text("wednesday_open").notNull().default(""),
  wednesdayClose: text("wednesday_close").notNull().default(""),
  thursdayOpen: text("thursday_open").notNull().default(""),
  thursdayClose: text("thursday_close").notNull().default(""),
  fridayOpen: text("friday_open").notNull().default(""),
  fridayClose: text("friday_close").notNull().default(""),
  saturdayOpen: text("saturday_open").notNull().default(""),
  saturdayClose: text("saturday_close").notNull().default(""),
  sundayOpen: text("sunday_open").notNull().default(""),
  sundayClose: text("sunday_close").notNull().default(""),
};

// The cities we serve (docs/cities.md): a place belongs to one, which gives it its country and
// region for holidays, its zone and its currency. Added by a migration, never through the API.
export const cities = sqliteTable("cities", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  // URL name of /city/{slug} and ?city= filters.
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  // ISO 3166-1 alpha-2 ("US", "DE") and the ISO 3166-2 subdivision's own part ("NY", "BE"; "" none): date-holidays' codes.
  country: text("country").notNull(),
  region: text("region").notNull().default(""),
  // IANA zone of its venues unless one says otherwise.
  timeZone: text("time_zone").notNull(),
  // ISO 4217 code of its venues' prices, and the locale prices are written in on the venue's own screens.
  currency: text("currency").notNull(),
  locale: text("locale").notNull(),
  // The map's view of the city: its centre and zoom.
  latitude: real("latitude").notNull(),
  longitude: real("longitude").notNull(),
  zoom: integer("zoom").notNull().default(14),
});

export const places = sqliteTable(
  "places",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Set from the place's position when written (docs/cities.md#which-city); null only for rows
    // written outside the API. SQLite adds a column with a reference only with a null default.
    cityId: integer("city_id").references(() => cities.id),
    // URL name used by /profile/{barId}; ids work there too.
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default("New York"),
    state: text("state").notNull().default("NY"),
    country: text("country").notNull().default("United States"),
    postalCode: text("postal_code").notNull().default(""),
    latitude: real("latitude"),
    longitude: real("longitude"),
    type: text("type", { enum: ["Bar", "Restaurant"] }).notNull().default("Bar"),
    category: text("category").notNull().default("bar"),
    website: text("website").notNull().default(""),
    phoneNumber: text("phone_number").notNull().default(""),
    description: text("description").notNull().default(""),
    favorite: integer("favorite", { mode: "boolean" }).notNull().default(false),
    // R2 key of the cover photo; answers turn it into cover_photo_url / cover_image URLs.
    coverImageKey: text("cover_image_key"),
    // R2 key of the cover's 1200×630 JPEG for link previews (docs/search-and-previews.md#share-images);
    // null until one is uploaded with the cover.
    shareImageKey: text("share_image_key"),
    ...hourColumns,
    openTime: text("open_time").notNull().default(""),
    closeTime: text("close_time").notNull().default(""),
    livelyThreshold: integer("lively_threshold").notNull().default(40),
    packedThreshold: integer("packed_threshold").notNull().default(100),
    noDevice: integer("no_device", { mode: "boolean" }).notNull().default(false),
    maxDevices: integer("max_devices").notNull().default(1),
    // Whether visitors see "about N people"; off leaves them percent and level (docs/when-to-go.md#public-counts).
    publicCounts: integer("public_counts", { mode: "boolean" }).notNull().default(true),
    timezone: text("timezone").notNull().default("America/New_York"),
    // A venue day runs from this local hour to the same hour next morning (docs/glossary.md#venue-day).
    dayStartHour: integer("day_start_hour").notNull().default(5),
    // The calibration in force (docs/architecture.md#calibration): people = max(0, devices −
    // baseline) × factor. Set by headcounts; 0 and 1 (raw device counts) until the first.
    calibrationBaseline: real("calibration_baseline").notNull().default(0),
    calibrationFactor: real("calibration_factor").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    check("places_thresholds", sql`${t.livelyThreshold} > 0 AND ${t.packedThreshold} > ${t.livelyThreshold}`),
    check("places_max_devices", sql`${t.maxDevices} >= 0`),
    check("places_day_start", sql`${t.dayStartHour} BETWEEN 0 AND 23`),
    index("places_name_idx").on(t.name),
    // Suggestions read the places in a bounding box (docs/app.md#saved-places-and-suggestions).
    index("places_lat_lng_idx").on(t.latitude, t.longitude),
    index("places_city_idx").on(t.cityId),
  ],
);

export const placeOwners = sqliteTable(
  "place_owners",
  {
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.userId] }), index("place_owners_user_idx").on(t.userId)],
);

// Invite links are signed tokens; this row makes each one single-use and revocable.
export const placeInvites = sqliteTable(
  "place_invites",
  {
    id: text("id").primaryKey(),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    usedBy: integer("used_by").references(() => users.id, { onDelete: "set null" }),
    // Set when an owner or the admin withdraws the link: it then answers like a used one.
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("place_invites_place_idx").on(t.placeId)],
);

// Admin tokens ended by POST /api/admin/logout, kept until they would have expired anyway.
export const revokedAdminTokens = sqliteTable("revoked_admin_tokens", {
  jti: text("jti").primaryKey(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
});

export const placeTags = sqliteTable(
  "place_tags",
  {
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.tagId] }), index("place_tags_tag_idx").on(t.tagId)],
);

export const eventCategories = sqliteTable(
  "event_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
    description: text("description").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // Each account's categories are counted against its cap on every create.
  (t) => [index("event_categories_created_by_idx").on(t.createdBy)],
);

export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // ISO-8601 instants in UTC.
    startTime: text("start_time").notNull(),
    endTime: text("end_time"),
    maxCapacity: integer("max_capacity"),
    // RESTRICT: a category in use cannot be deleted, so events keep their data.
    categoryId: integer("category_id").references(() => eventCategories.id, { onDelete: "restrict" }),
    isRecurring: integer("is_recurring", { mode: "boolean" }).notNull().default(false),
    frequency: text("frequency").notNull().default(""),
    // JSON list of day names, Monday first.
    repeatingDays: text("repeating_days").notNull().default("[]"),
    hostName: text("host_name").notNull().default(""),
    additionalDetails: text("additional_details").notNull().default(""),
    coverImageKey: text("cover_image_key"),
    flyerImageKey: text("flyer_image_key"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("events_place_start_idx").on(t.placeId, t.startTime),
    index("events_start_idx").on(t.startTime),
    index("events_category_idx").on(t.categoryId),
  ],
);

export const devices = sqliteTable(
  "devices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // SHA-256 of the bearer key; the key itself is shown once at registration.
    keyHash: text("key_hash").notNull().unique(),
    // LoRaWAN DevEUI (16 hex digits, upper case) for sensors that report through The Things Stack.
    devEui: text("dev_eui"),
    // The Things Stack application the DevEUI is registered under: only that application's
    // integration key may post for it (docs/device-protocol.md#7-the-things-stack-lorawan). Null
    // until set at registration or taken from the first uplink that reaches the device.
    ttnApplicationId: text("ttn_application_id"),
    createdAt: createdAt(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("devices_place_idx").on(t.placeId),
    uniqueIndex("devices_place_name_idx").on(t.placeId, t.name),
    // Unique among active devices only: a revoked sensor's DevEUI may move to another place.
    uniqueIndex("devices_active_dev_eui_idx").on(t.devEui).where(sql`${t.revokedAt} IS NULL`),
  ],
);

// Keys of The Things Stack webhooks (POST /api/ingest/ttn); only the SHA-256 is kept.
export const integrationKeys = sqliteTable("integration_keys", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  keyHash: text("key_hash").notNull().unique(),
  // The one The Things Stack application whose uplinks the key may post; null only for keys made
  // before keys were bound, until their first uplink binds them.
  applicationId: text("application_id"),
  createdAt: createdAt(),
  lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
});

// Uplinks whose DevEUI no active device has, so the admin can register the sensor (bounded, oldest out).
export const unregisteredUplinks = sqliteTable(
  "unregistered_uplinks",
  {
    devEui: text("dev_eui").primaryKey(),
    firstSeen: integer("first_seen", { mode: "timestamp_ms" }).notNull(),
    lastSeen: integer("last_seen", { mode: "timestamp_ms" }).notNull(),
    uplinks: integer("uplinks").notNull().default(1),
    // Null until a counting uplink (port 1) came; a status uplink carries none.
    lastCount: integer("last_count"),
    // The application of the integration key its latest uplink came with.
    applicationId: text("application_id"),
  },
  (t) => [index("unregistered_uplinks_last_seen_idx").on(t.lastSeen)],
);

/**
 * "I count 42 people right now": an owner's headcount beside the devices the place's sensors
 * counted at that moment and the baseline then in force. One per place and minute, so a double
 * tap replaces rather than counts twice.
 */
export const headcounts = sqliteTable(
  "headcounts",
  {
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    // Epoch ms of the minute it was taken in.
    minute: integer("minute").notNull(),
    takenAt: integer("taken_at", { mode: "timestamp_ms" }).notNull(),
    people: integer("people").notNull(),
    devices: integer("devices").notNull(),
    baseline: real("baseline").notNull(),
    takenBy: integer("taken_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.minute] })],
);

// Closed quarter hours written by the PlaceOccupancy object's alarm (idempotent upserts).
export const occupancy15m = sqliteTable(
  "occupancy_15m",
  {
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    // Epoch seconds of the bucket's start (UTC, multiple of 900).
    bucketStart: integer("bucket_start").notNull(),
    avgPeople: real("avg_people").notNull(),
    maxPeople: integer("max_people").notNull(),
    // Minutes in the bucket with at least one live device.
    samples: integer("samples").notNull(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.bucketStart] })],
);

/**
 * Each venue day's busiest local hour (mean people over its sampled minutes), kept beside
 * occupancy_15m by whoever writes it (the place's object, the seed) so the year-long calendar
 * reads 365 rows however much history there is. Days are the place's venue days
 * (common/local-time.ts); a change of time zone rebuilds the calendar's year.
 */
export const occupancyDayPeaks = sqliteTable(
  "occupancy_day_peaks",
  {
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    // Venue day: days since 1970-01-01 of the local date the venue day starts on.
    day: integer("day").notNull(),
    peakPeople: real("peak_people").notNull(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.day] })],
);

export const placeLive = sqliteTable("place_live", {
  placeId: integer("place_id")
    .primaryKey()
    .references(() => places.id, { onDelete: "cascade" }),
  people: integer("people"),
  percent: integer("percent"),
  level: text("level", { enum: ["Relaxed", "Lively", "Packed"] }),
  devicesOnline: integer("devices_online").notNull().default(0),
  // Time of the newest reading behind these numbers (ms); null when the venue has never reported.
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
});

/**
 * The hourly means of the HISTORY_DAYS venue days before a place's today, kept so that popular
 * times, the forecast and alerts read one row instead of eight weeks of quarter hours
 * (docs/when-to-go.md#kept-history). A write of a past day's quarter hours bumps `generation` (and
 * voids the means when it touched a day they hold); means are kept only under the generation read before them.
 */
export const usualHistories = sqliteTable("usual_histories", {
  placeId: integer("place_id")
    .primaryKey()
    .references(() => places.id, { onDelete: "cascade" }),
  // The start of the venue day the means are of the days before (ms).
  until: integer("until").notNull(),
  // The place's settings they were read under (zone, day start, calibration): other settings, other means.
  settings: text("settings").notNull(),
  // JSON [[venue day, local hour, mean people], …].
  means: text("means").notNull(),
  // Bumped by every write of the place's quarter hours of a day before today (local-hours.ts dayRollupWrites).
  generation: integer("generation").notNull().default(0),
});

export const featureFlags = sqliteTable("feature_flags", {
  name: text("name").primaryKey(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
});

export const businessSubmissions = sqliteTable(
  "business_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessName: text("business_name").notNull(),
    address: text("address").notNull(),
    phoneNumber: text("phone_number").notNull().default(""),
    submitterEmail: text("submitter_email").notNull().default(""),
    website: text("website").notNull().default(""),
    reason: text("reason").notNull().default(""),
    status: text("status", { enum: ["new", "handled"] }).notNull().default("new"),
    createdAt: createdAt(),
    handledAt: integer("handled_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("business_submissions_status_created_idx").on(t.status, t.createdAt)],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    createdAt: createdAt(),
    // A hidden review leaves the public list, the count and the average, and can be restored.
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenReason: text("hidden_reason").notNull().default(""),
    hiddenBy: text("hidden_by", { enum: ["admin", "owner"] }),
  },
  (t) => [
    check("reviews_rating", sql`${t.rating} BETWEEN 1 AND 5`),
    index("reviews_place_created_idx").on(t.placeId, t.createdAt),
  ],
);

// Visitors' reports of a review. A report is open until the review is hidden or restored (kept).
export const reviewReports = sqliteTable(
  "review_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("review_reports_review_idx").on(t.reviewId, t.resolvedAt)],
);

/**
 * Live Looks (issue 17; docs/live-looks.md): short posts from visitors at the venue now. Public for
 * 3 hours, then only the venue's owners and the admin see them. No IP address or user agent is kept.
 */
export const liveLooks = sqliteTable(
  "live_looks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    // R2 key of the photo, stored without its metadata; null without a photo.
    photoKey: text("photo_key"),
    // R2 keys of a video (stored without its metadata) and of its poster JPEG, which the browser
    // drew from its first frame; a post has a photo or a video, not both (docs/live-looks.md#videos).
    videoKey: text("video_key"),
    posterKey: text("poster_key"),
    wait: text("wait", { enum: ["none", "lt5", "5-15", "15-30", "30+"] }),
    vibe: text("vibe", { enum: ["Relaxed", "Lively", "Packed"] }),
    // Set by the worker's clock (not SQLite's), so expiry follows the same clock as the reads.
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    // Hidden by the admin, an owner of the venue, or by 3 reports from different clients.
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenReason: text("hidden_reason").notNull().default(""),
    hiddenBy: text("hidden_by", { enum: ["admin", "owner", "reports"] }),
    // The account that posted (posting needs one; null for posts from before that, or once the
    // account is deleted), for its per-venue limit (docs/live-looks.md#who-may-post).
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // The post's vibe contradicted a fresh sensor level strongly when it was posted (Packed against Relaxed or the other way).
    notChecked: integer("not_checked", { mode: "boolean" }).notNull().default(false),
  },
  // By place for a profile's list; by time for the live map's count of the last hour at every place;
  // by account and place for the per-account limit.
  (t) => [
    index("live_looks_place_created_idx").on(t.placeId, t.createdAt),
    index("live_looks_created_idx").on(t.createdAt),
    index("live_looks_user_place_idx").on(t.userId, t.placeId, t.createdAt),
  ],
);

/**
 * Reports of a Live Look. `client` is an opaque keyed hash that tells reporters apart for this one
 * post on one day, never the address itself (docs/live-looks.md#telling-clients-apart).
 */
export const liveLookReports = sqliteTable(
  "live_look_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    liveLookId: integer("live_look_id")
      .notNull()
      .references(() => liveLooks.id, { onDelete: "cascade" }),
    client: text("client").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("live_look_reports_client_idx").on(t.liveLookId, t.client)],
);

/**
 * R2 keys of images whose rows are gone, for the cron to delete (docs/live-looks.md#retention).
 * Filled by triggers on deleting a Live Look (its photo, video and poster), a place or an event (so also by the cascade when a
 * place is deleted, which no route of ours sees), hand-written in
 * migrations/0011_issue25_live_look_retention.sql and 0023_live_look_videos.sql; drained by worker/db/retention.ts.
 */
export const deletedImages = sqliteTable("deleted_images", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull(),
});

/**
 * A place's alert rules (issue 16; docs/alerts.md). No row means the defaults
 * (worker/alerts/rules.ts); PUT writes the whole set.
 */
export const alertRules = sqliteTable("alert_rules", {
  placeId: integer("place_id")
    .primaryKey()
    .references(() => places.id, { onDelete: "cascade" }),
  // The rules as the API writes them ({near_capacity, busier_than_usual, sensor_offline, sensor_flagged}).
  rules: text("rules", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** Alerts that fired (and notices such as a disabled webhook): the owner dashboard's notifications. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    // near_capacity | busier_than_usual | sensor_offline | sensor_flagged | webhook_disabled
    type: text("type").notNull(),
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    message: text("message").notNull(),
    data: text("data", { mode: "json" }).notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    // The place's object names each alert it fires, so writing it again (a retried flush) is a
    // no-op (docs/architecture.md#webhooks-and-alerts); null for notices written once anyway.
    alertKey: text("alert_key"),
  },
  (t) => [
    index("notifications_place_idx").on(t.placeId, t.id),
    index("notifications_unread_idx").on(t.placeId).where(sql`${t.readAt} IS NULL`),
    uniqueIndex("notifications_alert_key_idx").on(t.placeId, t.alertKey),
  ],
);

/**
 * An owner's webhook endpoint. The secret is stored as issued: signing needs it, and D1 is as
 * trusted as the worker's own secrets store for this purpose (docs/alerts.md).
 */
export const webhooks = sqliteTable(
  "webhooks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    // The owner who added it: removing them from the place switches it off. Null: added by the
    // admin, or before creators were recorded (docs/architecture.md#webhooks-and-alerts).
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // When its current run of failures began (null after a success); 24 h of it disables the endpoint.
    failingSince: integer("failing_since", { mode: "timestamp_ms" }),
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("webhooks_place_idx").on(t.placeId)],
);

/** One row per alert and endpoint: the delivery log the dashboard shows (time, status, attempts). */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    notificationId: integer("notification_id").notNull(),
    type: text("type").notNull(),
    // pending (retrying) | delivered | failed (gave up)
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    // The receiver's last HTTP status; null for a timeout or a network error.
    httpStatus: integer("http_status"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webhook_deliveries_once_idx").on(t.webhookId, t.notificationId), index("webhook_deliveries_log_idx").on(t.webhookId, t.id)],
);

/**
 * A browser's Web Push subscription (docs/push.md): where its push service takes messages for this
 * account and the keys that encrypt them (RFC 8291). An endpoint belongs to one account; an
 * account keeps at most 10 (the oldest is replaced).
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    // The browser's P-256 public key (uncompressed point) and 16-byte auth secret, base64url.
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId, t.id)],
);

/**
 * A person's inbox (docs/push.md): everything delivered to the account, pushed or held back.
 * Kept: the newest 200 per account, nothing older than 90 days.
 */
export const consumerNotifications = sqliteTable(
  "consumer_notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    placeId: integer("place_id").references(() => places.id, { onDelete: "set null" }),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    // What it is a notification of (a watch's change, docs/watches.md): a retried delivery of the
    // same change to the same account stores nothing more. Null: no such guard.
    dedupeKey: text("dedupe_key"),
    // The account it names ("Maya is at …", "Maya sent you a message"): deleting that account
    // deletes it (docs/accounts.md#deleting-an-account). Null: it names nobody, or was stored before.
    aboutUserId: integer("about_user_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("consumer_notifications_user_idx").on(t.userId, t.id),
    index("consumer_notifications_about_idx").on(t.aboutUserId),
    uniqueIndex("consumer_notifications_dedupe_idx").on(t.userId, t.dedupeKey),
    index("consumer_notifications_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
    index("consumer_notifications_created_idx").on(t.createdAt),
  ],
);

/** One row per push let through the daily cap (docs/push.md#caps): rows older than a day are deleted on write. */
export const pushLog = sqliteTable(
  "push_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    // The push's tag (a plan's, "plan-12"): a notice with a push gap is pushed only when no push of
    // its tag went to the account within that gap (docs/push.md#caps-and-quiet-hours).
    tag: text("tag"),
  },
  (t) => [index("push_log_user_idx").on(t.userId, t.sentAt)],
);

export type User = typeof users.$inferSelect;
export type City = typeof cities.$inferSelect;
export type Place = typeof places.$inferSelect;
export type NewPlace = typeof places.$inferInsert;
export type Tag = typeof tags.$inferSelect;
export type EventCategory = typeof eventCategories.$inferSelect;
export type Event = typeof events.$inferSelect;
export type Device = typeof devices.$inferSelect;
export type BusinessSubmission = typeof businessSubmissions.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type LiveLook = typeof liveLooks.$inferSelect;

/**
 * A consumer's saved places (docs/app.md#saved-places-and-suggestions): at most 200 per account.
 * `news`: the account opted in to the place's announcements.
 */
export const savedPlaces = sqliteTable(
  "saved_places",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    news: integer("news", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.placeId] }),
    index("saved_places_place_idx").on(t.placeId),
    // A place's followers (news on) in account order: the announcement fan-out's pages.
    index("saved_places_followers_idx").on(t.placeId, t.userId).where(sql`${t.news} = 1`),
  ],
);

/**
 * Friendships (docs/friends.md): stored in both directions, so "my friends" is one index range and
 * removing a friend deletes both rows. At most 500 friends per account.
 */
export const friendships = sqliteTable(
  "friendships",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    friendId: integer("friend_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] }), index("friendships_friend_idx").on(t.friendId)],
);

/** Blocks (docs/friends.md#blocks): the blocked account can find, ask, message or see nothing of the blocker. */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId)],
);

/**
 * An account's passkeys (docs/accounts.md#passkeys): WebAuthn credentials that sign it in. At most
 * 10 per account. `userHandle` is the WebAuthn user.id the account's passkeys were made with (the
 * same for all of them, random, never the account's id); `publicKey` the COSE key, base64url.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    // The authenticator's signature counter; 0 for authenticators that keep none (most passkeys).
    counter: integer("counter").notNull().default(0),
    // JSON list of AuthenticatorTransport ("internal", "hybrid", "usb", …) as the browser reported them.
    transports: text("transports").notNull().default("[]"),
    userHandle: text("user_handle").notNull(),
    // Shown in settings; the person may rename it. Default: "Passkey on Chrome, added 25 Nov".
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);
export type Passkey = typeof passkeys.$inferSelect;

/**
 * A WebAuthn challenge the server handed out and has not seen back yet (docs/accounts.md#passkeys):
 * single use (deleted when a response comes back, whatever its outcome), 5 minutes, and expired
 * rows are deleted whenever a new one is stored. `userId` for ceremonies of a signed-in account
 * (adding a passkey, confirming account deletion); `pending` the sign-up's account fields.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["signup", "login", "add", "confirm"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    // The WebAuthn user.id the registration options named (sign-up and adding), base64url.
    userHandle: text("user_handle"),
    // JSON {name, email, handle?, time_zone?} of a passkey sign-up, until the passkey is made.
    pending: text("pending"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt), index("webauthn_challenges_user_idx").on(t.userId)],
);

/**
 * "Tell me when" (docs/watches.md): an account watches a place for a change (`when`), optionally
 * only in a window of the venue's local time (`window_days`: JSON list of day names, Monday first;
 * `window_from`/`window_to`: "HH:MM", both null for any time). `minutes`: wait_under's threshold.
 * At most 50 per account; both keys cascade.
 */
export const watches = sqliteTable(
  "watches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    when: text("when", { enum: ["quiet", "lively", "wait_under", "event_starts", "special_starts", "offer_starts"] }).notNull(),
    minutes: integer("minutes"),
    windowDays: text("window_days"),
    windowFrom: text("window_from"),
    windowTo: text("window_to"),
    createdAt: createdAt(),
  },
  (t) => [index("watches_place_idx").on(t.placeId, t.when, t.id), index("watches_user_idx").on(t.userId, t.id)],
);
/**
 * Friend requests waiting for an answer (docs/friends.md#friends): one per pair and direction.
 * Accepting or declining deletes the row; blocking deletes those of the pair.
 */
export const friendRequests = sqliteTable(
  "friend_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromId: integer("from_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toId: integer("to_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("friend_requests_pair_idx").on(t.fromId, t.toId), index("friend_requests_to_idx").on(t.toId)],
);

/** One row per friend request an account sent in the last 24 hours: the daily limit counts them. */
export const friendRequestLog = sqliteTable(
  "friend_request_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("friend_request_log_user_idx").on(t.userId, t.sentAt), index("friend_request_log_sent_idx").on(t.sentAt)],
);

/** Open friend invite links (docs/friends.md#invite-links): the token only as its SHA-256; used ones are deleted. */
export const friendInvites = sqliteTable(
  "friend_invites",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("friend_invites_user_idx").on(t.userId), index("friend_invites_expires_idx").on(t.expiresAt)],
);

/**
 * The one current check-in of an account (docs/friends.md#check-ins): a place and until when, never
 * a position. Deleted when it ends (the cron), when the account leaves or checks in elsewhere.
 */
export const checkIns = sqliteTable(
  "check_ins",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    audience: text("audience", { enum: ["friends", "chosen", "nobody"] }).notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("check_ins_place_idx").on(t.placeId), index("check_ins_expires_idx").on(t.expiresAt)],
);

/** The friends chosen to see a check-in whose audience is "chosen"; they go with the check-in. */
export const checkInAudience = sqliteTable(
  "check_in_audience",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => checkIns.userId, { onDelete: "cascade" }),
    friendId: integer("friend_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] }), index("check_in_audience_friend_idx").on(t.friendId)],
);
/**
 * A plan (docs/friends.md#plans): an organiser, a place and a time, and the friends invited. A
 * cancelled plan is kept (so invitees see it was called off) until retention deletes it, 30 days
 * after its time.
 */
export const plans = sqliteTable(
  "plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organiserId: integer("organiser_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    title: text("title"),
    // Most "going" answers, the organiser counted; null: no limit.
    capacity: integer("capacity"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("plans_organiser_idx").on(t.organiserId, t.startsAt), index("plans_starts_idx").on(t.startsAt)],
);

/** Who is invited to a plan and their answer (null until they answer). */
export const planInvitees = sqliteTable(
  "plan_invitees",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    answer: text("answer", { enum: ["going", "maybe", "no"] }),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.userId] }), index("plan_invitees_user_idx").on(t.userId)],
);

/**
 * A conversation (docs/friends.md#messages): one per plan (its members are the plan's organiser and
 * invitees) or one per pair of friends (`user_a` < `user_b`). The messages live in the
 * conversation's own Durable Object, never in D1; `last_message_at` only orders the list.
 */
export const conversations = sqliteTable(
  "conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["plan", "pair"] }).notNull(),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "cascade" }),
    userA: integer("user_a").references(() => users.id, { onDelete: "cascade" }),
    userB: integer("user_b").references(() => users.id, { onDelete: "cascade" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_plan_idx").on(t.planId),
    uniqueIndex("conversations_pair_idx").on(t.userA, t.userB),
    index("conversations_user_b_idx").on(t.userB),
    check("conversations_kind_check", sql`(${t.kind} = 'plan' AND ${t.planId} IS NOT NULL AND ${t.userA} IS NULL AND ${t.userB} IS NULL) OR (${t.kind} = 'pair' AND ${t.planId} IS NULL AND ${t.userA} < ${t.userB})`),
  ],
);

/**
 * Who wrote in a conversation (docs/friends.md#deleting-an-account): one row per conversation and
 * account, written with each message's time after the answer. Deleting the account finds by it
 * every conversation's object holding its messages, also of a plan it has left. Both keys cascade.
 */
export const conversationWriters = sqliteTable(
  "conversation_writers",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("conversation_writers_user_idx").on(t.userId)],
);

/**
 * A reported message (docs/friends.md#reports): what the admin reads, with the 20 messages around
 * it as they were when reported (`context`: JSON of {id, sender_id, text, created_at}). The
 * reporter becomes null when that account is deleted; resolved reports are deleted after 90 days.
 */
export const messageReports = sqliteTable(
  "message_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id").notNull(),
    messageId: integer("message_id").notNull(),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    context: text("context").notNull(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    // How the admin closed it: "resolved" (acted on) or "dismissed" (nothing wrong); null while open.
    resolution: text("resolution", { enum: ["resolved", "dismissed"] }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("message_reports_once_idx").on(t.conversationId, t.messageId, t.reporterId), index("message_reports_open_idx").on(t.resolvedAt, t.id)],
);
/**
 * A place's menu (issue 30 §1; docs/menus-and-specials.md#menus), written whole by its owners.
 * `sections` is the JSON document `[{id, name, items: [{id, name, description, price_cents,
 * dietary, photo_key}]}]` (worker/db/menus.ts checks it on read); ids come from `next_id`, unique
 * within the place's menu, so a write that sends them back keeps them. `version` guards a write
 * against one that landed after it read the menu. Photo keys of a deleted row go to deleted_images
 * (trigger menu_photos_deleted, hand-written in the migration).
 */
export const placeMenus = sqliteTable("place_menus", {
  placeId: integer("place_id")
    .primaryKey()
    .references(() => places.id, { onDelete: "cascade" }),
  sections: text("sections").notNull().default("[]"),
  // "HH:MM" on the venue's clock ("food until 11 PM"), or null.
  kitchenUntil: text("kitchen_until"),
  nextId: integer("next_id").notNull().default(1),
  version: integer("version").notNull().default(1),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Specials (issue 30 §2; docs/menus-and-specials.md#specials): weekly (days, from, to on the
 * venue's clock; a `to` at or before `from` ends next morning) or one-off (starts_at, ends_at,
 * UTC ISO). `schedule_since` is when the current schedule was set (created, or its times
 * changed): its lift is measured from then.
 */
export const specials = sqliteTable(
  "specials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    text: text("text").notNull().default(""),
    // JSON list of day names, Monday first; [] for a one-off.
    days: text("days").notNull().default("[]"),
    fromTime: text("from_time"),
    toTime: text("to_time"),
    startsAt: text("starts_at"),
    endsAt: text("ends_at"),
    scheduleSince: integer("schedule_since", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    check(
      "specials_schedule",
      sql`(${t.fromTime} IS NOT NULL AND ${t.toTime} IS NOT NULL AND ${t.startsAt} IS NULL AND ${t.endsAt} IS NULL) OR (${t.fromTime} IS NULL AND ${t.toTime} IS NULL AND ${t.startsAt} IS NOT NULL AND ${t.endsAt} IS NOT NULL)`,
    ),
    index("specials_place_idx").on(t.placeId),
  ],
);

/**
 * Announcements to followers (docs/announcements.md): what an owner sent, optionally pointing at
 * one of the place's events or specials, and `followers`, how many followed its news when it was
 * sent. At most 3 per place in any 7 days (counted inside the insert).
 */
export const announcements = sqliteTable(
  "announcements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    text: text("text").notNull(),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    specialId: integer("special_id").references(() => specials.id, { onDelete: "set null" }),
    followers: integer("followers").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("announcements_place_idx").on(t.placeId, t.createdAt)],
);

/**
 * Who an announcement reached, for its counts only (delivered: a row; opened: read in the inbox).
 * Never answered per person: owners see totals, and none below 5 followers. Both keys cascade, so a
 * deleted account leaves no trace here.
 */
export const announcementReach = sqliteTable(
  "announcement_reach",
  {
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    openedAt: integer("opened_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index("announcement_reach_user_idx").on(t.userId)],
);

/** Places whose announcements the admin paused (docs/announcements.md#pausing): a row is a pause. */
export const announcementPauses = sqliteTable("announcement_pauses", {
  placeId: integer("place_id")
    .primaryKey()
    .references(() => places.id, { onDelete: "cascade" }),
  pausedAt: integer("paused_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Offers (issue 39; docs/offers.md): weekly days and hours on the venue's clock like a special's,
 * between optional dates (YYYY-MM-DD, both included), a daily cap of claims, and when it is on:
 * always in its hours, only while quiet (live Relaxed, or below `quiet_below_percent`), or in the
 * hours the forecast calls quiet. `audience` "savers": only accounts that saved the place may claim.
 */
export const offers = sqliteTable(
  "offers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    terms: text("terms").notNull().default(""),
    kind: text("kind", { enum: ["percent", "price", "free_item", "other"] }).notNull(),
    // Percent off, or a price in the venue's money; null for a free item or other.
    value: real("value"),
    // JSON list of day names, Monday first.
    days: text("days").notNull(),
    fromTime: text("from_time").notNull(),
    toTime: text("to_time").notNull(),
    startsOn: text("starts_on"),
    endsOn: text("ends_on"),
    dailyCap: integer("daily_cap").notNull(),
    when: text("when", { enum: ["always", "quiet", "forecast_quiet"] }).notNull(),
    quietBelowPercent: integer("quiet_below_percent"),
    audience: text("audience", { enum: ["everyone", "savers"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("offers_place_idx").on(t.placeId)],
);

/**
 * Claims of offers: a short code without identity, unique per venue and venue day, valid until
 * `expires_at`; one per account, offer and venue day. Both the offer and the account cascade, so a
 * deleted account leaves no claim; the totals stay in offer_days (kept by the triggers
 * offer_claimed and offer_redeemed, hand-written in the migration).
 */
export const offerClaims = sqliteTable(
  "offer_claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Venue day: days since 1970-01-01 of the local date the venue day starts on.
    day: integer("day").notNull(),
    code: text("code").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    redeemedAt: integer("redeemed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("offer_claims_code_idx").on(t.placeId, t.day, t.code),
    uniqueIndex("offer_claims_once_idx").on(t.offerId, t.userId, t.day),
    index("offer_claims_user_idx").on(t.userId),
  ],
);

/**
 * An offer's totals per venue day (counts only, never who): seen on a profile or list, claimed
 * (which the daily cap reads, inside the claim's insert) and redeemed. Kept when claims go.
 */
export const offerDays = sqliteTable(
  "offer_days",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    seen: integer("seen").notNull().default(0),
    claimed: integer("claimed").notNull().default(0),
    redeemed: integer("redeemed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.day] })],
);

/**
 * Queue messages the consumer could not process on any attempt (docs/faults.md#dead-letters): what
 * a dead-letter queue received, by the queue it came from, for the admin to see and send back.
 * Bounded: the newest 1,000 kept, none past 30 days.
 */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The queue the message died in (third-place-push, third-place-watches).
    queue: text("queue").notNull(),
    // The queue's own id of the message: a dead-letter batch delivered twice stores it once.
    messageId: text("message_id").notNull(),
    // The message's body as JSON text.
    body: text("body").notNull(),
    deadAt: integer("dead_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("dead_letters_message_idx").on(t.messageId), index("dead_letters_dead_at_idx").on(t.deadAt)],
);
