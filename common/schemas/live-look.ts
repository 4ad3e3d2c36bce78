// Live Looks (issue 17; docs/live-looks.md): the post form's fields, shared by the worker and the form,
// and the inputs of listing, reporting and moderating them.
import * as v from "valibot";
import { idParamSchema, integerInput, optionalText, requiredText, wireFormat } from "./fields";
import { HIDE_REASON_MAX, LEVELS, LIVE_LOOK_ACCOUNT_LIMIT, LIVE_LOOK_TEXT_MAX, REPORT_REASON_MAX, WAITS } from "../vocabulary";

const LIVE_LOOK_TEXT_MESSAGE = "Say what it is like there now.";
const WAIT_MESSAGE = "Wait must be none, lt5, 5-15, 15-30 or 30+.";
const VIBE_MESSAGE = "Vibe must be Relaxed, Lively or Packed.";
const LIVE_LOOK_HIDE_MESSAGE = "Say why the Live Look is hidden.";

/** An optional choice sent as a form field: absent or "" means not given. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(options: T, message: string) =>
  v.pipe(
    v.optional(v.string(message), ""),
    wireFormat({ type: "string", enum: [...options, ""], description: "empty or absent for none" }),
    v.transform((value) => (value === "" ? null : value)),
    v.nullable(v.picklist(options, message)),
  );

/** A post to a venue closed now by its hours (409): nobody is there to look (docs/live-looks.md#who-may-post). */
export const LIVE_LOOK_CLOSED_MESSAGE = "This venue is closed now. Live Looks can be posted while it is open.";
/** An account's posts at one venue past the hour's limit (429). */
export const LIVE_LOOK_ACCOUNT_LIMIT_MESSAGE = `You can post ${LIVE_LOOK_ACCOUNT_LIMIT} Live Looks an hour at one venue. Please try again later.`;

/** POST /api/places/{id}/live-looks (multipart text fields; the photo is checked by its bytes). */
export const liveLookSchema = v.object({
  text: requiredText(LIVE_LOOK_TEXT_MAX, LIVE_LOOK_TEXT_MESSAGE),
  wait: optionalChoice(WAITS, WAIT_MESSAGE),
  vibe: optionalChoice(LEVELS, VIBE_MESSAGE),
});
export type LiveLookInput = v.InferOutput<typeof liveLookSchema>;

export const liveLookIdSchema = idParamSchema("Live Look id must be a positive whole number.");

const LIVE_LOOKS_PAGE_MAX = 50;
const LIVE_LOOKS_PAGE_DEFAULT = 12;
const CURSOR_MESSAGE = "Cursor must be a next_cursor from an earlier page.";

/** GET /api/places/{id}/live-looks?cursor=&limit= */
export const liveLooksQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(CURSOR_MESSAGE), v.maxLength(40, CURSOR_MESSAGE), v.regex(/^\d{1,15}-\d{1,10}$/, CURSOR_MESSAGE))),
  limit: integerInput(`Limit must be a whole number from 1 to ${LIVE_LOOKS_PAGE_MAX}.`, { min: 1, max: LIVE_LOOKS_PAGE_MAX, empty: LIVE_LOOKS_PAGE_DEFAULT }),
});

/** POST /api/live-looks/{id}/report: the reason is optional. */
export const liveLookReportSchema = v.object({ reason: optionalText(REPORT_REASON_MAX) });

/** POST /api/live-looks/{id}/hide: the reason is kept with the post for the admin and the owners. */
export const liveLookHideSchema = v.object({ reason: requiredText(HIDE_REASON_MAX, LIVE_LOOK_HIDE_MESSAGE) });
