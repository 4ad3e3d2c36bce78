// History files: plain ts,count and Paxcounter SD-card logs, read without routes or storage.
import { describe, expect, it } from "vitest";
import { MAX_HISTORY_SPAN_MS, MAX_PROBLEMS, parseHistory } from "../../worker/ingest/history-csv";
import { FUTURE_MESSAGE } from "../../worker/occupancy/reading-window";

const now = Date.UTC(2026, 11, 1, 12, 0);
const options = { timeZone: "America/New_York", now, maxSpanMs: MAX_HISTORY_SPAN_MS };
const parse = (text: string) => parseHistory(text, options);
const utc = (month: number, day: number, hour: number, minute: number) => Date.UTC(2026, month - 1, day, hour, minute);

describe("plain ts,count files", () => {
  it("read ISO-8601 times with a zone and epoch seconds, sorted by time", () => {
    const epoch = utc(5, 15, 21, 5) / 1000;
    const text = `ts,count\n2026-05-15T21:06:00.250Z,40\n${epoch},41\n2026-05-15T17:04:00-04:00,37\n`;
    expect(parse(text)).toEqual({
      readings: [
        { ts: utc(5, 15, 21, 4), count: 37 },
        { ts: utc(5, 15, 21, 5), count: 41 },
        { ts: utc(5, 15, 21, 6) + 250, count: 40 },
      ],
      problems: [],
    });
  });

  it("need no header and tolerate a byte-order mark, Windows line ends and blank lines", () => {
    const text = `\uFEFF${utc(5, 15, 21, 4) / 1000},3\r\n\r\n   \n${utc(5, 15, 21, 5) / 1000},4\r\n\n`;
    expect(parse(text)).toEqual({
      readings: [
        { ts: utc(5, 15, 21, 4), count: 3 },
        { ts: utc(5, 15, 21, 5), count: 4 },
      ],
      problems: [],
    });
  });

  it("keep the last value of a repeated instant, however it is written", () => {
    const text = "ts,count\n2026-05-15T21:04:00Z,1\n2026-05-15T17:04:00-04:00,2\n2026-05-15T21:05:00Z,3\n";
    expect(parse(text).readings).toEqual([
      { ts: utc(5, 15, 21, 4), count: 2 },
      { ts: utc(5, 15, 21, 5), count: 3 },
    ]);
  });

  it("report every bad line by its number and keep reading the rest", () => {
    const text = [
      "ts,count", // 1
      "2026-05-15T21:04:00Z,37", // 2
      "2026-05-15T21:05:00,38", // 3: no zone
      "", // 4
      "2026-05-15T21:06:00Z,many", // 5
      "2026-05-15T21:07:00Z,10001", // 6
      "2026-05-15T21:08:00Z,4,5", // 7
      "1778879100000,12", // 8: milliseconds
      "2026-12-01T12:06:00Z,4", // 9: 6 minutes ahead of now
    ].join("\n");
    const { readings, problems } = parse(text);
    expect(readings).toEqual([{ ts: utc(5, 15, 21, 4), count: 37 }]);
    expect(problems).toEqual([
      { line: 3, message: '"2026-05-15T21:05:00" is not a time: use ISO-8601 with a zone (2026-11-21T22:04:00Z) or epoch seconds.' },
      { line: 5, message: '"many" is not a count: use a whole number from 0 to 10,000.' },
      { line: 6, message: '"10001" is not a count: use a whole number from 0 to 10,000.' },
      { line: 7, message: "Expected 2 columns (ts,count), found 3." },
      { line: 8, message: '"1778879100000" is not a time: use ISO-8601 with a zone (2026-11-21T22:04:00Z) or epoch seconds.' },
      { line: 9, message: FUTURE_MESSAGE },
    ]);
  });

  it("list at most 100 problems, then say how many more there are", () => {
    const text = ["ts,count", ...Array.from({ length: 150 }, () => "yesterday,1")].join("\n");
    const { problems } = parse(text);
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(problems[MAX_PROBLEMS - 1].line).toBe(101);
    expect(problems[MAX_PROBLEMS]).toEqual({ line: 102, message: "…and 50 more problems from line 102 on." });
  });
});

