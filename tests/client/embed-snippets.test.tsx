// Embeds and calendars in the client (docs/embeds.md): the snippets owners copy (escaped, copied
// with an announced result) and the "Add to calendar" links of the dashboard's event cards.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EmbedSnippets } from "../../client/pages/dashboard/EmbedSnippets";
import { badgeSnippet, widgetSnippet } from "../../client/pages/dashboard/embedSnippets";
import { EventsManager } from "../../client/pages/dashboard/events/EventsManager";
import { makeEvent, makePlace, stubApi } from "./dashboard-fixtures";

const venue = {
  name: `Bob's "Bar" & <Grill>`,
  profile: "https://third-place.test/profile/bobs-bar",
  badge: "https://third-place.test/api/places/bobs-bar/badge.svg",
  embed: "https://third-place.test/api/places/bobs-bar/embed",
  calendar: "https://third-place.test/api/places/bobs-bar/events.ics",
};

describe("snippets", () => {
  it("link the badge to the profile and frame the widget with a title, the venue's name escaped", () => {
    expect(badgeSnippet(venue)).toBe(
      '<a href="https://third-place.test/profile/bobs-bar"><img src="https://third-place.test/api/places/bobs-bar/badge.svg" alt="Bob&#39;s &quot;Bar&quot; &amp; &lt;Grill&gt;: how busy it is right now, on Third Place" height="22"></a>',
    );
    expect(widgetSnippet(venue)).toBe(
      '<iframe src="https://third-place.test/api/places/bobs-bar/embed" title="Bob&#39;s &quot;Bar&quot; &amp; &lt;Grill&gt; right now, on Third Place" width="300" height="190" style="border:0" loading="lazy"></iframe>',
    );
  });

  it("are shown to the owner in labelled fields, each copied by its own button with the result announced", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<EmbedSnippets place={{ name: "The Night Owl", slug: "the-night-owl" }} />);
    const region = screen.getByRole("region", { name: "On your website" });
    const badge = within(region).getByLabelText("Live badge");
    expect(badge).toHaveValue(`<a href="${location.origin}/profile/the-night-owl"><img src="${location.origin}/api/places/the-night-owl/badge.svg" alt="The Night Owl: how busy it is right now, on Third Place" height="22"></a>`);
    expect((within(region).getByLabelText("Live widget") as HTMLTextAreaElement).value).toContain(`src="${location.origin}/api/places/the-night-owl/embed"`);
    expect(within(region).getByLabelText("Events calendar address")).toHaveValue(`${location.origin}/api/places/the-night-owl/events.ics`);
    fireEvent.click(within(region).getByRole("button", { name: "Copy live widget" }));
    expect(await within(region).findByText("Live widget copied.")).toHaveAttribute("role", "status");
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/^<iframe src=/));
  });
});

describe("Add to calendar", () => {
  it("is on every event card of the dashboard, named for its event", async () => {
    stubApi({
      "GET /api/business/1/events": { events: [makeEvent(), makeEvent({ id: 12, name: "Quiz Brunch" })] },
      "GET /api/get-places-owned": [makePlace()],
      "GET /api/place/1/event-insights": { generated_at: "2026-05-05T16:00:00.000Z", window_days: 365, occurrences: [], categories: [] },
    });
    render(<EventsManager placeId={1} />);
    const link = await screen.findByRole("link", { name: "Add to calendar: Quiz Brunch" });
    expect(link).toHaveAttribute("href", `${location.origin}/api/events/12/calendar.ics`);
    expect(link).toHaveAttribute("download");
  });
});
