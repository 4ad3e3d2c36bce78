// The Things Stack v3 uplinks and Paxcounter payloads, read without routes or storage.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { decodePackedCount, decodePackedUptime } from "../../worker/ingest/paxcounter";
import { DEV_EUI_MESSAGE, END_DEVICE_IDS_MESSAGE, readUplink, ttnUplinkSchema } from "../../worker/ingest/ttn-uplink";
import { docsExample, networkTime } from "./ttn-fixtures";

const now = Date.UTC(2026, 4, 15, 21, 0);

function read(body: unknown) {
  return readUplink(v.parse(ttnUplinkSchema, body), now);
}

describe("The Things Stack uplinks", () => {
  it("reads the documentation's example with a decoded Paxcounter payload as a count of 10", () => {
    expect(read(docsExample())).toEqual({
      kind: "count",
      devEui: "0004A30B001C0530",
      ts: networkTime,
      count: 10,
      fCnt: 1,
      rssi: -35,
      replayKey: `0004A30B001C0530:1:${networkTime}`,
    });
  });

  it("decodes the raw packed payload itself when there is no payload formatter", () => {
    const body = docsExample();
    delete body.uplink_message.decoded_payload;
    expect(read(body)).toMatchObject({ kind: "count", count: 10 });
  });

  it("prefers decoded pax, then wifi + ble, then the raw bytes", () => {
    const body = docsExample();
    body.uplink_message.decoded_payload = { pax: 12, wifi: 1, ble: 1 };
    expect(read(body)).toMatchObject({ count: 12 });
    body.uplink_message.decoded_payload = { wifi: 5, ble: 4 };
    expect(read(body)).toMatchObject({ count: 9 });
    body.uplink_message.decoded_payload = { wifi: 5 };
    expect(read(body)).toMatchObject({ count: 5 });
    // A formatter's output we cannot trust falls back to the bytes (07 00 03 00).
    body.uplink_message.decoded_payload = { pax: "12", wifi: -1, ble: 2 };
    expect(read(body)).toMatchObject({ count: 10 });
  });

  it("reads nanosecond timestamps to the millisecond and falls back to the message's, then now", () => {
    const body = docsExample();
    delete body.uplink_message.received_at;
    expect(read(body)).toMatchObject({ ts: Date.UTC(2020, 1, 12, 15, 15, 46, 14) });
    delete body.received_at;
    expect(read(body)).toMatchObject({ ts: now });
  });

  it("takes an omitted f_cnt as 0 (The Things Stack leaves out zeros) in the replay key", () => {
    const body = docsExample();
    delete body.uplink_message.f_cnt;
    expect(read(body)).toMatchObject({ fCnt: 0, replayKey: `0004A30B001C0530:0:${networkTime}` });
  });

  it("gives the same replay key to a resent uplink and another to the next frame", () => {
    const first = read(docsExample());
    const again = read(docsExample());
    const next = docsExample();
    next.uplink_message.f_cnt = 2;
    expect(again).toEqual(first);
    expect(read(next)).not.toMatchObject({ replayKey: (first as { replayKey: string }).replayKey });
  });

  it("keeps the strongest gateway's RSSI, using channel_rssi where rssi is left out", () => {
    const body = docsExample();
    body.uplink_message.rx_metadata = [{ rssi: -110 }, { channel_rssi: -97 }, { snr: 3 }];
    expect(read(body)).toMatchObject({ rssi: -97 });
    body.uplink_message.rx_metadata = [];
    expect(read(body)).toMatchObject({ rssi: null });
  });

  it("takes port 2 (device status) as a heartbeat, with the uptime of a packed status", () => {
    const body = docsExample();
    body.uplink_message.f_port = 2;
    delete body.uplink_message.decoded_payload;
    // 04 10 | uptime 86,400 s (u64 LE) | 41 °C | memory, reset reason, restarts
    body.uplink_message.frm_payload = "BBCAUQEAAAAAACkAAAAAAAAAAAA=";
    expect(read(body)).toEqual({ kind: "heartbeat", devEui: "0004A30B001C0530", ts: networkTime, rssi: -35, uptimeS: 86_400 });
    body.uplink_message.decoded_payload = { uptime: 120 };
    expect(read(body)).toMatchObject({ kind: "heartbeat", uptimeS: 120 });
    body.uplink_message.frm_payload = "AQID";
    delete body.uplink_message.decoded_payload;
    expect(read(body)).toMatchObject({ kind: "heartbeat", uptimeS: null });
  });

  it("acknowledges and ignores other ports, port 0 (f_port left out) and simulated uplinks", () => {
    const config = docsExample();
    config.uplink_message.f_port = 3;
    expect(read(config)).toEqual({ kind: "ignored", devEui: "0004A30B001C0530", reason: "Port 3 carries no count." });
    const noPort = docsExample();
    delete noPort.uplink_message.f_port;
    expect(read(noPort)).toMatchObject({ kind: "ignored", reason: "Port 0 carries no count." });
    const simulated = { ...docsExample(), simulated: true };
    expect(read(simulated)).toMatchObject({ kind: "ignored", reason: expect.stringMatching(/simulated/) });
  });

  it("ignores a count it cannot find or one above 10,000", () => {
    const unknownLayout = docsExample();
    delete unknownLayout.uplink_message.decoded_payload;
    unknownLayout.uplink_message.frm_payload = "AQID";
    expect(read(unknownLayout)).toMatchObject({ kind: "ignored", reason: expect.stringMatching(/No count/) });
    const huge = docsExample();
    delete huge.uplink_message.decoded_payload;
    huge.uplink_message.frm_payload = "/////w=="; // 65,535 + 65,535
    expect(read(huge)).toMatchObject({ kind: "ignored", reason: "A count of 131070 is above 10,000." });
  });

  it("normalises the DevEUI to upper case", () => {
    const body = docsExample();
    body.end_device_ids.dev_eui = "0004a30b001c0530";
    expect(read(body)).toMatchObject({ devEui: "0004A30B001C0530" });
  });

  it("refuses a body without a DevEUI, with a bad one or with bad base64", () => {
    const messages = (body: unknown) => {
      const result = v.safeParse(ttnUplinkSchema, body);
      return result.success ? [] : result.issues.map((issue) => issue.message);
    };
    const noEui = docsExample();
    delete noEui.end_device_ids.dev_eui;
    expect(messages(noEui)).toContain(END_DEVICE_IDS_MESSAGE);
    const noApplication = docsExample();
    delete noApplication.end_device_ids.application_ids;
    expect(messages(noApplication)).toContain(END_DEVICE_IDS_MESSAGE);
    const shortEui = docsExample();
    shortEui.end_device_ids.dev_eui = "0004A30B001C05";
    expect(messages(shortEui)).toContain(DEV_EUI_MESSAGE);
    const badBase64 = docsExample();
    badBase64.uplink_message.frm_payload = "BwA*AA==";
    expect(messages(badBase64)).toContain("frm_payload must be base64.");
    expect(messages({ end_device_ids: { dev_eui: "0004A30B001C0530" } }).length).toBeGreaterThan(0);
    expect(messages("uplink")).toHaveLength(1);
  });

  it("acknowledges an uplink whose empty payload The Things Stack left out, as holding no count", () => {
    const noPayload = docsExample();
    delete noPayload.uplink_message.frm_payload;
    delete noPayload.uplink_message.decoded_payload;
    expect(readUplink(v.parse(ttnUplinkSchema, noPayload), now)).toMatchObject({ kind: "ignored" });
  });

  it("accepts the minimal body: a DevEUI, its application and a payload", () => {
    const body = { end_device_ids: { dev_eui: "70B3D57ED005B89A", application_ids: { application_id: "app1" } }, uplink_message: { f_port: 1, frm_payload: "KgE=" } };
    expect(read(body)).toEqual({
      kind: "count",
      devEui: "70B3D57ED005B89A",
      ts: now,
      count: 298,
      fCnt: 0,
      rssi: null,
      replayKey: `70B3D57ED005B89A:0:${now}`,
    });
  });
});

