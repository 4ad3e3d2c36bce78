// Offers for people going out (docs/offers.md): the profile's section (on now and why, Claim signed
// in, "Sign in to claim" signed out, one sighting a day), the code screen from the claim kept on
// the phone (no network: fetch is never called), its time left, and the words of a line.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { RouterLinks } from "../../client/lib/routerLinks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Claim, Offer } from "../../common/schemas/offers";
import { session } from "../../client/api/session";
import { claimOfOffer, firstSightingToday, keepClaim, timeLeft } from "../../client/offers/claims";
import { valueText, whenLine } from "../../client/offers/offerMessages";
import ClaimScreen from "../../client/pages/claim/ClaimScreen";
import OffersNow from "../../client/pages/live/OffersNow";
import { callsTo, json, stubApi } from "./dashboard-fixtures";

// Tuesday 10 June 2031, 15:00 EDT.
const NOW = Date.UTC(2031, 5, 10, 19, 0);
const offer: Offer = {
  id: 7,
  title: "Half-price pints",
  terms: "Draught only.",
  kind: "percent",
  value: 50,
  days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  from: "14:00",
  to: "18:00",
  starts_on: null,
  ends_on: null,
  daily_cap: 10,
  when: "quiet",
  quiet_below_percent: null,
  audience: "everyone",
  on_now: true,
  why: "On while quiet: Relaxed now.",
};
const claim: Claim = { code: "ACDEFH", expires_at: new Date(NOW + 30 * 60_000).toISOString(), qr_svg: "<svg/>" };
const place = { id: 3, name: "The Stoop", slug: "the-stoop" };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/profile/:slug", element: <RouterLinks><OffersNow place={place} /></RouterLinks> },
      { path: "/claim/:offerId", element: <ClaimScreen /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear();
});

describe("the claims kept on the phone", () => {
  it("keeps one claim per offer, drops expired ones, and says the time left", () => {
    keepClaim(localStorage, offer, "The Stoop", claim, NOW);
    keepClaim(localStorage, { ...offer, id: 8 }, "The Stoop", { ...claim, expires_at: new Date(NOW - 1).toISOString() }, NOW - 60_000);
    keepClaim(localStorage, { ...offer, id: 9 }, "The Stoop", claim, NOW);
    expect(claimOfOffer(localStorage, 7)).toMatchObject({ code: "ACDEFH", title: "Half-price pints", placeName: "The Stoop" });
    expect(claimOfOffer(localStorage, 8)).toBeNull();
    expect(timeLeft(claim.expires_at, NOW + 65_000)).toBe("28:55");
    expect(timeLeft(claim.expires_at, NOW + 30 * 60_000)).toBeNull();
  });

  it("counts a sighting once a day per offer", () => {
    expect(firstSightingToday(localStorage, 7, "Tue Jun 10 2031")).toBe(true);
    expect(firstSightingToday(localStorage, 7, "Tue Jun 10 2031")).toBe(false);
    expect(firstSightingToday(localStorage, 7, "Wed Jun 11 2031")).toBe(true);
  });

  it("words a line", () => {
    expect(valueText(offer, "USD", "en-US")).toBe("50% off");
    // In the venue's currency, written the visitor's way; an answer kept from before currencies has the number alone.
    expect(valueText({ kind: "price", value: 5 }, "USD", "en-US")).toBe("Only $5.00");
    expect(valueText({ kind: "price", value: 4.5 }, "EUR", "en-US")).toBe("Only €4.50");
    expect(valueText({ kind: "price", value: 5 }, undefined, "en-US")).toBe("Only 5");
    expect(valueText({ kind: "other", value: null }, "USD", "en-US")).toBeNull();
    expect(whenLine(offer, "en-US")).toBe("Mon–Fri 2 PM–6 PM · only while quiet");
  });
});

describe("the profile's offers and the code screen", () => {
  it("signed in: Claim keeps the code and opens the code screen, with the QR and the time left", async () => {
    session.store("account-token", 5);
    const fetchMock = stubApi({
      "GET /api/places/3/offers": { offers: [offer, { ...offer, id: 8, title: "Free fries", kind: "free_item", value: null, on_now: false, why: "Off: only while quiet, and it is Packed now." }] },
      "POST /api/offers/7/seen": { ok: true },
      "POST /api/offers/7/claims": () => json(claim, 201),
    });
    const router = renderAt("/profile/the-stoop");
    expect(await screen.findByText("On while quiet: Relaxed now.")).toBeInTheDocument();
    expect(screen.getByText("Off: only while quiet, and it is Packed now.")).toBeInTheDocument();
    // Only the offer on now has a Claim button.
    expect(screen.getAllByRole("button", { name: "Claim" })).toHaveLength(1);
    // Counted by the plain island inside the offers (client/offers/offersSeen.ts), only the offer on now.
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/offers/7/seen")).toHaveLength(1));
    expect(callsTo(fetchMock, "POST", "/api/offers/8/seen")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Claim" }));
    expect(await screen.findByText("ACDEFH")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/claim/7");
    expect(screen.getByRole("img", { name: "QR code of the code ACDEFH" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Valid for 30:00");
  });

  it("signed out: a link to sign in and come back", async () => {
    stubApi({ "GET /api/places/3/offers": { offers: [offer] }, "POST /api/offers/7/seen": { ok: true } });
    renderAt("/profile/the-stoop");
    expect(await screen.findByRole("link", { name: "Sign in to claim" })).toHaveAttribute("href", "/signin?next=%2Fprofile%2Fthe-stoop");
  });

  it("shows a kept code with no network at all, and says when it has expired", () => {
    const fetchMock = stubApi({});
    keepClaim(localStorage, offer, "The Stoop", claim, NOW);
    renderAt("/claim/7");
    expect(screen.getByText("ACDEFH")).toBeInTheDocument();
    expect(screen.getByText("Half-price pints")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an expired code says so", () => {
    keepClaim(localStorage, offer, "The Stoop", claim, NOW);
    vi.setSystemTime(NOW + 31 * 60_000);
    renderAt("/claim/7");
    expect(screen.getByRole("status")).toHaveTextContent("This code has expired.");
  });
});
