// The dashboard's offers (docs/offers.md#the-dashboard): the form checked with the server's
// schema (its sentences on their fields), the live preview of "on now / off now, because …" from
// the server once the form is whole, the list with counts and lift, and the Redeem screen's
// answers (what to give once, then the server's "used", "expired" or "unknown" sentence).
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OwnedOffer } from "../../common/schemas/offers";
import { session } from "../../client/api/session";
import { OffersPanel } from "../../client/pages/dashboard/offers/OffersPanel";
import { RedeemScreen } from "../../client/pages/dashboard/offers/RedeemScreen";
import { EMPTY_OFFER, offerBody, offerProblems } from "../../client/pages/dashboard/offers/offersForm";
import { callsTo, json, makePlace, stubApi } from "./dashboard-fixtures";

const owned: OwnedOffer = {
  id: 4,
  title: "Quiet-hour pints",
  terms: "",
  kind: "percent",
  value: 30,
  days: ["Monday", "Tuesday"],
  from: "15:00",
  to: "18:00",
  starts_on: null,
  ends_on: null,
  daily_cap: 20,
  when: "quiet",
  quiet_below_percent: null,
  audience: "everyone",
  on_now: false,
  why: "Off: only while quiet, and it is Packed now.",
  insight: { seen: 40, claimed: 12, redeemed: 9, lift_hours: 24, lift_percent: 18, lift_low: 5, lift_high: 33, lift_text: "+18% against the forecast (80% range +5% to +33%), over 24 hours" },
};

beforeEach(() => session.store("owner-token", 5));
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe("the offer form", () => {
  it("sends a value only for a percent or a price and a percent only while quiet; the server's sentences per field", () => {
    expect(offerBody({ ...EMPTY_OFFER, kind: "free_item", value: "20", when: "always", quietBelow: "30" })).toMatchObject({ value: null, quiet_below_percent: null });
    expect(offerProblems({ ...EMPTY_OFFER, days: [] })).toEqual({ title: "Give the offer a title.", days: "Days must be day names, Monday to Sunday, at least one." });
    expect(offerProblems({ ...EMPTY_OFFER, title: "Pints", days: ["Monday"], value: "150" })).toEqual({ value: "A percent off is a whole number from 1 to 100." });
    expect(offerProblems({ ...EMPTY_OFFER, title: "Pints", days: ["Monday"] })).toEqual({});
  });
});

describe("OffersPanel", () => {
  it("lists offers with why and their counts and lift; the form previews on/off from the server and creates", async () => {
    const fetchMock = stubApi({
      "GET /api/place/1/offers": { offers: [owned] },
      "POST /api/place/1/offers/preview": { on_now: true, why: "On while quiet: Relaxed now." },
      "POST /api/place/1/offers": () => json({ ...owned, id: 5 }, 201),
    });
    render(<OffersPanel place={makePlace()} />);
    expect(await screen.findByText("Off now, because: Off: only while quiet, and it is Packed now.")).toBeInTheDocument();
    expect(screen.getByText("Seen 40 · claimed 12 · redeemed 9")).toBeInTheDocument();
    expect(screen.getByText("+18% against the forecast (80% range +5% to +33%), over 24 hours")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "New offer" }));
    expect(screen.getByRole("status", { name: "Preview" })).toHaveTextContent("Fill in the form to see whether it would be on now.");
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Slow-hour pints" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Tue" }));
    await waitFor(() => expect(screen.getByRole("status", { name: "Preview" })).toHaveTextContent("On now, because: On while quiet: Relaxed now."));
    fireEvent.click(screen.getByRole("button", { name: "Save offer" }));
    await screen.findByText("Offer saved.");
    const [, init] = callsTo(fetchMock, "POST", "/api/place/1/offers")[0];
    expect(JSON.parse(String(init?.body))).toMatchObject({ title: "Slow-hour pints", days: ["Tuesday"], when: "quiet", value: 20 });
  });
});

describe("RedeemScreen", () => {
  it("says what to give once, then the server's sentence for a used code", async () => {
    let redeemed = false;
    stubApi({
      "POST /api/place/1/redemptions": () => {
        if (redeemed) return json({ error: "This code was used already." }, 409);
        redeemed = true;
        return json({ offer_id: 4, title: "Quiet-hour pints", terms: "Draught only.", redeemed_at: "2031-06-10T19:00:00.000Z" });
      },
    });
    render(<RedeemScreen placeId={1} />);
    const input = screen.getByLabelText("Code");
    fireEvent.change(input, { target: { value: "acdefh" } });
    expect(input).toHaveValue("ACDEFH");
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByText("Redeemed: give Quiet-hour pints. Draught only.")).toBeInTheDocument();
    fireEvent.change(input, { target: { value: "ACDEFH" } });
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This code was used already.");
    // No BarcodeDetector in this browser: no scan button.
    expect(screen.queryByRole("button", { name: "Scan QR code" })).toBeNull();
  });
});
