// Webhook signatures and address rules (worker/alerts/signature.ts, webhook-url.ts): pure, with
// fixed times.
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "../../worker/alerts/signature";
import { webhookUrlProblem } from "../../worker/alerts/webhook-url";

const T = Date.UTC(2031, 4, 13, 22, 0, 7);
const secret = "whsec_test";
const body = JSON.stringify({ id: 1, type: "near_capacity", place_id: 3, occurred_at: new Date(T).toISOString(), data: { percent: 93 } });

describe("webhook signatures", () => {
  it("signs t.body with HMAC-SHA256 in hex, t in unix seconds", async () => {
    const header = await signWebhook(secret, body, T);
    expect(header).toMatch(/^t=1936476007,v1=[0-9a-f]{64}$/);
    // The same HMAC computed independently.
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`1936476007.${body}`)));
    expect(header.split("v1=")[1]).toBe(Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join(""));
  });

  it("verifies its own signature within the tolerance, and nothing else", async () => {
    const header = await signWebhook(secret, body, T);
    expect(await verifyWebhookSignature(secret, body, header, T + 1000)).toBe(true);
    expect(await verifyWebhookSignature("whsec_other", body, header, T)).toBe(false);
    expect(await verifyWebhookSignature(secret, body.replace("93", "94"), header, T)).toBe(false);
    expect(await verifyWebhookSignature(secret, body, header, T + 301_000)).toBe(false);
    expect(await verifyWebhookSignature(secret, body, header.replace(/t=\d+/, "t=1936476008"), T)).toBe(false);
    expect(await verifyWebhookSignature(secret, body, null, T)).toBe(false);
    expect(await verifyWebhookSignature(secret, body, "v1=abc", T)).toBe(false);
  });

  it("accepts any v1 that matches (several secrets during a rotation)", async () => {
    const header = await signWebhook(secret, body, T);
    const [t, v1] = header.split(",");
    expect(await verifyWebhookSignature(secret, body, `${t},v1=${"0".repeat(64)},${v1}`, T)).toBe(true);
  });
});

describe("webhook addresses", () => {
  const production = { allowLocal: false };
  const local = { allowLocal: true };

  it.each([
    "https://hooks.example.com/third-place",
    "https://93.184.215.14/hook",
    "https://[2606:4700::1111]/hook",
    "https://example.com:443/x?y=1",
    "https://hooks.example.com./x",
  ])("allows %s in production", (url) => {
    expect(webhookUrlProblem(url, production)).toBeNull();
  });

  it.each([
    ["http://hooks.example.com/x", "https://"],
    ["https://localhost/x", "local or internal"],
    ["https://printer.local/x", "local or internal"],
    ["https://metadata.google.internal/x", "local or internal"],
    ["https://intranet/x", "local or internal"],
    ["https://127.0.0.1/x", "loopback"],
    ["https://127.1/x", "loopback"],
    ["https://2130706433/x", "loopback"],
    ["https://0x7f.0.0.1/x", "loopback"],
    ["https://10.1.2.3/x", "private"],
    ["https://172.20.0.1/x", "private"],
    ["https://192.168.1.1/x", "private"],
    ["https://169.254.169.254/latest/meta-data", "link-local"],
    ["https://100.64.0.1/x", "private"],
    ["https://0.0.0.0/x", "loopback"],
    ["https://[::1]/x", "loopback"],
    ["https://[::ffff:127.0.0.1]/x", "loopback"],
    ["https://[fd00::1]/x", "private"],
    ["https://[fe80::1]/x", "link-local"],
    ["https://user:pass@example.com/x", "user name"],
    ["ftp://example.com/x", "https://"],
    ["not a url", "absolute web address"],
  ])("refuses %s in production", (url, words) => {
    expect(webhookUrlProblem(url, production)).toContain(words);
  });

  it.each([
    ["https://localhost../x", "local or internal"],
    ["https://printer.local../x", "local or internal"],
    ["https://[2002:7f00:1::]/x", "reserved"], // 6to4 carrying 127.0.0.1
    ["https://[2002:a9fe:a9fe::]/x", "reserved"], // 6to4 carrying 169.254.169.254
    ["https://[2001::5ef5:79fe:80ff:fffe]/x", "reserved"], // Teredo
    ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x", "reserved"], // Teredo
    ["https://[64:ff9b::7f00:1]/x", "reserved"], // NAT64
    ["https://[::7f00:1]/x", "reserved"], // IPv4-compatible
    ["https://[100::1]/x", "reserved"], // discard
    ["https://[2001:db8::1]/x", "reserved"], // documentation
    ["https://[3fff::1]/x", "reserved"], // documentation
    ["https://[ff02::1]/x", "reserved"], // multicast
    ["https://192.0.2.1/x", "reserved"], // documentation
    ["https://198.51.100.7/x", "reserved"], // documentation
    ["https://203.0.113.9/x", "reserved"], // documentation
    ["https://192.88.99.1/x", "reserved"], // 6to4 relay
    ["https://255.255.255.255/x", "reserved"],
    ["https://example.com:8443/x", "port 443"],
    ["https://example.com:80/x", "port 443"],
    ["https://localhost:8788/x", "port 443"],
  ])("issue 25 item 7 (SSRF filter gaps): refuses %s in production", (url, words) => {
    expect(webhookUrlProblem(url, production)).toContain(words);
  });

  it("allows http://localhost and http://127.0.0.1 only with ALLOW_LOCAL_WEBHOOKS", () => {
    for (const url of ["http://localhost:8788/hook", "http://127.0.0.1:9000/hook"]) {
      expect(webhookUrlProblem(url, local)).toBeNull();
      expect(webhookUrlProblem(url, production)).not.toBeNull();
    }
    expect(webhookUrlProblem("http://192.168.1.1/hook", local)).not.toBeNull();
    expect(webhookUrlProblem("http://example.com/hook", local)).toContain("https://");
  });
});
