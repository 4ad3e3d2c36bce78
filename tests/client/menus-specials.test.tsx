// Menus and specials in the browser (docs/menus-and-specials.md): the dashboard's menu editor
// (reorder by keyboard, whole save with ids, the server's sentences), the specials manager (add,
// quiet hours from the forecast, lift), and the profile's words. Fixed instants; a fake API.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ForecastDay } from "../../common/schemas/insights";
import type { MenuAnswer } from "../../common/schemas/menu";
import type { OwnedSpecial, Special } from "../../common/schemas/special";
import { session } from "../../client/api/session";
import { daysText, specialLine } from "../../client/live/specials";
import { MenuEditor } from "../../client/pages/dashboard/MenuEditor";
import { SpecialsPanel } from "../../client/pages/dashboard/SpecialsPanel";
import { quietRuns } from "../../client/pages/dashboard/specialsForm";
import Menu from "../../client/pages/live/Menu";
import SpecialsNow from "../../client/pages/live/SpecialsNow";
import { callsTo, json, makePlace, stubApi } from "./dashboard-fixtures";
import type { PublicPlace } from "../../common/schemas/answers";

// Tuesday 10 June 2031, 18:00 EDT.
const NOW = Date.parse("2031-06-10T22:00:00.000Z");
const NY = "America/New_York";

beforeEach(() => {
  session.store("owner-token", 5);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const menu: MenuAnswer = {
  currency: "USD",
  locale: "en-US",
  sections: [
    {
      id: 1,
      name: "Cocktails",
      items: [
        { id: 2, name: "Margarita", description: "Tequila, lime", price: 12, dietary: ["vegan"], photo_url: null },
        { id: 3, name: "Negroni", description: "", price: 13.5, dietary: [], photo_url: "/api/images/menus/a.jpg" },
      ],
    },
  ],
  kitchen_hours: { until: "23:00" },
  updated_at: "2031-06-01T00:00:00.000Z",
};

const happyHour: Special = {
  id: 7, title: "Happy hour", text: "$6 margaritas", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], from: "17:00", to: "19:00",
  starts_at: null, on_now: true, next_start: "2031-06-11T21:00:00.000Z", ends_at: "2031-06-10T23:00:00.000Z",
};

describe("words for specials", () => {
  it("writes runs of days with a dash and the line a profile shows", () => {
    expect(daysText(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])).toBe("Mon–Fri");
    expect(daysText(["Saturday", "Monday", "Sunday"])).toBe("Mon, Sat, Sun");
    expect(specialLine(happyHour, NY, NOW, "en-US")).toBe("Happy hour now · until 7 PM");
    expect(specialLine({ ...happyHour, on_now: false }, NY, NOW, "en-US")).toBe("Happy hour · Mon–Fri 5 PM–7 PM");
    expect(specialLine({ ...happyHour, days: [], from: null, to: null, on_now: false, next_start: "2031-06-13T00:00:00.000Z" }, NY, NOW, "en-US")).toBe("Happy hour · from Thu 8 PM");
  });
});

describe("quietRuns()", () => {
  const hourAt = (localHour: number, percent: number | null, closed = false) => ({
    start: new Date(Date.UTC(2031, 5, 11, localHour + 4)).toISOString(), percent, low: null, high: null, closed,
  });
  const day: ForecastDay = {
    date: "2031-06-11", weekday: "Wednesday", peak: null,
    hours: [hourAt(12, null, true), hourAt(13, 5), hourAt(14, 8), hourAt(15, 10), hourAt(16, 30), hourAt(17, 12), hourAt(18, 50), hourAt(19, 6), hourAt(20, 7)],
  };

  it("finds runs of 2 or more open hours under half the lively percent, longest then quietest", () => {
    expect(quietRuns([day], 40, NY)).toEqual([
      { weekday: "Wednesday", from: "13:00", to: "16:00", percent: 8 },
      { weekday: "Wednesday", from: "19:00", to: "21:00", percent: 7 },
    ]);
  });
});

