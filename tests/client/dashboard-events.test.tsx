import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EventsManager } from "../../client/pages/dashboard/events/EventsManager";
import { callsTo, json, makeEvent, makePlace, stubApi } from "./dashboard-fixtures";

const place = makePlace();
const trivia = makeEvent({ photo_url: "/api/images/events/trivia.png" });
const quiz = makeEvent({ id: 12, name: "Quiz Brunch", photo_url: null, place_name: null });
const categories = [
  { id: 2, name: "Trivia", description: "" },
  { id: 3, name: "Live Music", description: "Bands and DJs" },
];

function eventsApi(overrides: Record<string, unknown> = {}) {
  return stubApi({
    "GET /api/business/1/events": { events: [trivia, quiz] },
    "GET /api/events/11": trivia,
    "GET /api/get-places-owned": [place],
    "GET /api/event-categories": { categories },
    "GET /api/place/1/event-insights": { generated_at: "2026-05-05T16:00:00.000Z", window_days: 365, occurrences: [], categories: [] },
    ...overrides,
  });
}

const formBody = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  callsTo(fetchMock, method, path)[0][1]?.body as FormData;

describe("Events manager: All Events", () => {
  it("shows a card per event with its photo or the default image, name, place and start time", async () => {
    eventsApi();
    render(<EventsManager placeId={1} />);
    const cards = await screen.findAllByRole("button", { name: /Trivia Night|Quiz Brunch/ });
    expect(cards).toHaveLength(2);
    expect(cards[0].querySelector("img")).toHaveAttribute("src", trivia.photo_url);
    expect(cards[1].querySelector("img")?.getAttribute("src")).toMatch(/default-event|^data:image\/svg/);
    expect(cards[0]).toHaveTextContent("The Copper Lantern");
    expect(cards[1]).toHaveTextContent("Unknown Place");
    expect(cards[0].querySelector("time")).toHaveAttribute("datetime", trivia.start_time);
  });

  it("says 'Failed to fetch events.' when the list is refused", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    eventsApi({ "GET /api/business/1/events": () => json({ error: "down" }, 500) });
    render(<EventsManager placeId={1} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch events.");
  });

  it("says 'An unexpected error occurred.' when the network fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    eventsApi({ "GET /api/business/1/events": () => Promise.reject(new TypeError("offline")) });
    render(<EventsManager placeId={1} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("An unexpected error occurred.");
  });

  it("lists every event through /api/events when there is no place", async () => {
    const fetchMock = stubApi({ "GET /api/events": { events: [quiz] } });
    render(<EventsManager placeId={null} />);
    expect(await screen.findByRole("button", { name: /Quiz Brunch/ })).toBeInTheDocument();
    expect(callsTo(fetchMock, "GET", "/api/events")).toHaveLength(1);
  });
});

