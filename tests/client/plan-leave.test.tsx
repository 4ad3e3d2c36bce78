// Leaving a plan from its page (client/pages/app/plans/PlanOrganiser.tsx, docs/friends.md#leaving-a-plan):
// an invitee gets "Leave plan", which asks first, sends DELETE /api/plans/{id}/me and goes to the
// plans list; the organiser has no such button (they cancel); a refusal is said and nothing moves.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Plan } from "../../common/schemas/plans";
import { PlanOrganiser } from "../../client/pages/app/plans/PlanOrganiser";
import { PLAN_MESSAGES } from "../../client/pages/app/plans/planMessages";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const plan = (myAnswer: Plan["my_answer"]): Plan => ({
  id: 12,
  title: "Drinks",
  place: { id: 3, name: "The Copper Lantern", slug: "the-copper-lantern" },
  starts_at: "2031-06-11T01:00:00.000Z",
  organiser: { id: 1, handle: "maya", name: "Maya" },
  my_answer: myAnswer,
  going: 0,
  capacity: null,
  cancelled_at: null,
  conversation_id: 40,
  invitees: [],
  forecast: null,
  suggestion: null,
});

function at(shown: Plan) {
  render(
    <MemoryRouter initialEntries={["/app/plans/12"]}>
      <Routes>
        <Route path="/app/plans/12" element={<PlanOrganiser plan={shown} onChange={() => {}} />} />
        <Route path="/app/plans" element={<h1>All plans</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("leaving a plan", () => {
  it("an invitee confirms, the plan is left through the API, and the plans list opens", async () => {
    localStorage.setItem("access_token", "token");
    const fetchMock = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    at(plan("maybe"));
    fireEvent.click(screen.getByRole("button", { name: PLAN_MESSAGES.leave }));
    // It asks first: nothing sent yet, and "Stay" goes back.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole("group", { name: PLAN_MESSAGES.confirmLeave })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: PLAN_MESSAGES.noLeave }));
    fireEvent.click(screen.getByRole("button", { name: PLAN_MESSAGES.leave }));
    fireEvent.click(screen.getByRole("button", { name: PLAN_MESSAGES.yesLeave }));
    expect(await screen.findByRole("heading", { name: "All plans" })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toMatch(/\/api\/plans\/12\/me$/);
    expect(init.method).toBe("DELETE");
  });

  it("a refusal is said where the plan stays", async () => {
    localStorage.setItem("access_token", "token");
    vi.stubGlobal("fetch", vi.fn(async () => json({ error: "No such plan." }, 404)));
    at(plan(null));
    fireEvent.click(screen.getByRole("button", { name: PLAN_MESSAGES.leave }));
    fireEvent.click(screen.getByRole("button", { name: PLAN_MESSAGES.yesLeave }));
    await waitFor(() => expect(screen.getByRole("status").textContent).not.toBe(""));
    expect(screen.queryByRole("heading", { name: "All plans" })).toBeNull();
  });

  it("the organiser has no leave button: they cancel", () => {
    vi.stubGlobal("fetch", vi.fn());
    at(plan("organiser"));
    expect(screen.queryByRole("button", { name: PLAN_MESSAGES.leave })).toBeNull();
    expect(screen.getByRole("button", { name: PLAN_MESSAGES.cancel })).toBeTruthy();
  });
});
