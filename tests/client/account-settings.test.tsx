// The consumer app's settings (/app/settings, docs/accounts.md#settings-for-people): the form's logic
// (a home area found by name or street, tags as chips, zones grouped), and the form sending PATCH /api/me.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { MeAnswer } from "../../common/schemas/answers";
import { HANDLE_MESSAGE, HANDLE_TAKEN_MESSAGE } from "../../common/schemas/profile";
import { homeOf } from "../../client/pages/auth/authForm";
import { ProfileForm } from "../../client/pages/app/Settings";
import { PasskeysSection } from "../../client/pages/app/Passkeys";
import { fieldsOf, homeFromPosition, isOnlyWayIn, placeMatches, settingsPatch, tagChoices, timeZoneGroups, toggleTag } from "../../client/pages/app/settingsForm";
import type { PasskeyAnswer, PasskeysAnswer } from "../../common/schemas/passkeys";
import { callsTo, json, stubApi } from "./dashboard-fixtures";

const maya: MeAnswer = {
  id: 4,
  email: "maya@example.com",
  name: "Maya Lopez",
  role: "owner",
  places: [],
  handle: "maya",
  home: null,
  preferences: { categories: ["wine-bar"], tags: ["Jazz"], level: "Lively" },
  time_zone: "UTC",
  quiet_hours: { from: "00:00", to: "09:00" },
  neighbourhood: null,
  share_likes: false,
};

describe("settings form logic", () => {
  it("fills the fields from GET /api/me, taking the browser's zone while the account has the default", () => {
    const fields = fieldsOf(maya, "Europe/Berlin");
    expect(fields).toMatchObject({ handle: "maya", home: null, tags: ["Jazz"], level: "Lively", timeZone: "Europe/Berlin", quietOn: true });
    expect(fieldsOf({ ...maya, time_zone: "America/Chicago" }, "Europe/Berlin").timeZone).toBe("America/Chicago");
  });

  it("builds the PATCH body as before: tags a list, no home area null, quiet hours off null", () => {
    const result = settingsPatch({ ...fieldsOf(maya, "Europe/Berlin"), tags: toggleTag(["Jazz"], "Trivia"), quietOn: false });
    expect(result).toEqual({
      patch: {
        name: "Maya Lopez",
        handle: "maya",
        home: null,
        preferences: { categories: ["wine-bar"], tags: ["Jazz", "Trivia"], level: "Lively" },
        neighbourhood: "",
        share_likes: false,
        time_zone: "Europe/Berlin",
        quiet_hours: null,
      },
    });
  });

  it("says what is wrong per field, with the server's sentences", () => {
    const result = settingsPatch({ ...fieldsOf(maya, "UTC"), handle: "a!", home: { lat: 95, lng: 0 }, timeZone: "Nowhere/Else" });
    expect(result).toEqual({ errors: expect.objectContaining({ handle: HANDLE_MESSAGE, time_zone: expect.any(String), home: expect.any(String) }) });
  });

  it("rounds a home area to 3 decimals, from the phone or a picked place", () => {
    expect(homeFromPosition(40.7234567, -73.9876543)).toEqual({ lat: 40.723, lng: -73.988 });
  });

  it("finds places by name or street, every word, names starting with it first, none without a position", () => {
    const places = [
      { id: 1, name: "The Copper Lantern", address: "101 Avenue A", latitude: 40.72, longitude: -73.98 },
      { id: 2, name: "Avenue Social", address: "9 Bowery", latitude: 40.71, longitude: -73.99 },
      { id: 3, name: "Bowery Wine Cellar", address: "12 Avenue A", latitude: 40.73, longitude: -73.98 },
      { id: 4, name: "Nowhere Bar", address: "1 Avenue A", latitude: null, longitude: null },
    ];
    expect(placeMatches("copper", places).map((place) => place.id)).toEqual([1]);
    expect(placeMatches("avenue", places).map((place) => place.id)).toEqual([2, 3, 1]);
    expect(placeMatches("avenue a wine", places).map((place) => place.id)).toEqual([3]);
    expect(placeMatches("BOWERY", places).map((place) => place.id)).toEqual([3, 2]);
    expect(placeMatches("a", places)).toEqual([]);
    expect(placeMatches("avenue", places, 1)).toHaveLength(1);
  });

  it("offers every known tag as a chip, and those the account follows that are gone; toggles ignoring case", () => {
    expect(tagChoices(["Jazz", "Trivia"], ["jazz", "Karaoke"])).toEqual(["Jazz", "Trivia", "Karaoke"]);
    expect(toggleTag(["jazz", "Trivia"], "Jazz")).toEqual(["Trivia"]);
    expect(toggleTag(["Trivia"], "Jazz")).toEqual(["Trivia", "Jazz"]);
  });

  it("groups the time zones by region, readable, with zones without a region last and the current one kept", () => {
    const groups = timeZoneGroups(["Europe/Berlin", "America/New_York", "UTC", "America/Argentina/Buenos_Aires"], "Asia/Calcutta", "Other");
    expect(groups).toEqual([
      { region: "America", zones: [{ value: "America/Argentina/Buenos_Aires", label: "Argentina – Buenos Aires" }, { value: "America/New_York", label: "New York" }] },
      { region: "Asia", zones: [{ value: "Asia/Calcutta", label: "Calcutta" }] },
      { region: "Europe", zones: [{ value: "Europe/Berlin", label: "Berlin" }] },
      { region: "Other", zones: [{ value: "UTC", label: "UTC" }] },
    ]);
    expect(timeZoneGroups(["Europe/Berlin"], "Europe/Berlin", "Other")).toHaveLength(1);
  });

  it("sends accounts with places to the dashboard and the rest to /app", () => {
    expect(homeOf([])).toBe("/app");
    expect(homeOf([{ id: 1, name: "Zinc" }])).toBe("/dashboard");
  });
});