describe("empty files, unknown headers and spans", () => {
  it("report an empty file and a header without readings", () => {
    expect(parse("")).toEqual({ readings: [], problems: [{ line: 1, message: "No readings: the file is empty." }] });
    expect(parse("\uFEFF\n\n")).toEqual({ readings: [], problems: [{ line: 1, message: "No readings: the file is empty." }] });
    expect(parse("timestamp,wifi,ble\n")).toEqual({ readings: [], problems: [{ line: 1, message: "No readings after the header." }] });
  });

  it("refuse a header they do not know", () => {
    expect(parse("when,people\n2026-05-15T21:04:00Z,3\n").problems).toEqual([
      { line: 1, message: 'Unknown header "when,people": use ts,count, or a Paxcounter log (timestamp,wifi,ble or date,time,wifi,bluet).' },
    ]);
  });

  it("refuse readings that span more than a year, naming the lines", () => {
    const text = "ts,count\n2025-01-01T00:00:00Z,1\n2025-06-01T00:00:00Z,2\n2026-01-02T00:00:01Z,3\n";
    expect(parse(text).problems).toEqual([
      { line: 4, message: "The readings from line 2 to line 4 span more than 366 days: import at most that much at a time." },
    ]);
    expect(parseHistory("ts,count\n2026-01-01T00:00:00Z,1\n2026-01-02T00:00:00Z,2\n", { ...options, maxSpanMs: 86_400_000 }).problems).toEqual([]);
  });
});

describe("Paxcounter SD-card logs, current firmware (UTC)", () => {
  it("count wifi + ble", () => {
    const text = "timestamp,wifi,ble\n2026-11-21T22:04:00Z,17,8\n2026-11-21T22:06:00Z,20,9\n";
    expect(parse(text)).toEqual({
      readings: [
        { ts: utc(11, 21, 22, 4), count: 25 },
        { ts: utc(11, 21, 22, 6), count: 29 },
      ],
      problems: [],
    });
  });

  it("skip the voltage and particulate columns of some boards", () => {
    const voltage = "timestamp,wifi,ble,voltage\n2026-11-21T22:04:00Z,17,8,4120\n";
    expect(parse(voltage).readings).toEqual([{ ts: utc(11, 21, 22, 4), count: 25 }]);
    const particulates = "timestamp,wifi,ble,voltage, PM10,PM25\n2026-11-21T22:04:00Z,17,8,4120, 12.3, 4.5\n";
    expect(parse(particulates).readings).toEqual([{ ts: utc(11, 21, 22, 4), count: 25 }]);
  });

  it("read a log without its header and logs joined together", () => {
    expect(parse("2026-11-21T22:04:00Z,17,8\n").readings).toEqual([{ ts: utc(11, 21, 22, 4), count: 25 }]);
    const joined = "timestamp,wifi,ble\n2026-11-21T22:04:00Z,1,1\ntimestamp,wifi,ble\n2026-11-22T22:04:00Z,2,2\n";
    expect(parse(joined)).toEqual({
      readings: [
        { ts: utc(11, 21, 22, 4), count: 2 },
        { ts: utc(11, 22, 22, 4), count: 4 },
      ],
      problems: [],
    });
  });

  it("report bad rows by number", () => {
    const text = "timestamp,wifi,ble\n2026-11-21T22:04:00Z,17\n2026-11-21T22:05:00Z,x,1\n2026-11-21T22:06:00Z,9000,1001\n";
    expect(parse(text).problems).toEqual([
      { line: 2, message: "Expected at least 3 columns (timestamp,wifi,ble), found 2." },
      { line: 3, message: 'wifi and ble must be whole numbers (found "x", "1").' },
      { line: 4, message: "wifi + ble = 10001 is above 10,000." },
    ]);
  });
});

