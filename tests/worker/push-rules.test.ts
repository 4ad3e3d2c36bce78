// The pure rules of Web Push (docs/push.md): which endpoints we send to (the SSRF allow-list) and
// whether a notification is pushed now (daily cap, quiet hours in the account's time zone, across
// midnight and DST changes). Fixed instants only.
import { describe, expect, it } from "vitest";
import { PUSH_ENDPOINT_MESSAGE, pushEndpointProblem } from "../../worker/push/endpoint-url";
import { pushDecision, pushDecisions, type QuietHours } from "../../worker/push/quiet-hours";

describe("pushEndpointProblem", () => {
  it.each([
    ["https://fcm.googleapis.com/fcm/send/abc:APA91b", false, null],
    ["https://FCM.googleapis.com:443/wp/abc", false, null],
    ["https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh", false, null],
    ["https://web.push.apple.com/QGh1dTZ5", false, null],
    ["https://api.push.apple.com/3/device/abc", false, null],
    ["https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB", false, null],
    ["http://fcm.googleapis.com/fcm/send/abc", false, PUSH_ENDPOINT_MESSAGE],
    ["https://fcm.googleapis.com:8443/fcm/send/abc", false, PUSH_ENDPOINT_MESSAGE],
    ["https://fcm.googleapis.com.evil.example/fcm/send/abc", false, PUSH_ENDPOINT_MESSAGE],
    ["https://evil.example/fcm.googleapis.com/", false, PUSH_ENDPOINT_MESSAGE],
    ["https://push.apple.com/abc", false, PUSH_ENDPOINT_MESSAGE],
    ["https://evilpush.apple.com/abc", false, PUSH_ENDPOINT_MESSAGE],
    ["https://notify.windows.com.evil.example/w", false, PUSH_ENDPOINT_MESSAGE],
    ["https://169.254.169.254/latest/meta-data", false, PUSH_ENDPOINT_MESSAGE],
    ["https://user:secret@fcm.googleapis.com/fcm/send/abc", false, "endpoint must not contain a user name or password."],
    ["fcm.googleapis.com/fcm/send/abc", false, "endpoint must be an absolute web address."],
    ["http://localhost:8788/push/a", false, PUSH_ENDPOINT_MESSAGE],
    ["http://127.0.0.1:9999/push/a", false, PUSH_ENDPOINT_MESSAGE],
    // Locally (ALLOW_LOCAL_WEBHOOKS=1): this machine on any port, nothing else that is internal.
    ["http://localhost:8788/push/a", true, null],
    ["http://127.0.0.1:9999/push/a", true, null],
    ["http://[::1]:8788/push/a", true, PUSH_ENDPOINT_MESSAGE],
    ["http://10.0.0.8/push/a", true, PUSH_ENDPOINT_MESSAGE],
    ["http://printer.local/push/a", true, PUSH_ENDPOINT_MESSAGE],
  ])("%s (local allowed: %s) → %s", (endpoint, allowLocal, problem) => {
    expect(pushEndpointProblem(endpoint, { allowLocal })).toBe(problem);
  });
});

const decide = (iso: string, timeZone: string, quietHours: QuietHours | null, sentToday = 0) =>
  pushDecision({ now: Date.parse(iso), timeZone, quietHours, sentToday });
const night = { start: "00:00", end: "09:00" };

describe("pushDecision", () => {
  it.each([
    // The default window in UTC: 00:00 is quiet, 09:00 is not.
    ["2031-05-13T23:59:00Z", "UTC", night, "push"],
    ["2031-05-14T00:00:00Z", "UTC", night, "quiet_hours"],
    ["2031-05-14T08:59:00Z", "UTC", night, "quiet_hours"],
    ["2031-05-14T09:00:00Z", "UTC", night, "push"],
    // Berlin's clocks go forward on 2031-03-30: 07:30 UTC is 08:30 the day before (CET, quiet) and 09:30 that day (CEST).
    ["2031-03-29T07:30:00Z", "Europe/Berlin", night, "quiet_hours"],
    ["2031-03-30T07:30:00Z", "Europe/Berlin", night, "push"],
    ["2031-03-30T06:59:00Z", "Europe/Berlin", night, "quiet_hours"],
    // New York's go back on 2031-11-02: 13:30 UTC is 09:30 EDT the day before and 08:30 EST that day.
    ["2031-11-01T13:30:00Z", "America/New_York", night, "push"],
    ["2031-11-02T13:30:00Z", "America/New_York", night, "quiet_hours"],
    // A window across midnight, 22:00–07:00 in Tokyo (UTC+9).
    ["2031-05-13T12:59:00Z", "Asia/Tokyo", { start: "22:00", end: "07:00" }, "push"],
    ["2031-05-13T13:00:00Z", "Asia/Tokyo", { start: "22:00", end: "07:00" }, "quiet_hours"],
    ["2031-05-13T21:59:00Z", "Asia/Tokyo", { start: "22:00", end: "07:00" }, "quiet_hours"],
    ["2031-05-13T22:00:00Z", "Asia/Tokyo", { start: "22:00", end: "07:00" }, "push"],
    // None chosen (null), or an empty window.
    ["2031-05-14T03:00:00Z", "UTC", null, "push"],
    ["2031-05-14T03:00:00Z", "UTC", { start: "03:00", end: "03:00" }, "push"],
    // An unknown zone counts as UTC.
    ["2031-05-14T03:00:00Z", "Mars/Olympus_Mons", night, "quiet_hours"],
  ])("%s in %s, quiet %o → %s", (iso, timeZone, quietHours, decision) => {
    expect(decide(iso, timeZone, quietHours)).toBe(decision);
  });

  it("lets 6 pushes through in 24 hours; in quiet hours the answer is quiet hours", () => {
    expect(decide("2031-05-14T12:00:00Z", "UTC", night, 5)).toBe("push");
    expect(decide("2031-05-14T12:00:00Z", "UTC", night, 6)).toBe("daily_cap");
    expect(decide("2031-05-14T03:00:00Z", "UTC", night, 6)).toBe("quiet_hours");
  });
});

describe("pushDecisions", () => {
  it("decides a page of deliveries in one pass, each on its account's own rules; accounts without subscriptions are not pushed", () => {
    const now = Date.parse("2031-05-14T03:00:00Z");
    const accounts = new Map([
      [1, { timeZone: "UTC", quietHours: night, sentToday: 0 }],
      [2, { timeZone: "America/New_York", quietHours: night, sentToday: 0 }],
      [3, { timeZone: "UTC", quietHours: null, sentToday: 6 }],
      [4, { timeZone: "UTC", quietHours: null, sentToday: 5 }],
    ]);
    // 03:00 UTC is quiet in UTC, 23:00 the day before in New York.
    expect(pushDecisions(now, [1, 2, 3, 4, 5, 2], accounts)).toEqual(["quiet_hours", "push", "daily_cap", "push", "no_subscriptions", "push"]);
    expect(pushDecisions(now, [], accounts)).toEqual([]);
  });
});
