import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { LivePlace, PlaceHours, ReviewsAnswer } from "../../common/schemas/answers";
import { describeHours, hoursToday } from "../../client/live/hours";
import { filterByLevel, vibeExamples } from "../../client/live/levels";
import { shuffle } from "../../client/lib/shuffle";
import About, { TEAM } from "../../client/pages/marketing/About";
import Faq from "../../client/pages/marketing/Faq";
import { Reviews } from "../../client/pages/live/Reviews";
import { validateReview } from "../../client/pages/live/reviewValidation";

function renderAt(path: string, Component: React.ComponentType) {
  const router = createMemoryRouter([{ path, Component }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A deterministic stand-in for Math.random. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe("shuffle", () => {
  it("returns every item exactly once and leaves the input alone", () => {
    const input = [1, 2, 3, 4, 5, 6];
    const output = shuffle(input, seededRandom(7));
    expect([...output].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("produces different orders for different random sequences", () => {
    const orders = new Set(Array.from({ length: 20 }, (_, seed) => shuffle(["a", "b", "c", "d"], seededRandom(seed + 1)).join("")));
    expect(orders.size).toBeGreaterThan(5);
  });
});

describe("About page", () => {
  it("shows the four team members with image, name, title and description", () => {
    renderAt("/about", About);
    const team = screen.getByRole("heading", { name: "Our Team" }).parentElement!;
    const members = within(team).getAllByRole("listitem");
    expect(members).toHaveLength(4);
    for (const member of members) {
      expect(member.querySelector("img")).toHaveAttribute("width", "160");
      expect(within(member).getByRole("heading", { level: 3 }).textContent).not.toBe("");
    }
    expect(screen.getByRole("heading", { name: "Our Story" })).toBeInTheDocument();
    expect(screen.getByText(/university venture accelerator programme/)).toBeInTheDocument();
  });

  it("orders the team by a fresh shuffle on every render", () => {
    const namesShown = () =>
      within(screen.getByRole("heading", { name: "Our Team" }).parentElement!)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent);
    vi.spyOn(Math, "random").mockReturnValue(0);
    const first = renderAt("/about", About);
    const orderA = namesShown();
    first.unmount();
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    renderAt("/about", About);
    const orderB = namesShown();
    expect(orderA).not.toEqual(orderB);
    expect([...orderA].sort()).toEqual(TEAM.map((member) => member.name).sort());
  });
});

describe("FAQ accordion", () => {
  it("is one exclusive accordion across both sections: every question a closed <details name=\"faq\">", () => {
    renderAt("/faq", Faq);
    // The browser opens one and closes the others (the e2e journey clicks them); no script of ours.
    const questions = [...document.querySelectorAll("main details")];
    expect(questions).toHaveLength(12);
    for (const question of questions) {
      expect(question.getAttribute("name")).toBe("faq");
      expect(question.hasAttribute("open")).toBe(false);
      expect(question.firstElementChild?.tagName).toBe("SUMMARY");
    }
    const businesses = screen.getByRole("region", { name: "For businesses" });
    expect(within(businesses).getByText("How do I get my venue on Third Place?").closest("summary")).toBeTruthy();
    expect(within(businesses).getByRole("link", { name: "Submit a Business" }).getAttribute("href")).toBe("/submit-business");
  });

  it("ends with the contact mailto link", () => {
    renderAt("/faq", Faq);
    expect(screen.getByText(/Still have questions\?/).textContent).toBe("Still have questions? Contact us");
    expect(screen.getByRole("link", { name: "Contact us" }).getAttribute("href")).toMatch(/^mailto:.+@/);
  });
});

const place = (id: number, level: LivePlace["level"], percent: number | null): LivePlace => ({
  id,
  slug: `venue-${id}`,
  name: `Venue ${id}`,
  address: "1 Avenue A",
  latitude: 40.72,
  longitude: -73.98,
  type: "Bar",
  category: "pub",
  cover_image: null,
  people: percent,
  percent,
  level,
  updated_at: null,
  timezone: "America/New_York",
  open_now: null,
  opens_at: null,
  vs_usual: null,
  live_looks_last_hour: 0,
  special_now: false,
});

describe("level filter", () => {
  const places = [place(1, "Relaxed", 10), place(2, "Packed", 120), place(3, null, null), place(4, "Relaxed", 30), place(5, "Lively", 60)];

  it("keeps every venue, silent ones included, for 'all'", () => {
    expect(filterByLevel(places, "all").map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps only venues at the chosen level", () => {
    expect(filterByLevel(places, "Relaxed").map((p) => p.id)).toEqual([1, 4]);
    expect(filterByLevel(places, "Packed").map((p) => p.id)).toEqual([2]);
  });

  it("picks the clearest vibe examples: quietest Relaxed, fullest Packed", () => {
    const more = [...places, place(6, "Packed", 150), place(7, "Relaxed", 5)];
    expect(vibeExamples(more, "Relaxed").map((p) => p.id)).toEqual([7, 1, 4]);
    expect(vibeExamples(more, "Packed", 1).map((p) => p.id)).toEqual([6]);
  });
});

describe("opening hours on a profile", () => {
  const hours = {
    monday_open: "17:00", monday_close: "02:00",
    tuesday_open: "17:00", tuesday_close: "02:00",
    wednesday_open: "", wednesday_close: "",
    thursday_open: "17:00", thursday_close: "02:00",
    friday_open: "17:00", friday_close: "04:00",
    saturday_open: "12:00", saturday_close: "04:00",
    sunday_open: "12:00", sunday_close: "23:30",
  } satisfies PlaceHours;

  it("uses the venue's local weekday", () => {
    // 22:00 UTC on Friday 6 June 2025 is 18:00 Friday in New York.
    expect(hoursToday(hours, { timeZone: "America/New_York", dayStartHour: 5 }, new Date("2025-06-06T22:00:00Z"))).toEqual({ day: "friday", open: "17:00", close: "04:00" });
  });

  it("counts the small hours as the night before, as a venue day runs 5 am to 5 am", () => {
    // 06:30 UTC on Saturday 7 June is 02:30 Saturday in New York: still Friday night.
    expect(hoursToday(hours, { timeZone: "America/New_York", dayStartHour: 5 }, new Date("2025-06-07T06:30:00Z")).day).toBe("friday");
    // 09:30 UTC is 05:30 local: Saturday has begun.
    expect(hoursToday(hours, { timeZone: "America/New_York", dayStartHour: 5 }, new Date("2025-06-07T09:30:00Z")).day).toBe("saturday");
  });

  it("reads hours in 12-hour form and says Closed on a day without hours", () => {
    const zone = { venue: "America/New_York", visitor: "America/New_York", instant: Date.UTC(2026, 10, 27, 20) };
    expect(describeHours({ day: "friday", open: "17:00", close: "04:00" }, "en-US", zone)).toBe("5:00 PM – 4:00 AM");
    expect(describeHours({ day: "wednesday", open: "", close: "" }, "en-US", zone)).toBe("Closed");
    // A Berlin venue seen from New York: its own clock, its zone named.
    expect(describeHours({ day: "friday", open: "17:00", close: "02:00" }, "de-DE", { ...zone, venue: "Europe/Berlin" })).toBe("17:00–02:00 MEZ");
  });
});

describe("Leave a Review", () => {
  it("requires username, rating and comment with the form's message", () => {
    expect(validateReview({ username: " ", rating: "", comment: "" })).toEqual({
      username: "This field is required.",
      rating: "This field is required.",
      comment: "This field is required.",
    });
    expect(validateReview({ username: "maya", rating: "4", comment: "Good" })).toEqual({});
  });

  it("posts a review, shows it first and updates the average", async () => {
    const existing: ReviewsAnswer = {
      reviews: [{ id: 1, username: "sam", rating: 2, comment: "Too loud", date: "2025-06-01" }],
      count: 1,
      average_rating: 2,
    };
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        return json({ review: { id: 2, ...body, date: "2025-06-07" }, count: 2, average_rating: 3 }, 201);
      }
      return String(input).endsWith("/api/places/9/reviews") ? json(existing) : json({ error: "unexpected" }, 404);
    });
    vi.stubGlobal("fetch", fetchMock);
    render(<Reviews placeId={9} canHide={false} />);
    await screen.findByText("Too loud");

    fireEvent.click(screen.getByRole("button", { name: "Submit Review" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: "maya" } });
    fireEvent.change(screen.getByLabelText(/Rating/), { target: { value: "4" } });
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: "Great jazz" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Review" }));

    await screen.findByText("Thanks! Your review is posted.");
    const [, init] = fetchMock.mock.calls[1];
    expect(JSON.parse(String(init?.body))).toEqual({ username: "maya", rating: 4, comment: "Great jazz" });
    const comments = screen.getAllByRole("listitem").map((item) => item.querySelector(".review-comment")?.textContent);
    expect(comments).toEqual(["Great jazz", "Too loud"]);
    expect(screen.getByText("3 out of 5", { selector: "strong" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Username/)).toHaveValue(""));
  });

  it("reports a review with an optional reason and thanks the visitor; only owners get Hide", async () => {
    const existing: ReviewsAnswer = { reviews: [{ id: 1, username: "sam", rating: 1, comment: "Awful people", date: "2025-06-01" }], count: 1, average_rating: 1 };
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "POST"
        ? json({ ok: true, message: "Thanks for telling us. We will look at this review." }, 201)
        : String(input).endsWith("/api/places/9/reviews") ? json(existing) : json({ error: "unexpected" }, 404),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(<Reviews placeId={9} canHide={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Report the review by sam" }));
    expect(screen.queryByRole("button", { name: "Hide the review by sam" })).not.toBeInTheDocument();
    const reason = screen.getByLabelText("Why are you reporting it? (optional)");
    expect(reason).toHaveFocus();
    fireEvent.change(reason, { target: { value: "Insults the staff" } });
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Thanks for telling us. We will look at this review.")).toBeInTheDocument();
    const [input, init] = fetchMock.mock.calls[1];
    expect(String(input)).toBe("/api/reviews/1/report");
    expect(JSON.parse(String(init?.body))).toEqual({ reason: "Insults the staff" });
  });

  it("lets a venue owner hide a review with a reason, then shows the list and count without it", async () => {
    let reviews: ReviewsAnswer = { reviews: [{ id: 1, username: "sam", rating: 1, comment: "Awful people", date: "2025-06-01" }], count: 1, average_rating: 1 };
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") {
        reviews = { reviews: [], count: 0, average_rating: null };
        return json({ id: 1, hidden_reason: "Not about us" });
      }
      return json(reviews);
    });
    vi.stubGlobal("fetch", fetchMock);
    render(<Reviews placeId={9} canHide />);
    fireEvent.click(await screen.findByRole("button", { name: "Hide the review by sam" }));
    fireEvent.click(screen.getByRole("button", { name: "Hide review" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Say why the review is hidden.");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText("Reason for hiding it (the admin sees it)"), { target: { value: "Not about us" } });
    fireEvent.click(screen.getByRole("button", { name: "Hide review" }));
    expect(await screen.findByText("No reviews yet. Be the first to leave one.")).toBeInTheDocument();
    const [input, init] = fetchMock.mock.calls[1];
    expect(String(input)).toBe("/api/reviews/1/hide");
    expect(JSON.parse(String(init?.body))).toEqual({ reason: "Not about us" });
  });

  it("shows the server's sentence when posting is refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === "POST"
          ? json({ error: "Too many attempts. Please wait 60 seconds and try again." }, 429)
          : json({ reviews: [], count: 0, average_rating: null }),
      ),
    );
    render(<Reviews placeId={9} canHide={false} />);
    await screen.findByText("No reviews yet. Be the first to leave one.");
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: "maya" } });
    fireEvent.change(screen.getByLabelText(/Rating/), { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: "Lovely" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Review" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please wait 60 seconds and try again.");
  });
});