describe("Events manager: Add Event", () => {
  const openAdd = async () => {
    render(<EventsManager placeId={1} />);
    fireEvent.click(screen.getByRole("tab", { name: "Add Event" }));
    await screen.findByRole("option", { name: "Live Music" });
  };

  it("requires place, name, start time and category and sends nothing until they are given", async () => {
    const fetchMock = eventsApi();
    await openAdd();
    expect(screen.getByLabelText(/^Place/)).toHaveValue("1");
    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Event" }));
    expect(await screen.findByText("Event name is required.")).toBeInTheDocument();
    expect(screen.getByText("Start time is required.")).toBeInTheDocument();
    expect(screen.getByText("Category is required.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Event name/)).toHaveAttribute("aria-invalid", "true");
    expect(callsTo(fetchMock, "POST", "/api/create_user_event")).toHaveLength(0);
  });

  it("creates a recurring event with an image, alerts and returns to the reloaded list", async () => {
    const fetchMock = eventsApi({ "POST /api/create_user_event": json({ id: 40 }, 201) });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    await openAdd();
    const start = (screen.getByLabelText(/^Start time/) as HTMLInputElement).value;
    const end = (screen.getByLabelText(/^End time/) as HTMLInputElement).value;
    expect(new Date(end).getTime() - new Date(start).getTime()).toBe(2 * 60 * 60 * 1000);
    fireEvent.change(screen.getByLabelText(/^Event name/), { target: { value: "Jazz Night" } });
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("radio", { name: "Yes" }));
    const days = within(screen.getByRole("group", { name: "Repeats on" })).getAllByRole("checkbox");
    expect(days.map((day) => day.parentElement?.textContent)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Saturday" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Thursday" }));
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "jazz.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText(/^Cover image/), { target: { files: [image] } });
    fireEvent.click(screen.getByRole("button", { name: "Create Event" }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith("Event created successfully!"));
    const body = formBody(fetchMock, "POST", "/api/create_user_event");
    expect(body.get("is_recurring")).toBe("True");
    expect(body.get("repeating_days")).toBe('["Thursday","Saturday"]');
    expect(body.get("place_id")).toBe("1");
    expect(body.get("category")).toBe("3");
    expect(body.get("start_time")).toBe(new Date(start).toISOString());
    expect(body.get("cover_image")).toBe(image);
    expect(body.has("description")).toBe(false);
    expect(await screen.findByRole("tab", { name: "All Events", selected: true })).toBeInTheDocument();
    expect(callsTo(fetchMock, "GET", "/api/business/1/events")).toHaveLength(2);
  });

  it("shows the server's error, or 'Failed to create event.' without one", async () => {
    let answer = json({ error: "cover_image: Upload a JPEG, PNG or WebP image." }, 415);
    eventsApi({ "POST /api/create_user_event": () => answer });
    await openAdd();
    fireEvent.change(screen.getByLabelText(/^Event name/), { target: { value: "Jazz Night" } });
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Event" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("cover_image: Upload a JPEG, PNG or WebP image.");
    answer = new Response("", { status: 500 });
    fireEvent.click(screen.getByRole("button", { name: "Create Event" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Failed to create event."));
  });

  it("says 'Failed to fetch places or categories.' when either list is refused", async () => {
    eventsApi({ "GET /api/event-categories": () => json({}, 500) });
    render(<EventsManager placeId={1} />);
    fireEvent.click(screen.getByRole("tab", { name: "Add Event" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch places or categories.");
  });
});

describe("Events manager: edit and delete", () => {
  const openTrivia = async () => {
    render(<EventsManager placeId={1} />);
    fireEvent.click(await screen.findByRole("button", { name: /Trivia Night/ }));
    await screen.findByRole("heading", { name: "Edit Trivia Night" });
    await screen.findByRole("option", { name: "Live Music" });
  };

  it("fills the form from the event and saves changes with PUT", async () => {
    const fetchMock = eventsApi({ "PUT /api/events/11": { ok: true } });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    await openTrivia();
    expect(screen.getByLabelText(/^Event name/)).toHaveValue("Trivia Night");
    expect(screen.getByLabelText(/^Category/)).toHaveValue("2");
    expect(screen.getByRole("img", { name: "Current cover image" })).toHaveAttribute("src", trivia.photo_url);
    fireEvent.change(screen.getByLabelText(/^Event name/), { target: { value: "Trivia Night XL" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Event updated successfully!"));
    const body = formBody(fetchMock, "PUT", "/api/events/11");
    expect(body.get("name")).toBe("Trivia Night XL");
    expect(body.get("is_recurring")).toBe("False");
    expect(body.get("start_time")).toBe(trivia.start_time);
    expect(body.get("end_time")).toBe(trivia.end_time);
    expect(await screen.findByRole("tab", { name: "All Events", selected: true })).toBeInTheDocument();
  });

  it("says 'Failed to fetch event details.' when the event cannot be read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    eventsApi({ "GET /api/events/11": () => json({ error: "No such event." }, 404) });
    render(<EventsManager placeId={1} />);
    fireEvent.click(await screen.findByRole("button", { name: /Trivia Night/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch event details.");
  });

  it("deletes only after the confirmation and returns to the list with the spec's message", async () => {
    const fetchMock = eventsApi({ "DELETE /api/events/11": new Response(null, { status: 204 }) });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    await openTrivia();
    fireEvent.click(screen.getByRole("button", { name: "Delete Event" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this event?");
    expect(callsTo(fetchMock, "DELETE", "/api/events/11")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Delete Event" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Event deleted successfully!");
    expect(screen.getByRole("tab", { name: "All Events", selected: true })).toBeInTheDocument();
  });

  it("shows 'Failed to delete event.' when the delete is refused without a reason", async () => {
    eventsApi({ "DELETE /api/events/11": () => new Response("", { status: 500 }) });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    await openTrivia();
    fireEvent.click(screen.getByRole("button", { name: "Delete Event" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to delete event.");
  });
});

describe("Event category editor", () => {
  const openEditor = async () => {
    render(<EventsManager placeId={1} />);
    fireEvent.click(screen.getByRole("tab", { name: "Add Event" }));
    await screen.findByRole("option", { name: "Live Music" });
    const opener = screen.getByRole("button", { name: "Edit categories" });
    // jsdom's click does not move focus the way a browser's does.
    opener.focus();
    fireEvent.click(opener);
    return screen.findByRole("dialog", { name: "Event categories" });
  };

  it("requires a name, creates a category and selects it in the event form", async () => {
    const created = { id: 9, name: "Karaoke", description: "" };
    let list = categories;
    const fetchMock = eventsApi({
      "GET /api/event-categories": () => json({ categories: list }),
      "POST /api/event-categories": () => {
        list = [...categories, created];
        return json(created, 201);
      },
    });
    const dialog = await openEditor();
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Category" }));
    expect(await within(dialog).findByText("Category name is required.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST", "/api/event-categories")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "Karaoke" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Category" }));
    expect(await within(dialog).findByRole("button", { name: "Karaoke" })).toBeInTheDocument();
    expect(formBody(fetchMock, "POST", "/api/event-categories").get("name")).toBe("Karaoke");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.getByLabelText(/^Category/)).toHaveValue("9"));
  });

  it("updates a category with the spec's message", async () => {
    const fetchMock = eventsApi({ "PUT /api/event-categories/3": { id: 3, name: "Live Bands", description: "" } });
    const dialog = await openEditor();
    fireEvent.click(within(dialog).getByRole("button", { name: "Live Music" }));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "Live Bands" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Update Category" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Category updated successfully.");
    expect(formBody(fetchMock, "PUT", "/api/event-categories/3").get("name")).toBe("Live Bands");
  });

  it("asks the spec's question before deleting and shows the server's reason when refused", async () => {
    const fetchMock = eventsApi({
      "DELETE /api/event-categories/2": () => json({ error: "This category is used by 1 event." }, 409),
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const dialog = await openEditor();
    fireEvent.click(within(dialog).getByRole("button", { name: "Trivia" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete Category" }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the event category "Trivia"?');
    expect(callsTo(fetchMock, "DELETE", "/api/event-categories/2")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete Category" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This category is used by 1 event.");
  });

  it("says 'Failed to fetch event categories.' when the list cannot be read again after a change", async () => {
    let reads = 0;
    eventsApi({
      "GET /api/event-categories": () => (++reads === 1 ? json({ categories }) : json({}, 500)),
      "PUT /api/event-categories/3": { id: 3, name: "Live Bands", description: "" },
    });
    const dialog = await openEditor();
    fireEvent.click(within(dialog).getByRole("button", { name: "Live Music" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Update Category" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to fetch event categories.");
  });

  it("closes on Escape and gives focus back to the button that opened it", async () => {
    eventsApi();
    const dialog = await openEditor();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit categories" })).toHaveFocus();
  });
});

describe("Events manager: how past events did (issue 16)", () => {
  const occurrence = (overrides: Record<string, unknown>) => ({
    event_id: 11, name: "Trivia Night", category_id: 2, category_name: "Trivia", recurring: true,
    start: "2026-04-29T00:00:00.000Z", end: "2026-04-29T02:00:00.000Z", weekday: "Tuesday",
    mean_percent: 54, peak_percent: 70, mean_people: 54, usual_mean_percent: 40, usual_peak_percent: 50, usual_weeks: 4,
    lift_points: 14, lift_percent: 35, note: null,
    ...overrides,
  });
  const insights = {
    generated_at: "2026-05-05T16:00:00.000Z",
    window_days: 365,
    occurrences: [
      occurrence({}),
      occurrence({ event_id: 12, name: "Quiz Brunch", start: "2026-04-20T15:00:00.000Z", mean_percent: null, peak_percent: null, mean_people: null, usual_mean_percent: null, usual_peak_percent: null, usual_weeks: 0, lift_points: null, lift_percent: null, note: "no sensor data" }),
    ],
    categories: [{ category_id: 2, name: "Trivia", events: 1, lift_percent: 35, lift_points: 14, weekday: "Tuesday", sentence: "Trivia: +35% over a usual Tuesday, 1 event" }],
  };

  it("states each category's lift, ranks the occurrences in a table and says how each card's last one did", async () => {
    eventsApi({ "GET /api/place/1/event-insights": insights });
    render(<EventsManager placeId={1} />);
    expect(await screen.findByText("Trivia: +35% over a usual Tuesday, 1 event")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: /Past events ranked/ });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/Trivia Night.*54% \(peak 70%\).*40% \(4 weeks\).*\+35% \(\+14 points\)/);
    expect(rows[1]).toHaveTextContent(/Quiz Brunch.*No sensor data.*no sensor data/);
    const [triviaCard, quizCard] = await screen.findAllByRole("button", { name: /Trivia Night|Quiz Brunch/ });
    await waitFor(() => expect(triviaCard).toHaveTextContent("Last time: +35% over a usual Tuesday (54% against 40%)"));
    expect(quizCard).toHaveTextContent("Last time: No sensor data during it");
  });
});