describe("Paxcounter SD-card logs, older firmware (the venue's local time)", () => {
  it("read local times in the venue's zone", () => {
    const text = "date, time, wifi, bluet\n15.05.2026,17:04:00,10,2\n";
    expect(parse(text)).toEqual({ readings: [{ ts: utc(5, 15, 21, 4), count: 12 }], problems: [] });
  });

  it("cross the spring-forward night and report a time the clocks skipped", () => {
    const text = [
      "date, time, wifi, bluet", // 1
      "08.03.2026,01:59:00,5,1", // 2: EST, UTC-5
      "08.03.2026,02:30:00,5,1", // 3: does not exist in New York
      "08.03.2026,03:00:00,6,1", // 4: EDT, UTC-4
    ].join("\n");
    const { readings, problems } = parse(text);
    expect(readings).toEqual([
      { ts: utc(3, 8, 6, 59), count: 6 },
      { ts: utc(3, 8, 7, 0), count: 7 },
    ]);
    expect(problems).toEqual([
      {
        line: 3,
        message: "08.03.2026 02:30:00 did not happen in America/New_York: its clocks skipped that hour. Is the device set to another time zone?",
      },
    ]);
    expect(parse(text.split("\n").filter((_, i) => i !== 2).join("\n")).problems).toEqual([]);
  });

  it("cross the fall-back night keeping both 01:00 hours in log order", () => {
    const text = [
      "date, time, wifi, bluet",
      "01.11.2026,00:59:00,1,0", // EDT
      "01.11.2026,01:00:00,2,0", // first 01:00, EDT
      "01.11.2026,01:59:00,3,0",
      "01.11.2026,01:00:00,4,0", // the clock went back: second 01:00, EST
      "01.11.2026,01:59:00,5,0",
      "01.11.2026,02:00:00,6,0", // EST
    ].join("\n");
    expect(parse(text)).toEqual({
      readings: [
        { ts: utc(11, 1, 4, 59), count: 1 },
        { ts: utc(11, 1, 5, 0), count: 2 },
        { ts: utc(11, 1, 5, 59), count: 3 },
        { ts: utc(11, 1, 6, 0), count: 4 },
        { ts: utc(11, 1, 6, 59), count: 5 },
        { ts: utc(11, 1, 7, 0), count: 6 },
      ],
      problems: [],
    });
  });

  it("take the earlier instant of a repeated time when the log gives nothing to tell them apart", () => {
    expect(parse("01.11.2026,01:30:00,2,0\n").readings).toEqual([{ ts: utc(11, 1, 5, 30), count: 2 }]);
  });

  it("report impossible dates and times by line", () => {
    const text = "date, time, wifi, bluet\n31.02.2026,12:00:00,1,1\n2026-02-01,12:00:00,1,1\n01.02.2026,24:00:00,1,1\n01.02.2026,12:00,1,1\n";
    expect(parse(text).problems).toEqual([
      { line: 2, message: '"31.02.2026" is not a date: the Paxcounter log writes DD.MM.YYYY.' },
      { line: 3, message: '"2026-02-01" is not a date: the Paxcounter log writes DD.MM.YYYY.' },
      { line: 4, message: '"24:00:00" is not a time of day: the Paxcounter log writes HH:MM:SS.' },
      { line: 5, message: '"12:00" is not a time of day: the Paxcounter log writes HH:MM:SS.' },
    ]);
  });

  it("refuse a span over a year before looking up the zone", () => {
    const text = "01.01.1990,12:00:00,1,1\n01.01.2026,12:00:00,1,1\n";
    expect(parse(text)).toEqual({
      readings: [],
      problems: [{ line: 2, message: "The readings from line 1 to line 2 span more than 366 days: import at most that much at a time." }],
    });
  });
});
