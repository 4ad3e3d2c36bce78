import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import SubmitBusiness from "../../client/pages/SubmitBusiness";
import { SUBMIT_FAILURE_ALERT } from "../../client/pages/SubmissionForm";
import { emptyForm, fromFormData } from "../../client/pages/submitBusinessForm";
import { validate } from "../../client/pages/submitBusinessValidation";

const partners = [
  { id: 1, name: "The Copper Lantern", cover_image: "/api/images/seed/the-copper-lantern.svg" },
  { id: 2, name: "The Stoop", cover_image: null },
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A fake API: partners for the ticker, and `submitAnswer` for the form post. */
function stubApi(submitAnswer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/api/website/places")) return json(partners);
    if (url.endsWith("/api/submit-business") && init?.method === "POST") return submitAnswer();
    return json({ error: "unexpected" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderPage() {
  const router = createMemoryRouter([{ path: "/submit-business", Component: SubmitBusiness }], {
    initialEntries: ["/submit-business"],
  });
  return render(<RouterProvider router={router} />);
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submitCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/api/submit-business"));

describe("Submit a Business form", () => {
  it("shows the spec's required message under both required fields and sends nothing", async () => {
    const fetchMock = stubApi(() => json({ ok: true }, 201));
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    expect(screen.getByLabelText(/Business name/)).toHaveAttribute("aria-invalid", "true");
    expect(submitCalls(fetchMock)).toHaveLength(0);
  });

  it("shows the phone and email messages for malformed optional fields", async () => {
    const fetchMock = stubApi(() => json({ ok: true }, 201));
    renderPage();
    fill(/Business name/, "Night Owl");
    fill(/Address/, "12 Avenue B");
    fill(/Phone number/, "12345");
    fill(/Your email/, "owner@");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Invalid phone number format.")).toBeTruthy();
    expect(screen.getByText("Invalid email address.")).toBeTruthy();
    expect(submitCalls(fetchMock)).toHaveLength(0);
  });

  it("posts the fields with comments as reason, shows Submitting... and then the thank-you message", async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    fill(/Business name/, "Night Owl");
    fill(/Address/, "12 Avenue B");
    fill(/Phone number/, "212-555-0199");
    fill(/Why should/, "Best jukebox in town");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("button", { name: "Submitting..." })).toBeDisabled();
    const [, init] = submitCalls(fetchMock)[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      businessName: "Night Owl",
      address: "12 Avenue B",
      phoneNumber: "212-555-0199",
      submitterEmail: "",
      website: "",
      reason: "Best jukebox in town",
    });
    await act(async () => answer(json({ ok: true }, 201)));
    expect(await screen.findByRole("status")).toHaveTextContent("Thank you!");
  });

  it("alerts the spec's failure text when the server refuses", async () => {
    stubApi(() => json({ error: "Something went wrong on our side. Please try again." }, 500));
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPage();
    fill(/Business name/, "Night Owl");
    fill(/Address/, "12 Avenue B");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(SUBMIT_FAILURE_ALERT));
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  it("repeats the partner list four times in the ticker", async () => {
    stubApi(() => json({ ok: true }, 201));
    renderPage();
    const ticker = await screen.findByTestId("partner-ticker");
    await waitFor(() => expect(ticker.querySelectorAll(".ticker-item")).toHaveLength(partners.length * 4));
  });
});

describe("fromFormData()", () => {
  it("reads the fields the visitor filled and leaves the others empty", () => {
    const data = new FormData();
    data.set("businessName", "Night Owl");
    data.set("comments", "Best jukebox in town");
    data.set("unrelated", "ignored");
    expect(fromFormData(data)).toEqual({ ...emptyForm, businessName: "Night Owl", comments: "Best jukebox in town" });
  });
});

describe("validate()", () => {
  it("is empty for a minimal valid form", () => {
    expect(validate({ ...emptyForm, businessName: "A", address: "B" })).toEqual({});
  });

  it("maps a too-long reason back to the comments field", () => {
    expect(validate({ ...emptyForm, businessName: "A", address: "B", comments: "x".repeat(2001) })).toEqual({
      comments: "Must be at most 2000 characters.",
    });
  });
});