describe("MenuEditor", () => {
  it("moves an item with the keyboard, keeping focus on it, and saves the whole menu with its ids", async () => {
    let saved: unknown = null;
    const fetchMock = stubApi({
      "GET /api/places/1/menu": menu,
      "PUT /api/place/1/menu": ({ init }: { init?: RequestInit }) => ((saved = JSON.parse(String(init!.body))), json(menu)),
    });
    render(<MenuEditor placeId={1} />);
    const up = await screen.findByRole("button", { name: "Move Negroni up" });
    up.focus();
    fireEvent.click(up);
    const items = within(screen.getByRole("group", { name: "Cocktails" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Negroni");
    // At the top, "up" is disabled: focus stays with Negroni on its "down" button.
    // The editor moves focus in an effect after the move renders: wait for it, not for a moment.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move Negroni down" })));

    fireEvent.click(screen.getByRole("button", { name: "Save menu" }));
    expect(await screen.findByText("Menu saved.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT", "/api/place/1/menu")).toHaveLength(1);
    expect(saved).toEqual({
      sections: [
        {
          id: 1,
          name: "Cocktails",
          items: [
            { id: 3, name: "Negroni", description: "", price: 13.5, dietary: [] },
            { id: 2, name: "Margarita", description: "Tequila, lime", price: 12, dietary: ["vegan"] },
          ],
        },
      ],
      kitchen_hours: { until: "23:00" },
    });
  });

  it("shows each saved item as one row (name · price · dietary marks) that opens to edit, with Save in a bar that stays in view", async () => {
    let saved: { sections: { items: { name: string }[] }[] } | null = null;
    stubApi({
      "GET /api/places/1/menu": menu,
      "PUT /api/place/1/menu": ({ init }: { init?: RequestInit }) => ((saved = JSON.parse(String(init!.body))), json(menu)),
    });
    render(<MenuEditor placeId={1} />);
    const items = within(await screen.findByRole("group", { name: "Cocktails" })).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".menu-item-summary")?.textContent)).toEqual(["Margarita · 12 · Vegan", "Negroni · 13.5"]);
    expect(screen.queryByLabelText(/Item name/)).not.toBeInTheDocument();
    const edit = screen.getByRole("button", { name: "Edit Margarita" });
    expect(edit).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(edit);
    const name = within(items[0]).getByLabelText(/Item name/);
    fireEvent.change(name, { target: { value: "Paloma" } });
    expect(items[0].querySelector(".menu-item-summary")).toHaveTextContent("Paloma · 12 · Vegan");
    fireEvent.click(screen.getByRole("button", { name: "Done Paloma" }));
    expect(within(items[0]).queryByLabelText(/Item name/)).not.toBeInTheDocument();
    const bar = screen.getByRole("group", { name: "Menu changes" });
    expect(bar).toHaveClass("menu-save-bar");
    fireEvent.click(within(bar).getByRole("button", { name: "Save menu" }));
    expect(await within(bar).findByText("Menu saved.")).toBeInTheDocument();
    expect(saved!.sections[0].items[0].name).toBe("Paloma");
  });

  it("shows the server's sentences for a new item left blank and sends nothing", async () => {
    const fetchMock = stubApi({ "GET /api/places/1/menu": menu });
    render(<MenuEditor placeId={1} />);
    fireEvent.click(await screen.findByRole("button", { name: "Add an item to Cocktails" }));
    fireEvent.click(screen.getByRole("button", { name: "Save menu" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Give the item a name.");
    const newItem = within(screen.getByRole("group", { name: "Cocktails" })).getAllByRole("listitem")[2];
    expect(within(newItem).getByLabelText(/Item name/)).toHaveAccessibleDescription("Give the item a name.");
    expect(within(newItem).getByText("Save the menu to add a photo to this item.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT", "/api/place/1/menu")).toHaveLength(0);
  });
});

describe("SpecialsPanel", () => {
  const owned: OwnedSpecial = { ...happyHour, lift_percent: 18, lift_runs: 8, lift_text: "+18% against usual across 8 runs" };
  const place = makePlace({ id: 1, timezone: NY, lively_threshold: 40, packed_threshold: 100 });

  it("lists specials with their lift, suggests quiet hours, and adds one from a suggestion", async () => {
    let posted: unknown = null;
    const forecastDay: ForecastDay = {
      date: "2031-06-11", weekday: "Wednesday", peak: null,
      hours: [14, 15, 16].map((hour) => ({ start: new Date(Date.UTC(2031, 5, 11, hour + 4)).toISOString(), percent: 5, low: null, high: null, closed: false })),
    };
    const fetchMock = stubApi({
      "GET /api/place/1/specials": { specials: [owned] },
      "GET /api/place/1/forecast": { generated_at: new Date(NOW).toISOString(), timezone: NY, enough_data: true, days: [forecastDay], accuracy: null, accuracy_text: "" },
      "POST /api/place/1/specials": ({ init }: { init?: RequestInit }) => ((posted = JSON.parse(String(init!.body))), json(happyHour, 201)),
    });
    render(<SpecialsPanel place={place} />);
    expect(await screen.findByText("Happy hour now · until 7 PM")).toBeInTheDocument();
    expect(screen.getByText("+18% against usual across 8 runs")).toBeInTheDocument();
    expect(await screen.findByText(/Wednesday 2 PM–5 PM: expected about 5% full/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Use Wednesday 2 PM" }));
    const form = screen.getByRole("form", { name: "Add a special" });
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: "Slow afternoon" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add special" }));
    expect(await screen.findByText("Special added.")).toBeInTheDocument();
    expect(posted).toEqual({ title: "Slow afternoon", text: "", days: ["Wednesday"], from: "14:00", to: "17:00" });
    expect(callsTo(fetchMock, "POST", "/api/place/1/specials")).toHaveLength(1);
  });

  it("says what is missing with the server's sentence and sends nothing", async () => {
    const fetchMock = stubApi({ "GET /api/place/1/specials": { specials: [] }, "GET /api/place/1/forecast": { generated_at: new Date(NOW).toISOString(), timezone: NY, enough_data: false, days: [], accuracy: null, accuracy_text: "" } });
    render(<SpecialsPanel place={place} />);
    const form = await screen.findByRole("form", { name: "Add a special" });
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: "Happy hour" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add special" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Days must be day names, Monday to Sunday, at least one.");
    expect(callsTo(fetchMock, "POST", "/api/place/1/specials")).toHaveLength(0);
  });
});

describe("the profile's specials and menu", () => {
  const publicPlace = { id: 1, timezone: NY } as PublicPlace;

  it("says the special on now and lists the menu with prices in the venue's money", async () => {
    stubApi({ "GET /api/places/1/specials": { specials: [happyHour] }, "GET /api/places/1/menu": { ...menu, currency: "GBP", locale: "en-GB" } });
    render(
      <>
        <SpecialsNow place={publicPlace} />
        <Menu placeId={publicPlace.id} />
      </>,
    );
    expect(await screen.findByText("Happy hour now · until 7 PM")).toBeInTheDocument();
    expect(await screen.findByText("£13.50")).toBeInTheDocument();
    expect(screen.getByText("Food until 11 PM")).toBeInTheDocument();
    expect(screen.getByText("Vegan")).toBeInTheDocument();
    // Wide screens see it open, with the way to fold it.
    expect(screen.getByRole("button", { name: "Hide menu" })).toHaveAttribute("aria-expanded", "true");
  });

  it("on a phone hides the menu behind a visible 'Show menu ▸' that opens it (issue 36 #9)", async () => {
    stubApi({ "GET /api/places/1/menu": menu });
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    render(<Menu placeId={publicPlace.id} />);
    const region = await screen.findByRole("region", { name: "Menu" });
    const toggle = within(region).getByRole("button", { name: "Show menu" });
    expect(toggle).toHaveTextContent("Show menu ▸");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)).not.toBeVisible();
    expect(within(region).getByText("Food until 11 PM")).toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAccessibleName("Hide menu");
    expect(toggle).toHaveTextContent("Hide menu ▾");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(region).getByText("Negroni")).toBeVisible();
  });
});
