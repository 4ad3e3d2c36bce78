// The Things Stack uplinks shared by the reading tests and the webhook tests.

/**
 * The uplink example of The Things Stack's "Data Formats" page, its payload swapped for a
 * Paxcounter count on port 1: bytes 07 00 03 00 and what the project's formatter makes of them.
 */
export function docsExample(): Record<string, any> {
  return {
    end_device_ids: {
      device_id: "dev1",
      application_ids: { application_id: "app1" },
      dev_eui: "0004A30B001C0530",
      join_eui: "800000000000000C",
      dev_addr: "00BCB929",
    },
    correlation_ids: [
      "as:up:01E0WZGT6Y7657CPFPE5WEYDSQ",
      "gs:conn:01E0WDEC6T5T4XXBAX7S1VMFKE",
      "gs:uplink:01E0WZGSZWT07NE5TS2APTV1Z9",
      "ns:uplink:01E0WZGSZXZXZS8RFAWZX0F2FY",
      "rpc:/ttn.lorawan.v3.GsNs/HandleUplink:01E0WZGSZXGE1KS577PFBWRJEE",
    ],
    received_at: "2020-02-12T15:15:46.014773143Z",
    uplink_message: {
      session_key_id: "AXA50tHUGUucuzS/bCGMNw==",
      f_port: 1,
      f_cnt: 1,
      frm_payload: "BwADAA==",
      decoded_payload: { wifi: 7, ble: 3, pax: 10, port: 1, bytes: [7, 0, 3, 0] },
      rx_metadata: [
        {
          gateway_ids: { gateway_id: "gtw1", eui: "9C5C8E00001A05C4" },
          time: "2020-02-12T15:15:45.787Z",
          timestamp: 2463457000,
          rssi: -35,
          channel_rssi: -35,
          snr: 5,
          uplink_token: "ChIKEAoEZ3R3MRIInFyOAAAaBcQQ6L3Vlgk=",
          channel_index: 2,
        },
      ],
      settings: {
        data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } },
        data_rate_index: 5,
        coding_rate: "4/6",
        frequency: "868300000",
        timestamp: 2463457000,
        time: "2020-02-12T15:15:45.787Z",
      },
      consumed_airtime: "0.056576s",
      received_at: "2020-02-12T15:15:45.789585559Z",
    },
  };
}

/** Its uplink_message.received_at, in epoch ms (the reading's time). */
export const networkTime = Date.UTC(2020, 1, 12, 15, 15, 45, 789);
