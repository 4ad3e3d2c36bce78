// The consumer app's settings (/app/settings): the form's logic, and the form sending PATCH /api/me.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { MeAnswer } from "../../common/schemas/answers";
import { HANDLE_MESSAGE, HANDLE_TAKEN_MESSAGE } from "../../common/schemas/profile";
import { homeOf } from "../../client/pages/auth/authForm";
import { ProfileForm } from "../../client/pages/app/Settings";
import { PasskeysSection } from "../../client/pages/app/Passkeys";
import { fieldsOf, homeFromPosition, isOnlyWayIn, settingsPatch } from "../../client/pages/app/settingsForm";
import type { PasskeyAnswer, PasskeysAnswer } from "../../common/schemas/passkeys";

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

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("settings form logic", () => {
  it("fills the fields from GET /api/me, taking the browser's zone while the account has the default", () => {
    const fields = fieldsOf(maya, "Europe/Berlin");
    expect(fields).toMatchObject({ handle: "maya", lat: "", tags: "Jazz", level: "Lively", timeZone: "Europe/Berlin", quietOn: true });
    expect(fieldsOf({ ...maya, time_zone: "America/Chicago" }, "Europe/Berlin").timeZone).toBe("America/Chicago");
  });

  it("builds the PATCH body: tags split, an empty home is null, quiet hours off is null", () => {
    const result = settingsPatch({ ...fieldsOf(maya, "Europe/Berlin"), tags: " Jazz, Trivia ,", quietOn: false });
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
    const result = settingsPatch({ ...fieldsOf(maya, "UTC"), handle: "a!", lat: "40.7", lng: "", timeZone: "Nowhere/Else" });
    expect(result).toEqual({ errors: expect.objectContaining({ handle: HANDLE_MESSAGE, time_zone: expect.any(String), home: expect.any(String) }) });
  });

  it("rounds a located home to 3 decimals", () => {
    expect(homeFromPosition(40.7234567, -73.9876543)).toEqual({ lat: "40.723", lng: "-73.988" });
  });

  it("sends accounts with places to the dashboard and the rest to /app", () => {
    expect(homeOf([])).toBe("/app");
    expect(homeOf([{ id: 1, name: "Zinc" }])).toBe("/dashboard");
  });
});

describe("<ProfileForm>", () => {
  it("saves a new handle and shows what the server kept", async () => {
    localStorage.setItem("access_token", "token");
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      json({ ...maya, ...JSON.parse(String(init?.body)), handle: "maya_out" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const onSaved = vi.fn();
    render(<ProfileForm me={maya} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "@Maya_Out" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Saved.");
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe("/api/me");
    expect(init?.method).toBe("PATCH");
    expect(JSON.parse(String(init?.body))).toMatchObject({ handle: "@Maya_Out", preferences: { level: "Lively" } });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ handle: "maya_out" }));
    expect(screen.getByLabelText("Handle")).toHaveValue("maya_out");
  });

  it("shows a taken handle's sentence and keeps what was typed", async () => {
    localStorage.setItem("access_token", "token");
    vi.stubGlobal("fetch", vi.fn(async () => json({ error: HANDLE_TAKEN_MESSAGE }, 409)));
    render(<ProfileForm me={maya} onSaved={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "taken_one" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(HANDLE_TAKEN_MESSAGE);
    expect(screen.getByLabelText("Handle")).toHaveValue("taken_one");
  });

  it("sends nothing while a field is invalid", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<ProfileForm me={maya} onSaved={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "no spaces please" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByText(HANDLE_MESSAGE)).toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
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
