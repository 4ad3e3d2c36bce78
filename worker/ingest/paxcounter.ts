// ESP32-Paxcounter's LoRaWAN payloads (github.com/cyberman54/ESP32-Paxcounter), for uplinks that
// arrive without a payload formatter's decoded_payload. Sources read:
// - ports: shared/paxcounter_orig.conf (COUNTERPORT 1, STATUSPORT 2);
// - "packed" encoding, the default (PAYLOAD_ENCODER 2): little-endian unsigned integers,
//   src/payload.cpp (PayloadConvert::uintToBytes) and docs/payloadformat.md;
// - the port-1 layouts, told apart by length: src/TTNv3/packed_decodeUplink.js, the formatter the
//   project ships for The Things Stack v3; the port-2 status layout: the same file and
//   src/payload.cpp (PayloadConvert::addStatus).

/** Counts of Wi-Fi and BLE devices. */
export const COUNTER_PORT = 1;
/** Device status (voltage, uptime, …); we take it as a sign of life. */
export const STATUS_PORT = 2;

export interface PackedCount {
  wifi: number;
  /** Null when the device does not scan BLE (the 2-byte layout). */
  ble: number | null;
  /** wifi + ble, as the project's formatter names it. */
  pax: number;
}

// Byte offsets of wifi and ble in each port-1 layout the project's formatter knows. We read all of
// them rather than "the first 4 bytes" because that would misread three: the openSenseMap layouts
// (10, 12) start with latitude and longitude, and in the 15-byte one bytes 3–4 are latitude, not
// ble. Any other length is refused: counts could sit anywhere in it.
const COUNT_LAYOUTS: ReadonlyMap<number, { wifi: number; ble: number | null }> = new Map([
  [2, { wifi: 0, ble: null }], // wifi
  [4, { wifi: 0, ble: 2 }], // wifi, ble
  [8, { wifi: 0, ble: 2 }], // wifi, ble, PM10, PM2.5 (SDS011)
  [10, { wifi: 8, ble: null }], // latitude, longitude, wifi
  [12, { wifi: 8, ble: 10 }], // latitude, longitude, wifi, ble
  [15, { wifi: 0, ble: null }], // wifi, GPS fix (position, satellites, hdop, altitude)
  [17, { wifi: 0, ble: 2 }], // wifi, ble, GPS fix
]);

const uint16At = (bytes: Uint8Array, offset: number) => bytes[offset] | (bytes[offset + 1] << 8);

/** A port-1 packed payload's counts (07 00 03 00 → wifi 7, ble 3, pax 10); null for an unknown layout. */
export function decodePackedCount(bytes: Uint8Array): PackedCount | null {
  const layout = COUNT_LAYOUTS.get(bytes.length);
  if (!layout) return null;
  const wifi = uint16At(bytes, layout.wifi);
  const ble = layout.ble === null ? null : uint16At(bytes, layout.ble);
  return { wifi, ble, pax: wifi + (ble ?? 0) };
}

const STATUS_LENGTH = 20;
const UPTIME_OFFSET = 2;

/** Seconds since boot from a port-2 packed status (voltage u16, uptime u64, …); null for another length. */
export function decodePackedUptime(bytes: Uint8Array): number | null {
  if (bytes.length !== STATUS_LENGTH) return null;
  return Number(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(UPTIME_OFFSET, true));
}
