// Shapes of the API's answers, shared by the worker (which builds them) and the client (which reads
// them). Field names are the product's API contract (docs/architecture.md#api-contract), hence the snake_case.

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const LEVELS = ["Relaxed", "Lively", "Packed"] as const;
export type Level = (typeof LEVELS)[number];

/** Fourteen "HH:MM" strings; "" means closed that day. A close before the open runs past midnight. */
export type PlaceHours = { [K in `${Weekday}_open` | `${Weekday}_close`]: string };

/** What anyone may see of a place (profiles, the map, GET /api/place/{id} without owner rights). */
export interface PublicPlace extends PlaceHours {
  id: number;
  slug: string;
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
  latitude: number | null;
  longitude: number | null;
  type: "Bar" | "Restaurant";
  category: string;
  website: string;
  phone_number: string;
  description: string;
  /** Both are URLs of the same cover image (the spec's client reads either name). */
  cover_photo_url: string | null;
  cover_image: string | null;
  open_time: string;
  close_time: string;
  lively_threshold: number;
  packed_threshold: number;
  timezone: string;
  /** Local hour at which the venue's day starts (docs/glossary.md#venue-day; default 5). */
  day_start_hour: number;
  tags: number[];
}

/** A place as its owners and admins see it: adds the private fields. */
export interface OwnedPlace extends PublicPlace {
  favorite: boolean;
  no_device: boolean;
  max_devices: number;
  /** Owners' names (or emails when a name is empty). */
  owners: string[];
}

/** GET /api/live: one entry per place; level and numbers are null while its devices are silent. */
export interface LivePlace {
  id: number;
  slug: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  type: "Bar" | "Restaurant";
  category: string;
  cover_image: string | null;
  people: number | null;
  percent: number | null;
  level: Level | null;
  /** ISO time of the newest reading behind the numbers. */
  updated_at: string | null;
}

export interface LiveAnswer {
  places: LivePlace[];
  generated_at: string;
}

/** A row of the admin's business submissions inbox (field names as the public form sends them). */
export interface SubmissionAnswer {
  id: number;
  businessName: string;
  address: string;
  phoneNumber: string;
  submitterEmail: string;
  website: string;
  /** The form's comments. */
  reason: string;
  status: "new" | "handled";
  /** ISO-8601 instants. */
  created_at: string;
  handled_at: string | null;
}

/** GET /api/admin/submissions: newest first. */
export interface SubmissionListAnswer {
  submissions: SubmissionAnswer[];
}

export interface TagAnswer {
  id: number;
  name: string;
  description: string;
}

export interface EventCategoryAnswer {
  id: number;
  name: string;
  description: string;
}

export interface EventAnswer {
  id: number;
  place_id: number;
  place_name: string | null;
  name: string;
  description: string;
  /** ISO-8601 instants. */
  start_time: string;
  end_time: string | null;
  max_capacity: number | null;
  /** Category id. */
  category: number | null;
  category_name: string | null;
  is_recurring: boolean;
  repeats: boolean;
  repeating_days: string[];
  frequency: string;
  host_name: string;
  additional_details: string;
  photo_url: string | null;
  cover_image: string | null;
  flyer_image: string | null;
}

/** GET /api/business/{placeId}/events (upcoming and recurring) and GET /api/events (all). */
export interface EventsAnswer {
  events: EventAnswer[];
  /** ?offset= of the next page; null when this page is the last. */
  next_offset: number | null;
}

/** GET /api/tags */
export interface TagsAnswer {
  tags: TagAnswer[];
}

/** GET /api/event-categories */
export interface EventCategoriesAnswer {
  categories: EventCategoryAnswer[];
}

/** One row of the admin's Manage Max Devices list. */
export interface BusinessAnswer {
  id: number;
  name: string;
  max_devices: number;
}

/** GET /api/businesses */
export interface BusinessesAnswer {
  businesses: BusinessAnswer[];
}

/** POST /api/feature-flags/{name}: an unknown flag is false. */
export interface FeatureFlagAnswer {
  value: boolean;
}

/** Answer of writes whose client only checks success (deletes, max devices). */
export interface OkAnswer {
  ok: true;
}

export interface ReviewAnswer {
  id: number;
  username: string;
  rating: number;
  comment: string;
  /** YYYY-MM-DD */
  date: string;
}

/** Count and mean rating (one decimal; null without reviews) of all of a place's reviews. */
export interface ReviewSummary {
  count: number;
  average_rating: number | null;
}

/** GET /api/places/{id}/reviews: the newest reviews first. */
export interface ReviewsAnswer extends ReviewSummary {
  reviews: ReviewAnswer[];
}

/** A review as the admin's moderation queue shows it (and as hide/restore answer it). */
export interface ModeratedReviewAnswer {
  id: number;
  place_id: number;
  place_name: string;
  username: string;
  rating: number;
  comment: string;
  created_at: string;
  /** Reports not yet dealt with (hiding or restoring deals with them). */
  open_reports: number;
  /** The non-empty reasons of those reports, newest first (at most 5). */
  report_reasons: string[];
  hidden_at: string | null;
  hidden_reason: string;
  hidden_by: "admin" | "owner" | null;
}

/** GET /api/admin/reviews */
export interface ModeratedReviewsAnswer {
  reviews: ModeratedReviewAnswer[];
}