describe("<ProfileForm>", () => {
  const copper = { id: 1, slug: "the-copper-lantern", name: "The Copper Lantern", address: "101 Avenue A", latitude: 40.72345, longitude: -73.98765 };
  /** The form's reads (known tags, the places to search, the nearest place) and PATCH /api/me answering what it kept. */
  const formApi = (patch: (body: Record<string, unknown>) => Response = (body) => json({ ...maya, ...body })) =>
    stubApi({
      "GET /api/tags": { tags: [{ id: 1, name: "Jazz" }, { id: 2, name: "Trivia" }] },
      "GET /api/live": { places: [copper], generated_at: "" },
      "GET /api/places/suggestions": { at: "", forecast: false, generated_at: "", places: [] },
      "PATCH /api/me": ({ init }: { init?: RequestInit }) => patch(JSON.parse(String(init?.body))),
    });
  const patchBody = (fetchMock: ReturnType<typeof stubApi>) => JSON.parse(String(callsTo(fetchMock, "PATCH", "/api/me")[0]![1]?.body));

  it("saves a new handle and shows what the server kept", async () => {
    localStorage.setItem("access_token", "token");
    const fetchMock = formApi((body) => json({ ...maya, ...body, handle: "maya_out" }));
    const onSaved = vi.fn();
    render(<ProfileForm me={maya} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "@Maya_Out" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Saved.");
    expect(patchBody(fetchMock)).toMatchObject({ handle: "@Maya_Out", preferences: { level: "Lively" } });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ handle: "maya_out" }));
    expect(screen.getByLabelText("Handle")).toHaveValue("maya_out");
  });

  it("sets the home area by a place's name, tags by chips and the zone from a list: the same PATCH body", async () => {
    localStorage.setItem("access_token", "token");
    const fetchMock = formApi();
    render(<ProfileForm me={{ ...maya, time_zone: "America/New_York" }} onSaved={vi.fn()} />);
    expect(screen.getByText("Not set: Near me starts from the city centre.")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Latitude|Longitude/)).toBeNull();
    fireEvent.change(screen.getByLabelText("Find a place or street"), { target: { value: "avenue a" } });
    fireEvent.click(await screen.findByRole("button", { name: "Set home area near The Copper Lantern" }));
    expect(screen.getByText("Near The Copper Lantern")).toBeInTheDocument();

    const jazz = await screen.findByRole("button", { name: "Jazz" });
    expect(jazz).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(jazz);
    fireEvent.click(screen.getByRole("button", { name: "Trivia" }));
    expect(screen.getByRole("button", { name: "Trivia" })).toHaveAttribute("aria-pressed", "true");

    const zone = screen.getByRole("combobox", { name: "Time zone" });
    expect(zone).toHaveValue("America/New_York");
    fireEvent.change(zone, { target: { value: "Europe/Berlin" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("status");
    expect(patchBody(fetchMock)).toMatchObject({
      home: { lat: 40.723, lng: -73.988 },
      preferences: { categories: ["wine-bar"], tags: ["Trivia"], level: "Lively" },
      time_zone: "Europe/Berlin",
    });
  });

  it("names a saved home area by the nearest place we know, and clears it", async () => {
    localStorage.setItem("access_token", "token");
    const fetchMock = formApi();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/places/suggestions") return json({ at: "", forecast: false, generated_at: "", places: [{ ...copper, distance_m: 120 }] });
      if (init?.method === "PATCH") return json({ ...maya, ...JSON.parse(String(init.body)) });
      return json(url.pathname === "/api/tags" ? { tags: [] } : { places: [], generated_at: "" });
    });
    render(<ProfileForm me={{ ...maya, home: { lat: 40.723, lng: -73.988 } }} onSaved={vi.fn()} />);
    expect(await screen.findByText("Near The Copper Lantern")).toBeInTheDocument();
    const query = new URL(String(callsTo(fetchMock, "GET", "/api/places/suggestions")[0]![0]), "http://localhost").searchParams;
    expect(Object.fromEntries(query)).toEqual({ lat: "40.723", lng: "-73.988", radius_m: "1000", limit: "1" });
    fireEvent.click(screen.getByRole("button", { name: "Clear home area" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("status");
    expect(patchBody(fetchMock).home).toBeNull();
  });

  it("shows a taken handle's sentence and keeps what was typed", async () => {
    localStorage.setItem("access_token", "token");
    formApi(() => json({ error: HANDLE_TAKEN_MESSAGE }, 409));
    render(<ProfileForm me={maya} onSaved={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "taken_one" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(HANDLE_TAKEN_MESSAGE);
    expect(screen.getByLabelText("Handle")).toHaveValue("taken_one");
  });

  it("sends nothing while a field is invalid", async () => {
    const fetchMock = formApi();
    render(<ProfileForm me={maya} onSaved={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "no spaces please" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByText(HANDLE_MESSAGE)).toBeInTheDocument());
    expect(callsTo(fetchMock, "PATCH", "/api/me")).toHaveLength(0);
  });
});

describe("<PasskeysSection>", () => {
  const phone: PasskeyAnswer = { id: 7, name: "Passkey on Chrome, added 25 Nov", created_at: "2025-11-25T20:00:00.000Z", last_used_at: null };
  const laptop: PasskeyAnswer = { id: 8, name: "Laptop", created_at: "2025-11-26T20:00:00.000Z", last_used_at: "2025-11-27T20:00:00.000Z" };

  it("knows the last way in: one passkey and no password", () => {
    expect(isOnlyWayIn({ passkeys: [phone], has_password: false })).toBe(true);
    expect(isOnlyWayIn({ passkeys: [phone], has_password: true })).toBe(false);
    expect(isOnlyWayIn({ passkeys: [phone, laptop], has_password: false })).toBe(false);
  });

  it("offers no Remove for the only way to sign in", () => {
    render(<PasskeysSection passkeys={{ passkeys: [phone], has_password: false }} onChange={vi.fn()} />);
    expect(screen.getByText("Passkey on Chrome, added 25 Nov")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Remove/ })).toBeNull();
    expect(screen.getByText(/Your only way to sign in/)).toBeInTheDocument();
  });

  it("renames a passkey, and removes one after confirming it's you, through the API", async () => {
    localStorage.setItem("access_token", "token");
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "PATCH" ? json({ ...laptop, name: "Work laptop" }) : json({ ok: true }),
    );
    vi.stubGlobal("fetch", fetchMock);
    let current: PasskeysAnswer = { passkeys: [phone, laptop], has_password: true };
    const onChange = vi.fn((next: PasskeysAnswer) => {
      current = next;
    });
    const { rerender } = render(<PasskeysSection passkeys={current} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Rename Laptop" }));
    fireEvent.change(screen.getByLabelText("Name for this passkey"), { target: { value: "Work laptop" } });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Renamed.");
    expect(fetchMock.mock.calls[0][0]).toBe("/api/me/passkeys/8");
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ name: "Work laptop" });
    rerender(<PasskeysSection passkeys={current} onChange={onChange} />);
    expect(screen.getByText("Work laptop")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: `Remove ${phone.name}` }));
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    // Removing needs "Confirm it's you" first (docs/accounts.md#fresh-proof): nothing is removed before.
    fireEvent.change(await screen.findByLabelText("Your password"), { target: { value: "my password" } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(current.passkeys.map((p) => p.id)).toEqual([8]));
    expect(fetchMock.mock.calls[1][0]).toBe("/api/me/reauth");
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ password: "my password" });
    expect(fetchMock.mock.calls[2][0]).toBe("/api/me/passkeys/7");
    expect(fetchMock.mock.calls[2][1]?.method).toBe("DELETE");
  });
});