describe("Paxcounter packed counts", () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);

  it("reads wifi alone (2 bytes) and wifi + ble (4 bytes), little-endian", () => {
    expect(decodePackedCount(bytes(0x2a, 0x01))).toEqual({ wifi: 298, ble: null, pax: 298 });
    expect(decodePackedCount(bytes(7, 0, 3, 0))).toEqual({ wifi: 7, ble: 3, pax: 10 });
  });

  it("reads the counts of the formatter's longer layouts where they sit", () => {
    // wifi, ble, PM10, PM2.5
    expect(decodePackedCount(bytes(7, 0, 3, 0, 9, 9, 9, 9))).toMatchObject({ pax: 10 });
    // latitude, longitude, then wifi and ble
    expect(decodePackedCount(bytes(1, 1, 1, 1, 2, 2, 2, 2, 7, 0, 3, 0))).toEqual({ wifi: 7, ble: 3, pax: 10 });
    // wifi, then a 13-byte GPS fix whose first bytes must not be read as ble
    expect(decodePackedCount(bytes(7, 0, ...new Array(13).fill(0xee)))).toEqual({ wifi: 7, ble: null, pax: 7 });
    expect(decodePackedCount(bytes(7, 0, 3, 0, ...new Array(13).fill(0xee)))).toMatchObject({ pax: 10 });
  });

  it("refuses lengths no layout has", () => {
    for (const length of [0, 1, 3, 5, 6, 9, 18]) expect(decodePackedCount(new Uint8Array(length))).toBeNull();
  });

  it("reads the uptime of a 20-byte status only", () => {
    const status = new Uint8Array(20);
    status[2] = 0x10;
    status[3] = 0x0e; // 3,600 s
    expect(decodePackedUptime(status)).toBe(3600);
    expect(decodePackedUptime(new Uint8Array(19))).toBeNull();
  });
});