/** POST /api/places/{id}/reviews: the stored review and the summary including it. */
export interface ReviewPostedAnswer extends ReviewSummary {
  review: ReviewAnswer;
}

/** GET /api/config/map: the basemap the live map draws under its markers. */
export interface MapConfigAnswer {
  tile_url: string;
  /** HTML (links and entities), as tile providers publish it. */
  attribution: string;
}

export interface KeyTrends {
  /** Percent of capacity now; null when no device reported in the last 5 minutes. */
  currentCapacity: number | null;
  /** Today's busiest local hour so far, e.g. "21:00". */
  peakHour: string | null;
  peakHourUtilization: number | null;
  currentPopulation: number | null;
  /** Level now by the place's own thresholds (the "Current Status" tile); null when offline. */
  currentStatus: Level | null;
}

export interface Agg15Answer {
  intervals: string[];
  relative_fullness: number[];
}

export interface DailySummaryItem {
  label: string;
  general_avg: number;
  last_day_value: number;
}

export interface HourlyDataItem {
  hour: string;
  population: number;
}

export interface CalendarDataItem {
  date: string;
  busyness_score: number;
}

/** GET /api/hourly_data: the sampled local hours of one venue day, in order. */
export interface HourlyDataAnswer {
  hourly_data: HourlyDataItem[];
}

/** GET /api/calendar_data: every venue day with data in the last 365 days, oldest first. */
export interface CalendarDataAnswer {
  calendar_data: CalendarDataItem[];
}

/** GET /api/check_pico/{id}: a device of the place reported in the last 5 minutes. */
export interface CheckPicoAnswer {
  exists: boolean;
}

/** One sensor of a place as its owners and admins see it (GET /api/place/{id}/devices). */
export interface DeviceAnswer {
  id: number;
  name: string;
  created_at: string;
  /** Sent a reading or heartbeat within the last 5 minutes. */
  online: boolean;
  last_seen_at: string | null;
  last_count: number | null;
  last_reading_at: string | null;
  firmware: string | null;
  uptime_s: number | null;
  rssi: number | null;
  /** Implausible readings of the last 24 hours (kept out of live and rollup numbers), or null. */
  flagged: FlaggedDevice | null;
}

/** Why a sensor is flagged: its implausible readings of the last 24 hours and the latest of them. */
export interface FlaggedDevice {
  implausible_readings_24h: number;
  latest_count: number;
  latest_at: string;
  /** The rule the latest one broke: "more than 10 × the packed threshold of 40". */
  reason: string;
}

export interface DevicesAnswer {
  devices: DeviceAnswer[];
  max_devices: number;
}

/** POST /api/place/{id}/devices: the key is shown this once and only its hash is stored. */
export interface RegisteredDeviceAnswer {
  id: number;
  name: string;
  key: string;
  created_at: string;
}

/** POST /api/ingest: 200 when every reading was in the time window, 422 (with error/details) otherwise. */
export interface IngestAnswer {
  accepted: number;
  duplicates: number;
  rejected: number;
  server_time: string;
}

export interface PeakData {
  peakHour: string | null;
  peakHourUtilization: number | null;
}

/** Weekday name (e.g. "Monday") → mean people; a missing day means 0. */
export type WeeklySummary = Partial<Record<string, number>>;

export interface ErrorAnswer {
  error: string;
  details?: { field: string; message: string }[];
}

/** POST /api/auth/signup and /api/auth/login (the refresh token travels in an httpOnly cookie). */
export interface SessionAnswer {
  access_token: string;
  user_id: number;
}

/** POST /api/auth/handoff: a one-time code for `/dashboard?code=&user_id=`. */
export interface HandoffCodeAnswer {
  code: string;
  user_id: number;
  expires_at: string;
}

/** POST /api/auth/handoff/inspect: whom the code would sign in, so the visitor can confirm. */
export interface HandoffOwnerAnswer {
  id: number;
  name: string;
  email: string;
}

/** POST /api/refresh and POST /api/admin/login. */
export interface AccessTokenAnswer {
  access_token: string;
}

/** GET /api/me: the signed-in account and the places it owns. */
export interface MeAnswer {
  id: number;
  email: string;
  name: string;
  role: "owner" | "admin";
  places: { id: number; name: string }[];
}

/** POST /api/place/{id}/generate-url */
export interface InviteLinkAnswer {
  invite_link: string;
  /** ISO time after which the link no longer works. */
  expires_at: string;
}

/** An invite link that still works, as its place's owners and the admin see it (never its token). */
export interface OpenInviteAnswer {
  id: string;
  /** ISO-8601 instants. */
  created_at: string;
  expires_at: string;
  /** Who made it; null when the admin did (or that account was deleted). */
  created_by: { name: string; email: string } | null;
}

/** GET /api/place/{id}/invites: newest first. */
export interface OpenInvitesAnswer {
  invites: OpenInviteAnswer[];
}

/** One owner of a place, as its owners and the admin see them. */
export interface PlaceOwnerAnswer {
  id: number;
  name: string;
  email: string;
  /** ISO time they became an owner. */
  since: string;
}

/** GET /api/place/{id}/owners: longest-standing first. */
export interface PlaceOwnersAnswer {
  owners: PlaceOwnerAnswer[];
}

/** POST /api/invites/accept */
export interface AcceptInviteAnswer {
  place_id: number;
  place_name: string;
}
