// The owner's evening (docs/insights.md#the-owners-evening): the venue's tabs, its "now" strip,
// the sensors' list and the menu editor's rows. The spec's own dashboard sentences stay in
// client/lib/messages.ts.
export const EVENING_MESSAGES = {
  tabsLabel: "Venue",
  insightsLabel: "Insights views",
  tabs: {
    now: "Now",
    offers: "Offers",
    redeem: "Redeem",
    events: "Events",
    menu: "Menu",
    specials: "Specials",
    news: "News",
    insights: "Insights",
    settings: "Settings",
  },
  nowStrip: "Now",
  noReadingNow: "No reading in the last 5 minutes",
  openVenue: "Open",
  sensorsTitle: "Sensors",
  noSensors: "No sensors yet. The Third Place team installs them; write to us if yours has not arrived.",
  sensorOnline: "Online",
  sensorOffline: "Offline",
  neverReported: "Never reported",
  allSensorsFine: "Nothing to do: every sensor reports.",
  detailsTitle: "Details and hours",
  lastNightPeakHour: "Last Night's Peak Hour",
  lastNightPeakCapacity: "Last Night's Peak Capacity",
  menuSaveBar: "Menu changes",
  menuEditItem: "Edit",
  menuDoneItem: "Done",
  menuNoPrice: "No price",
} as const;

/** "2 of 3 sensors online". */
export const sensorsOnline = (online: number, total: number) => `${online} of ${total} sensor${total === 1 ? "" : "s"} online`;

/** "1 person", "23 people". */
export const peopleText = (count: number) => `${count} ${count === 1 ? "person" : "people"}`;

/** A sensor's last reading: "12 people, 4 min ago". */
export const lastReading = (count: number, ago: string) => `${peopleText(count)}, ${ago}`;

/** "Last reading 4 min ago" on the landing's line of a venue. */
export const lastReadingAgo = (ago: string) => `Last reading ${ago}`;

/** What an owner can do about each problem the server names (docs/sensors.md#sensor-health). */
export const SENSOR_ADVICE = {
  offline: "Check that it is plugged in and switched on and that the venue's Wi-Fi works; it shows online within 5 minutes of its next count.",
  stuck: "Its count has not changed for 2 hours while open: unplug it for 10 seconds and plug it back in.",
  implausible: "It counts far more people than the venue holds: check that nothing stands against it, then unplug it and plug it back in.",
  clock_drift: "Its clock is off: unplug it and plug it back in so it sets its clock again.",
  weak_signal: "Its signal is weak: move it closer to the router (or gateway), or add a repeater.",
} as const;
