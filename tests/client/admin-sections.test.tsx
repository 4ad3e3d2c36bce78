// The admin sections in jsdom against a fake API: what each form sends, the spec's messages, and
// the tab and sidebar rules.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { adminSession } from "../../client/api/adminSession";
import { formatDateTime } from "../../client/lib/format";
import { AdminConsole } from "../../client/pages/admin/AdminConsole";
import { AdminEventEditor } from "../../client/pages/admin/sections/AdminEventEditor";
import { AdminEventList } from "../../client/pages/admin/sections/AdminEventList";

type Handler = (init: RequestInit) => Response | Promise<Response>;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const tags = [
  { id: 1, name: "Jazz", description: "Live sets" },
  { id: 2, name: "Rooftop", description: "" },
];
const places = [
  { id: 7, name: "The Stoop", cover_image: "/api/images/seed/the-stoop.svg" },
  { id: 8, name: "Night Owl", cover_image: null },
];
const ownedStoop = {
  id: 7, slug: "the-stoop", name: "The Stoop", address: "1 Avenue A", city: "New York", state: "NY", country: "United States",
  postal_code: "10009", latitude: 40.72, longitude: -73.98, type: "Bar", category: "pub", website: "", phone_number: "",
  description: "", cover_photo_url: null, cover_image: null, open_time: "", close_time: "", lively_threshold: 40,
  packed_threshold: 100, timezone: "America/New_York", tags: [1], favorite: false, no_device: false, max_devices: 1, owners: [],
  monday_open: "17:00", monday_close: "02:00", tuesday_open: "", tuesday_close: "", wednesday_open: "", wednesday_close: "",
  thursday_open: "", thursday_close: "", friday_open: "", friday_close: "", saturday_open: "", saturday_close: "",
  sunday_open: "", sunday_close: "",
};

/** A fake API keyed by "METHOD /path"; every call is recorded. Unknown calls answer 404. */
function stubApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? "GET";
      calls.push({ method, path, init });
      const handler = routes[`${method} ${path}`];
      return handler ? handler(init) : json({ error: `no fake for ${method} ${path}` }, 404);
    }),
  );
  return {
    calls,
    sent: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

function renderAt(url: string, element = <AdminConsole />, path = "/admin") {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <p>Another page</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A token shaped like the admin JWT (the session forgets tokens whose exp has passed). */
const ADMIN_TOKEN = `e30.${btoa(JSON.stringify({ role: "admin", exp: 4102444800 }))}.signature`;

beforeEach(() => {
  adminSession.store(ADMIN_TOKEN, false);
  return () => adminSession.clear();
});

describe("the admin sidebar", () => {
  it("starts with no section, then shows the chosen one and links Manage Events to its page", async () => {
    stubApi({ "GET /api/places": () => json(places), "GET /api/tags": () => json({ tags }) });
    const router = renderAt("/admin");
    expect(screen.getByText(/Choose a section/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage Events" })).toHaveAttribute("href", "/admin/manage-events");
    fireEvent.click(screen.getByRole("button", { name: "Manage Tags" }));
    expect(await screen.findByRole("heading", { name: "Manage Tags" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Manage Tags" })).toHaveAttribute("aria-current", "page");
    expect(router.state.location.search).toBe("?section=tags");
  });

  it("sends the admin token with every call", async () => {
    const api = stubApi({ "GET /api/tags": () => json({ tags }) });
    renderAt("/admin?section=tags");
    await screen.findByRole("button", { name: "Jazz" });
    const headers = api.sent("GET", "/api/tags")[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });
});

describe("Manage Businesses", () => {
  it("lists cards with the cover or the default image, and Edit Business is disabled until one is chosen", async () => {
    stubApi({
      "GET /api/places": () => json(places),
      "GET /api/tags": () => json({ tags }),
      "GET /api/place/7": () => json(ownedStoop),
      "GET /api/place/7/owners": () => json({ owners: [] }),
      "GET /api/place/7/invites": () => json({ invites: [] }),
    });
    renderAt("/admin?section=businesses");
    const stoop = await screen.findByRole("button", { name: "The Stoop" });
    expect(within(stoop).getByRole("presentation", { hidden: true })).toHaveAttribute("src", places[0].cover_image);
    const owl = screen.getByRole("button", { name: "Night Owl" });
    expect(within(owl).getByRole("presentation", { hidden: true }).getAttribute("src")).toMatch(/default-cover|data:image/);
    expect(screen.getByRole("tab", { name: "Edit Business" })).toBeDisabled();

    fireEvent.click(stoop);
    expect(screen.getByRole("tab", { name: "Edit Business" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByLabelText(/^Name/)).toHaveValue("The Stoop");
    expect(screen.getByLabelText(/^Address/)).toHaveValue("1 Avenue A");
    expect(screen.getByLabelText("Monday opening time")).toHaveValue("17:00");
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Jazz" })).toBeChecked());
  });

  it("shows 'Failed to fetch businesses.' when the list cannot be read", async () => {
    stubApi({ "GET /api/places": () => json({ error: "Boom" }, 500) });
    renderAt("/admin?section=businesses");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch businesses.");
  });

  it("offers the spec's defaults in Add Business, requires the name and sends nothing without it", async () => {
    const api = stubApi({ "GET /api/places": () => json(places), "GET /api/tags": () => json({ tags }) });
    renderAt("/admin?section=businesses");
    fireEvent.click(await screen.findByRole("tab", { name: "Add Business" }));
    expect(screen.getByLabelText("City")).toHaveValue("New York");
    expect(screen.getByLabelText("State")).toHaveValue("NY");
    expect(screen.getByLabelText("Country")).toHaveValue("United States");
    expect(screen.getByLabelText("Type")).toHaveValue("Bar");
    expect(screen.getByLabelText("Category")).toHaveValue("bar");
    expect(screen.getByLabelText("Website")).toHaveAttribute("type", "url");
    expect(screen.getByLabelText("Friday closing time")).toHaveAttribute("type", "time");

    fireEvent.click(screen.getByRole("button", { name: "Add Business" }));
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute("aria-invalid", "true");
    expect(api.sent("POST", "/api/place/create")).toHaveLength(0);
  });

  it("creates a business with its tags and cover photo and says so", async () => {
    const api = stubApi({
      "GET /api/places": () => json(places),
      "GET /api/tags": () => json({ tags }),
      "POST /api/place/create": () => json({ ...ownedStoop, id: 9, name: "Copper Lantern" }, 201),
    });
    renderAt("/admin?section=businesses");
    fireEvent.click(await screen.findByRole("tab", { name: "Add Business" }));
    fill(/^Name/, "Copper Lantern");
    fireEvent.click(await screen.findByRole("checkbox", { name: "Jazz" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Rooftop" }));
    const cover = new File(["png"], "cover.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Cover photo"), { target: { files: [cover] } });
    fireEvent.click(screen.getByRole("button", { name: "Add Business" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Business created successfully!");
    const body = api.sent("POST", "/api/place/create")[0].init.body as FormData;
    expect(body.get("name")).toBe("Copper Lantern");
    expect(body.get("tags")).toBe("[1,2]");
    expect(body.get("photo")).toBe(cover);
    expect(screen.getByLabelText(/^Name/)).toHaveValue("");
    // The list is read again so the new card shows.
    await waitFor(() => expect(api.sent("GET", "/api/places").length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's error text, or the spec's fallback when it gives none", async () => {
    let answer = json({ error: "name: Must be at most 200 characters." }, 400);
    stubApi({
      "GET /api/places": () => json(places),
      "GET /api/tags": () => json({ tags }),
      "POST /api/place/create": () => answer,
    });
    renderAt("/admin?section=businesses");
    fireEvent.click(await screen.findByRole("tab", { name: "Add Business" }));
    fill(/^Name/, "X");
    fireEvent.click(screen.getByRole("button", { name: "Add Business" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("name: Must be at most 200 characters.");
    answer = new Response("", { status: 500 });
    fireEvent.click(screen.getByRole("button", { name: "Add Business" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Failed to create business."));
  });

  it("requires name and address when editing and says 'Business updated successfully!'", async () => {
    const api = stubApi({
      "GET /api/places": () => json(places),
      "GET /api/tags": () => json({ tags }),
      "GET /api/place/7": () => json(ownedStoop),
      "GET /api/place/7/owners": () => json({ owners: [] }),
      "GET /api/place/7/invites": () => json({ invites: [] }),
      "POST /api/place/update/7": () => json(ownedStoop),
    });
    renderAt("/admin?section=businesses");
    fireEvent.click(await screen.findByRole("button", { name: "The Stoop" }));
    await screen.findByDisplayValue("1 Avenue A");
    fill(/^Name/, "");
    fill(/^Address/, "");
    fireEvent.click(screen.getByRole("button", { name: "Update Business" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    expect(api.sent("POST", "/api/place/update/7")).toHaveLength(0);

    fill(/^Name/, "The Stoop Bar");
    fill(/^Address/, "2 Avenue A");
    fireEvent.click(screen.getByRole("button", { name: "Update Business" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Business updated successfully!");
    const body = api.sent("POST", "/api/place/update/7")[0].init.body as FormData;
    expect(body.get("name")).toBe("The Stoop Bar");
    expect(body.get("address")).toBe("2 Avenue A");
    expect(body.get("category")).toBe("pub");
    expect(body.has("cover_image")).toBe(false);
  });

  it("lists the business's owners and open invite links, removing and revoking with the admin token", async () => {
    let owners = [{ id: 3, name: "", email: "solo@example.com", since: "2026-01-02T10:00:00.000Z" }];
    const api = stubApi({
      "GET /api/places": () => json(places),
      "GET /api/tags": () => json({ tags }),
      "GET /api/place/7": () => json(ownedStoop),
      "GET /api/place/7/owners": () => json({ owners }),
      "GET /api/place/7/invites": () =>
        json({ invites: [{ id: "inv-9", created_at: "2026-05-01T16:00:00.000Z", expires_at: "2026-05-08T16:00:00.000Z", created_by: null }] }),
      "DELETE /api/place/7/owners/3": () => {
        owners = [];
        return json({ ok: true });
      },
      "DELETE /api/place/7/invites/inv-9": () => json({ ok: true }),
    });
    renderAt("/admin?section=businesses");
    fireEvent.click(await screen.findByRole("button", { name: "The Stoop" }));
    const access = await screen.findByRole("region", { name: "Owners and invite links" });
    expect(within(access).getByRole("heading", { level: 3, name: "Owners and invite links" })).toBeInTheDocument();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);

    // The admin may remove the last owner: the server decides, the page only asks first.
    fireEvent.click(await within(access).findByRole("button", { name: "Remove solo@example.com" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(await within(access).findByRole("status")).toHaveTextContent("solo@example.com is no longer an owner.");
    await waitFor(() => expect(within(access).queryByRole("button", { name: "Remove solo@example.com" })).toBeNull());

    fireEvent.click(within(access).getByRole("button", { name: /^Revoke the invite link made by an administrator/ }));
    await waitFor(() => expect(api.sent("DELETE", "/api/place/7/invites/inv-9")).toHaveLength(1));
    for (const call of [...api.sent("DELETE", "/api/place/7/owners/3"), ...api.sent("DELETE", "/api/place/7/invites/inv-9")]) {
      expect((call.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    }
  });

  it("shows 'Failed to fetch business details.' when the chosen business cannot be read", async () => {
    stubApi({
      "GET /api/places": () => json(places),
      "GET /api/tags": () => json({ tags }),
      "GET /api/place/7": () => json({ error: "No such place." }, 404),
    });
    renderAt("/admin?section=businesses");
    fireEvent.click(await screen.findByRole("button", { name: "The Stoop" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch business details.");
  });
});

describe("Manage Tags", () => {
  it("blocks an empty tag name with 'Tag name is required.' and sends nothing", async () => {
    const api = stubApi({ "GET /api/tags": () => json({ tags }) });
    renderAt("/admin?section=tags");
    fireEvent.click(await screen.findByRole("tab", { name: "Add Tag" }));
    fill("Description", "only a description");
    fireEvent.click(screen.getByRole("button", { name: "Add Tag" }));
    expect(await screen.findByText("Tag name is required.")).toBeInTheDocument();
    expect(api.sent("POST", "/api/tags")).toHaveLength(0);
  });

  it("creates a tag as multipart and goes back to the list, which is read again", async () => {
    const api = stubApi({ "GET /api/tags": () => json({ tags }), "POST /api/tags": () => json({ id: 3 }, 201) });
    renderAt("/admin?section=tags");
    fireEvent.click(await screen.findByRole("tab", { name: "Add Tag" }));
    fill(/^Tag name/, "Karaoke");
    fireEvent.click(screen.getByRole("button", { name: "Add Tag" }));
    expect(await screen.findByRole("status")).toHaveTextContent('Tag "Karaoke" created.');
    const body = api.sent("POST", "/api/tags")[0].init.body as FormData;
    expect(body.get("name")).toBe("Karaoke");
    expect(screen.getByRole("tab", { name: "All Tags" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(api.sent("GET", "/api/tags")).toHaveLength(2));
  });

  it("shows the server's refusal of a duplicate name, else 'Failed to create tag.'", async () => {
    let answer = json({ error: "A tag with this name already exists." }, 409);
    stubApi({ "GET /api/tags": () => json({ tags }), "POST /api/tags": () => answer });
    renderAt("/admin?section=tags");
    fireEvent.click(await screen.findByRole("tab", { name: "Add Tag" }));
    fill(/^Tag name/, "Jazz");
    fireEvent.click(screen.getByRole("button", { name: "Add Tag" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A tag with this name already exists.");
    answer = json({}, 500);
    fireEvent.click(screen.getByRole("button", { name: "Add Tag" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Failed to create tag."));
  });

  it("keeps Edit Tag disabled until a name is clicked, then returns to the list after the update", async () => {
    const api = stubApi({
      "GET /api/tags": () => json({ tags }),
      "PUT /api/tags/1": () => json({ id: 1, name: "Live Jazz", description: "Live sets" }),
    });
    renderAt("/admin?section=tags");
    expect(await screen.findByRole("tab", { name: "Edit Tag" })).toBeDisabled();
    fireEvent.click(await screen.findByRole("button", { name: "Jazz" }));
    expect(screen.getByRole("tab", { name: "Edit Tag" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText(/^Tag name/)).toHaveValue("Jazz");
    fill(/^Tag name/, "");
    fireEvent.click(screen.getByRole("button", { name: "Update Tag" }));
    expect(await screen.findByText("Tag name is required.")).toBeInTheDocument();
    expect(api.sent("PUT", "/api/tags/1")).toHaveLength(0);

    fill(/^Tag name/, "Live Jazz");
    fireEvent.click(screen.getByRole("button", { name: "Update Tag" }));
    expect(await screen.findByRole("status")).toHaveTextContent('Tag "Live Jazz" updated.');
    expect(screen.getByRole("tab", { name: "All Tags" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Edit Tag" })).toBeDisabled();
    expect((api.sent("PUT", "/api/tags/1")[0].init.body as FormData).get("name")).toBe("Live Jazz");
  });

  it("shows 'Failed to update tag.' when the update fails without a reason", async () => {
    stubApi({ "GET /api/tags": () => json({ tags }), "PUT /api/tags/2": () => new Response(null, { status: 500 }) });
    renderAt("/admin?section=tags");
    fireEvent.click(await screen.findByRole("button", { name: "Rooftop" }));
    fireEvent.click(screen.getByRole("button", { name: "Update Tag" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update tag.");
  });

  it("deletes a tag after confirmation, and says 'Failed to delete tag.' when that fails", async () => {
    let answer = new Response(null, { status: 500 });
    const api = stubApi({ "GET /api/tags": () => json({ tags }), "DELETE /api/tags/2": () => answer });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValue(true);
    renderAt("/admin?section=tags");
    const remove = await screen.findByRole("button", { name: "Delete Rooftop" });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the tag "Rooftop"?');
    expect(api.sent("DELETE", "/api/tags/2")).toHaveLength(0);
    fireEvent.click(remove);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to delete tag.");
    answer = json({ ok: true });
    fireEvent.click(remove);
    expect(await screen.findByRole("status")).toHaveTextContent('Tag "Rooftop" deleted.');
  });

  it("shows 'Failed to fetch tags.' when the list cannot be read", async () => {
    stubApi({ "GET /api/tags": () => new Response(null, { status: 500 }) });
    renderAt("/admin?section=tags");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch tags.");
  });
});

describe("when the network fails", () => {
  it("says 'An unexpected error occurred.' for a read and '... Please try again.' for a write", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const offline = () => Promise.reject(new TypeError("Failed to fetch"));
    stubApi({ "GET /api/tags": offline });
    renderAt("/admin?section=tags");
    expect(await screen.findByRole("alert")).toHaveTextContent(/^An unexpected error occurred\.$/);

    fireEvent.click(screen.getByRole("tab", { name: "Add Tag" }));
    fill(/^Tag name/, "Karaoke");
    stubApi({ "POST /api/tags": offline });
    fireEvent.click(screen.getByRole("button", { name: "Add Tag" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An unexpected error occurred. Please try again.");
  });
});

describe("Manage Max Devices", () => {
  const businesses = [
    { id: 7, name: "The Stoop", max_devices: 1 },
    { id: 8, name: "Night Owl", max_devices: 3 },
  ];

  it("edits a read-only name and a whole number, then says 'Max devices updated successfully.'", async () => {
    const api = stubApi({
      "GET /api/businesses": () => json({ businesses }),
      "PUT /api/businesses/8/max-devices": () => json({ ok: true }),
    });
    renderAt("/admin?section=max-devices");
    expect(await screen.findByRole("rowheader", { name: "Night Owl" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Edit max devices of Night Owl" }));
    expect(screen.getByLabelText("Business name")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Business name")).toHaveValue("Night Owl");
    expect(screen.getByLabelText(/^Max devices/)).toHaveValue(3);

    fill(/^Max devices/, "2.5");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Max devices must be a whole number, 0 or more.")).toBeInTheDocument();
    fill(/^Max devices/, "");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Max devices must be a whole number, 0 or more.")).toBeInTheDocument();
    expect(api.sent("PUT", "/api/businesses/8/max-devices")).toHaveLength(0);

    fill(/^Max devices/, "5");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Max devices updated successfully.");
    const [put] = api.sent("PUT", "/api/businesses/8/max-devices");
    expect(JSON.parse(String(put.init.body))).toEqual({ max_devices: 5 });
    expect((put.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("shows 'Failed to update max devices.' when the server gives no reason", async () => {
    stubApi({
      "GET /api/businesses": () => json({ businesses }),
      "PUT /api/businesses/7/max-devices": () => new Response(null, { status: 500 }),
    });
    renderAt("/admin?section=max-devices");
    fireEvent.click(await screen.findByRole("button", { name: "Edit max devices of The Stoop" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update max devices.");
  });

  it("shows 'Failed to fetch businesses.' when the list cannot be read", async () => {
    stubApi({ "GET /api/businesses": () => new Response(null, { status: 500 }) });
    renderAt("/admin?section=max-devices");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch businesses.");
  });
});

describe("Devices", () => {
  const device = {
    id: 3, name: "Front bar", dev_eui: null, created_at: "2026-05-01T18:00:00.000Z", online: true, last_seen_at: "2026-05-01T19:00:00.000Z",
    last_count: 42, last_reading_at: "2026-05-01T19:00:00.000Z", firmware: null, uptime_s: null, rssi: null, flagged: null, health: [],
  };
  /** The Things Stack parts of the section, empty. */
  const noTtn = {
    "GET /api/integrations/ttn": () => json({ keys: [] }),
    "GET /api/integrations/ttn/unregistered": () => json({ uplinks: [] }),
  };

  it("lists a business's devices, registers one showing its key once, and refuses past the limit", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    let register = json({ id: 4, name: "Back room", key: "tp_dev_secret", created_at: "2026-05-01T19:05:00.000Z" }, 201);
    const api = stubApi({
      ...noTtn,
      "GET /api/businesses": () => json({ businesses: [{ id: 7, name: "The Stoop", max_devices: 2 }] }),
      "GET /api/place/7/devices": () => json({ devices: [device], max_devices: 2 }),
      "POST /api/place/7/devices": () => register,
    });
    renderAt("/admin?section=devices");
    await screen.findByRole("option", { name: "The Stoop" });
    fill("Business", "7");
    expect(await screen.findByRole("rowheader", { name: "Front bar" })).toBeInTheDocument();
    expect(screen.getByText("Online")).toBeInTheDocument();
    expect(screen.getByText("42")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Register device" }));
    expect(await screen.findByText("Device name is required.")).toBeInTheDocument();
    expect(api.sent("POST", "/api/place/7/devices")).toHaveLength(0);

    fill(/^New device name/, "Back room");
    fireEvent.click(screen.getByRole("button", { name: "Register device" }));
    const keyBox = await screen.findByRole("region", { name: "New device key" });
    expect(keyBox).toHaveTextContent("tp_dev_secret");
    expect(JSON.parse(String(api.sent("POST", "/api/place/7/devices")[0].init.body))).toEqual({ name: "Back room" });
    fireEvent.click(within(keyBox).getByRole("button", { name: "Copy key" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("tp_dev_secret"));
    expect(await within(keyBox).findByRole("status")).toHaveTextContent("Key copied to clipboard.");
    fireEvent.click(within(keyBox).getByRole("button", { name: "Done" }));
    expect(screen.queryByText("tp_dev_secret")).not.toBeInTheDocument();

    register = json({ error: "This place already has its maximum of 2 devices." }, 409);
    fill(/^New device name/, "Patio");
    fireEvent.click(screen.getByRole("button", { name: "Register device" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This place already has its maximum of 2 devices.");
  });

  it("says why a sensor is flagged: its implausible readings of the last 24 h", async () => {
    const flagged = {
      ...device,
      id: 4,
      name: "Back room",
      flagged: { implausible_readings_24h: 3, latest_count: 9999, latest_at: "2026-05-01T18:02:00.000Z", reason: "more than 10 × the packed threshold of 40" },
    };
    stubApi({
      ...noTtn,
      "GET /api/businesses": () => json({ businesses: [{ id: 7, name: "The Stoop", max_devices: 2 }] }),
      "GET /api/place/7/devices": () => json({ devices: [device, flagged], max_devices: 2 }),
    });
    renderAt("/admin?section=devices");
    await screen.findByRole("option", { name: "The Stoop" });
    fill("Business", "7");
    const row = (await screen.findByRole("rowheader", { name: "Back room" })).closest("tr")!;
    expect(row).toHaveTextContent(
      `Flagged: 3 implausible readings in the last 24 h, latest 9,999 at ${formatDateTime("2026-05-01T18:02:00.000Z")} (more than 10 × the packed threshold of 40).`,
    );
    const clean = screen.getByRole("rowheader", { name: "Front bar" }).closest("tr")!;
    expect(clean).not.toHaveTextContent("Flagged");
  });

  it("shows each device's health problems as text, leaving implausible counts to the Flagged line", async () => {
    const troubled = {
      ...device,
      online: false,
      flagged: { implausible_readings_24h: 1, latest_count: 9999, latest_at: "2026-05-01T18:02:00.000Z", reason: "more than 10 × the packed threshold of 40" },
      health: [
        { code: "offline", message: "Offline since Fri, May 1, 3:00 PM" },
        { code: "implausible", message: "Implausible counts: 1 in the last 24 hours, left out of the numbers" },
        { code: "clock_drift", message: "Clock drift: its clock is 180 s ahead" },
      ],
    };
    stubApi({
      ...noTtn,
      "GET /api/businesses": () => json({ businesses: [{ id: 7, name: "The Stoop", max_devices: 2 }] }),
      "GET /api/place/7/devices": () => json({ devices: [troubled], max_devices: 2 }),
    });
    renderAt("/admin?section=devices");
    await screen.findByRole("option", { name: "The Stoop" });
    fill("Business", "7");
    const problems = await screen.findByRole("list", { name: "Problems of Front bar" });
    expect(within(problems).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Offline since Fri, May 1, 3:00 PM",
      "Clock drift: its clock is 180 s ahead",
    ]);
    expect(problems.closest("tr")).toHaveTextContent("Flagged: 1 implausible reading");
  });

  it("revokes a device after confirmation", async () => {
    const api = stubApi({
      ...noTtn,
      "GET /api/businesses": () => json({ businesses: [{ id: 7, name: "The Stoop", max_devices: 2 }] }),
      "GET /api/place/7/devices": () => json({ devices: [device], max_devices: 2 }),
      "DELETE /api/place/7/devices/3": () => json({ ok: true }),
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderAt("/admin?section=devices");
    await screen.findByRole("option", { name: "The Stoop" });
    fill("Business", "7");
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Front bar" }));
    expect(await screen.findByRole("status")).toHaveTextContent('Device "Front bar" revoked.');
    expect(api.sent("DELETE", "/api/place/7/devices/3")).toHaveLength(1);
  });
});

describe("Devices: The Things Stack", () => {
  const businesses = () => json({ businesses: [{ id: 7, name: "The Stoop", max_devices: 2 }] });
  const uplink = { dev_eui: "0004A30B001C0530", first_seen: "2026-05-01T18:00:00.000Z", last_seen: "2026-05-01T19:00:00.000Z", uplinks: 12, last_count: 9, application_id: "stoop-counters" };

  it("lists uplinks from unregistered devices and registers one at the chosen business in one click", async () => {
    let unregistered = [uplink];
    const api = stubApi({
      "GET /api/businesses": businesses,
      "GET /api/place/7/devices": () => json({ devices: [], max_devices: 2 }),
      "GET /api/integrations/ttn": () => json({ keys: [] }),
      "GET /api/integrations/ttn/unregistered": () => json({ uplinks: unregistered }),
      "POST /api/place/7/devices": () => {
        unregistered = [];
        return json({ id: 5, name: "TTN 0530", dev_eui: uplink.dev_eui, key: "tpd_unused", created_at: "2026-05-01T19:05:00.000Z" }, 201);
      },
    });
    renderAt("/admin?section=devices");
    const section = (await screen.findByRole("heading", { name: "Uplinks from unregistered devices" })).closest("section")!;
    const row = (await within(section).findByRole("rowheader", { name: "0004A30B001C0530" })).closest("tr")!;
    expect(row).toHaveTextContent("12");
    expect(row).toHaveTextContent(formatDateTime(uplink.last_seen));
    expect(row).toHaveTextContent("9");
    expect(row).toHaveTextContent("stoop-counters");
    // Registering needs a business to register at.
    expect(within(row).getByRole("button", { name: "Register 0004A30B001C0530" })).toBeDisabled();

    await screen.findByRole("option", { name: "The Stoop" });
    fill("Business", "7");
    fireEvent.click(await within(section).findByRole("button", { name: "Register 0004A30B001C0530 at The Stoop" }));
    expect(await within(section).findByRole("status")).toHaveTextContent('0004A30B001C0530 registered as "TTN 0530" at The Stoop.');
    expect(JSON.parse(String(api.sent("POST", "/api/place/7/devices")[0].init.body))).toEqual({
      name: "TTN 0530",
      dev_eui: "0004A30B001C0530",
      // Under the application its uplinks came from, so no other key may post for it.
      application_id: "stoop-counters",
    });
    await waitFor(() => expect(within(section).queryByRole("rowheader", { name: "0004A30B001C0530" })).not.toBeInTheDocument());
    // The business's device list is read again and shows the new device.
    await waitFor(() => expect(api.sent("GET", "/api/place/7/devices")).toHaveLength(2));
  });

  it("sends a DevEUI typed in the register form", async () => {
    const api = stubApi({
      "GET /api/businesses": businesses,
      "GET /api/place/7/devices": () => json({ devices: [], max_devices: 2 }),
      "GET /api/integrations/ttn": () => json({ keys: [] }),
      "GET /api/integrations/ttn/unregistered": () => json({ uplinks: [] }),
      "POST /api/place/7/devices": () => json({ id: 6, name: "Patio", dev_eui: "70B3D57ED0051234", key: "tpd_k", created_at: "2026-05-01T19:05:00.000Z" }, 201),
    });
    renderAt("/admin?section=devices");
    await screen.findByRole("option", { name: "The Stoop" });
    fill("Business", "7");
    fill(/^New device name/, "Patio");
    fill(/^LoRaWAN DevEUI/, " 70b3d57ed0051234 ");
    fill(/^LoRaWAN application ID/, "stoop-counters ");
    fireEvent.click(await screen.findByRole("button", { name: "Register device" }));
    await screen.findByRole("region", { name: "New device key" });
    expect(JSON.parse(String(api.sent("POST", "/api/place/7/devices")[0].init.body))).toEqual({
      name: "Patio",
      dev_eui: "70b3d57ed0051234",
      application_id: "stoop-counters",
    });
  });

  it("creates an integration key shown once with a copy button, lists keys without it and revokes one", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    let keys = [{ id: 1, application_id: null as string | null, created_at: "2026-05-01T18:00:00.000Z", last_used_at: null as string | null }];
    const api = stubApi({
      "GET /api/businesses": businesses,
      "GET /api/integrations/ttn/unregistered": () => json({ uplinks: [] }),
      "GET /api/integrations/ttn": () => json({ keys }),
      "POST /api/integrations/ttn": () => {
        keys = [...keys, { id: 2, application_id: "stoop-counters", created_at: "2026-05-01T19:00:00.000Z", last_used_at: null }];
        return json({ id: 2, key: "tpi_secret", application_id: "stoop-counters", created_at: "2026-05-01T19:00:00.000Z" }, 201);
      },
      "DELETE /api/integrations/ttn/1": () => {
        keys = keys.filter((key) => key.id !== 1);
        return json({ ok: true });
      },
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderAt("/admin?section=devices");
    const section = (await screen.findByRole("heading", { name: "Integrations" })).closest("section")!;
    const first = (await within(section).findByRole("rowheader", { name: "#1" })).closest("tr")!;
    expect(first).toHaveTextContent("Never");
    // A key made before keys were bound takes its first uplink's application.
    expect(first).toHaveTextContent("Its first uplink's");

    fill(/^The Things Stack application ID/, "stoop-counters");
    fireEvent.click(within(section).getByRole("button", { name: "Create integration key" }));
    const keyBox = await within(section).findByRole("region", { name: "New integration key" });
    expect(keyBox).toHaveTextContent("tpi_secret");
    expect(keyBox).toHaveTextContent("for stoop-counters");
    expect(JSON.parse(String(api.sent("POST", "/api/integrations/ttn")[0].init.body))).toEqual({ application_id: "stoop-counters" });
    fireEvent.click(within(keyBox).getByRole("button", { name: "Copy key" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("tpi_secret"));
    expect((await within(section).findByRole("rowheader", { name: "#2" })).closest("tr")).toHaveTextContent("stoop-counters");
    fireEvent.click(within(keyBox).getByRole("button", { name: "Done" }));
    expect(screen.queryByText("tpi_secret")).not.toBeInTheDocument();

    fireEvent.click(within(section).getByRole("button", { name: "Revoke integration key #1" }));
    expect(await within(section).findByRole("status")).toHaveTextContent("Integration key #1 revoked.");
    expect(api.sent("DELETE", "/api/integrations/ttn/1")).toHaveLength(1);
    await waitFor(() => expect(within(section).queryByRole("rowheader", { name: "#1" })).not.toBeInTheDocument());
  });
});

describe("Submissions", () => {
  const submission = (id: number, businessName: string, status: "new" | "handled") => ({
    id, businessName, address: `${id} Avenue B`, phoneNumber: "", submitterEmail: "fan@example.com", website: "javascript:alert(1)",
    reason: "Great trivia", status, created_at: "2026-05-01T18:00:00.000Z", handled_at: status === "handled" ? "2026-05-02T10:00:00.000Z" : null,
  });

  it("shows new submissions in the server's order and marks one handled", async () => {
    const api = stubApi({
      "GET /api/admin/submissions?status=new": () => json({ submissions: [submission(3, "Newest Tavern", "new"), submission(1, "Oldest Bar", "new")] }),
      "GET /api/admin/submissions": () => json({ submissions: [submission(2, "Handled Pub", "handled")] }),
      "PATCH /api/admin/submissions/3": () => json(submission(3, "Newest Tavern", "handled")),
    });
    renderAt("/admin?section=submissions");
    const headings = await screen.findAllByRole("heading", { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(["Newest Tavern", "Oldest Bar"]);
    // A submitted website is text, never a link.
    expect(screen.queryByRole("link", { name: /javascript/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Mark Newest Tavern handled" }));
    expect(await screen.findByRole("status")).toHaveTextContent('"Newest Tavern" marked handled.');
    expect(JSON.parse(String(api.sent("PATCH", "/api/admin/submissions/3")[0].init.body))).toEqual({ status: "handled" });

    fill("Show", "all");
    expect(await screen.findByRole("button", { name: "Reopen Handled Pub" })).toBeInTheDocument();
  });
});

describe("Submissions mail links", () => {
  it("encodes the address, so a stored one cannot add mailto: parameters", async () => {
    const hostile = "o@bar.example?bcc=me%40evil.example";
    stubApi({
      "GET /api/admin/submissions?status=new": () =>
        json({ submissions: [{ id: 4, businessName: "Old Row", address: "4 Avenue C", phoneNumber: "", submitterEmail: hostile,
          website: "", reason: "", status: "new", created_at: "2026-05-01T18:00:00.000Z", handled_at: null }] }),
    });
    renderAt("/admin?section=submissions");
    const link = await screen.findByRole("link", { name: hostile });
    expect(link.getAttribute("href")).toBe(`mailto:${encodeURIComponent(hostile)}`);
    expect(link.getAttribute("href")).not.toMatch(/[?&]/);
  });
});

describe("Reported Reviews", () => {
  const review = (id: number, username: string, hidden: boolean) => ({
    id, place_id: 7, place_name: "The Stoop", username, rating: 1, comment: "Awful staff", created_at: "2026-05-01T18:00:00.000Z",
    open_reports: hidden ? 0 : 2, report_reasons: hidden ? [] : ["Insults the staff"],
    hidden_at: hidden ? "2026-05-02T10:00:00.000Z" : null, hidden_reason: hidden ? "Abusive" : "", hidden_by: hidden ? "owner" : null,
  });

  it("hides a reported review only with a reason, and restores a hidden one", async () => {
    const api = stubApi({
      "GET /api/admin/reviews?status=reported": () => json({ reviews: [review(3, "troll", false)] }),
      "GET /api/admin/reviews?status=hidden": () => json({ reviews: [review(4, "grump", true)] }),
      "POST /api/reviews/3/hide": () => json(review(3, "troll", true)),
      "POST /api/reviews/4/restore": () => json(review(4, "grump", false)),
    });
    renderAt("/admin?section=reviews");
    expect(await screen.findByRole("heading", { name: "troll on The Stoop" })).toBeInTheDocument();
    expect(screen.getByText("Insults the staff")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Hide the review by troll" }));
    expect(await screen.findByText("Say why the review is hidden.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Reason for hiding the review by troll/)).toHaveFocus();
    expect(api.sent("POST", "/api/reviews/3/hide")).toHaveLength(0);

    fill(/Reason for hiding the review by troll/, "Abusive language");
    fireEvent.click(screen.getByRole("button", { name: "Hide the review by troll" }));
    expect(await screen.findByRole("status")).toHaveTextContent("The review by troll is hidden.");
    expect(JSON.parse(String(api.sent("POST", "/api/reviews/3/hide")[0].init.body))).toEqual({ reason: "Abusive language" });

    fill("Show", "hidden");
    expect(await screen.findByText(/by an owner of the venue/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Restore the review by grump" }));
    expect(await screen.findByRole("status")).toHaveTextContent("The review by grump is shown again.");
    expect(api.sent("POST", "/api/reviews/4/restore")[0].init.body).toBeUndefined();
  });
});

describe("Live Looks moderation", () => {
  const look = (id: number, hidden: boolean) => ({
    id, place_id: 7, place_name: "The Stoop", text: "Rude words", photo_url: "/api/images/live-looks/x.jpg", video_url: null, poster_url: null, wait: "lt5", vibe: null,
    created_at: "2026-05-01T18:00:00.000Z", open_reports: hidden ? 3 : 1,
    hidden_at: hidden ? "2026-05-02T10:00:00.000Z" : null, hidden_reason: hidden ? "Reported by 3 visitors." : "", hidden_by: hidden ? "reports" : null,
  });

  it("hides a reported post only with a reason, and deletes a hidden one after a confirmation", async () => {
    const api = stubApi({
      "GET /api/admin/live-looks?status=reported": () => json({ live_looks: [look(3, false)] }),
      "GET /api/admin/live-looks?status=hidden": () => json({ live_looks: [look(4, true)] }),
      "POST /api/live-looks/3/hide": () => json(look(3, true)),
      "DELETE /api/live-looks/4": () => json({ ok: true }),
    });
    renderAt("/admin?section=live-looks");
    expect(await screen.findByRole("heading", { name: "Live Look 3 at The Stoop" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Rude words" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Hide Live Look 3 at The Stoop" }));
    expect(await screen.findByText("Say why the Live Look is hidden.")).toBeInTheDocument();
    expect(api.sent("POST", "/api/live-looks/3/hide")).toHaveLength(0);
    fill(/Reason for hiding Live Look 3/, "Abusive");
    fireEvent.click(screen.getByRole("button", { name: "Hide Live Look 3 at The Stoop" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Live Look 3 at The Stoop is hidden.");
    expect(JSON.parse(String(api.sent("POST", "/api/live-looks/3/hide")[0].init.body))).toEqual({ reason: "Abusive" });

    fill("Show", "hidden");
    expect(await screen.findByText(/by 3 reports/)).toBeInTheDocument();
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole("button", { name: "Delete Live Look 4 at The Stoop" }));
    expect(api.sent("DELETE", "/api/live-looks/4")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Delete Live Look 4 at The Stoop" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Live Look 4 at The Stoop and its photo are deleted.");
    expect(api.sent("DELETE", "/api/live-looks/4")).toHaveLength(1);
    confirm.mockRestore();
  });
});

describe("reported messages", () => {
  const report = (id: number, closed: boolean) => ({
    id, conversation_id: 5, message_id: 22, reporter: { id: 2, handle: "sam", name: "Sam" }, reason: "rude",
    context: [
      { id: 21, sender_id: 2, text: "See you at 9", created_at: "2026-05-01T18:00:00.000Z" },
      { id: 22, sender_id: 1, text: "Something rude", created_at: "2026-05-01T18:01:00.000Z" },
      { id: 23, sender_id: 9, text: "From a gone account", created_at: "2026-05-01T18:02:00.000Z" },
    ],
    senders: [{ id: 1, handle: "maya", name: "Maya" }, { id: 2, handle: "sam", name: "Sam" }],
    created_at: "2026-05-01T18:05:00.000Z", resolved_at: closed ? "2026-05-02T10:00:00.000Z" : null, resolution: closed ? "dismissed" : null,
  });

  it("shows each report's messages with their writers, the reported one marked, and closes it as resolved or dismissed", async () => {
    const api = stubApi({
      "GET /api/admin/message-reports?state=open": () => json({ reports: [report(3, false)] }),
      "GET /api/admin/message-reports?state=resolved": () => json({ reports: [report(4, true)] }),
      "POST /api/admin/message-reports/3/dismiss": () => json({ ok: true }),
    });
    renderAt("/admin?section=message-reports");
    expect(await screen.findByRole("heading", { name: "Report 3" })).toBeInTheDocument();
    const reported = screen.getByText("Something rude").closest("li")!;
    expect(reported).toHaveAttribute("aria-current", "true");
    expect(reported).toHaveTextContent(/^Reported: Maya \(@maya\)/);
    expect(screen.getByText("From a gone account").closest("li")).toHaveTextContent(/^A deleted account/);

    fireEvent.click(screen.getByRole("button", { name: "Dismiss report 3" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Report 3 is dismissed.");
    expect(api.sent("POST", "/api/admin/message-reports/3/dismiss")).toHaveLength(1);
    expect(api.sent("POST", "/api/admin/message-reports/3/resolve")).toHaveLength(0);

    fill("Show", "resolved");
    expect(await screen.findByText(/^Dismissed, /)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resolve report 4" })).toBeNull();
  });
});

describe("admin events", () => {
  const event = {
    id: 9, place_id: 7, place_name: null, name: "Jazz Night", description: "Live trio", start_time: "2026-06-05T23:30:00.000Z",
    end_time: null, max_capacity: 80, category: 4, category_name: "Live Music", is_recurring: false, repeats: false,
    repeating_days: [], frequency: "", host_name: "", additional_details: "", photo_url: null, cover_image: null, flyer_image: null,
  };

  it("lists cards with the place name or 'Unknown Place', each leading to its editor", async () => {
    stubApi({ "GET /api/events": () => json({ events: [event, { ...event, id: 10, name: "Trivia", place_name: "The Stoop" }] }) });
    renderAt("/admin/manage-events", <AdminEventList />, "/admin/manage-events");
    const jazz = await screen.findByRole("link", { name: /Jazz Night/ });
    expect(jazz).toHaveAttribute("href", "/admin/edit-event/9");
    expect(jazz).toHaveTextContent("Unknown Place");
    expect(jazz).toHaveTextContent("Live Music");
    expect(screen.getByRole("link", { name: /Trivia/ })).toHaveTextContent("The Stoop");
  });

  it("shows 'Failed to fetch events.' when the list cannot be read", async () => {
    stubApi({ "GET /api/events": () => new Response(null, { status: 500 }) });
    renderAt("/admin/manage-events", <AdminEventList />, "/admin/manage-events");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch events.");
  });

  it("edits every field, requires the four the spec names, and alerts 'Event updated successfully!'", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const api = stubApi({
      "GET /api/events/9": () => json(event),
      "GET /api/places": () => json(places),
      "GET /api/event-categories": () => json({ categories: [{ id: 4, name: "Live Music", description: "" }] }),
      "PUT /api/events/9": () => json({ ...event, name: "Jazz Night II" }),
    });
    const router = renderAt("/admin/edit-event/9", <AdminEventEditor eventId="9" />, "/admin/edit-event/:eventId");
    expect(await screen.findByLabelText(/^Event name/)).toHaveValue("Jazz Night");
    await screen.findByRole("option", { name: "Live Music" });
    expect(screen.getByLabelText(/^Place/)).toHaveValue("7");
    for (const label of [/^Description/, /^End time/, /^Max capacity/, /^Category/, "Recurring event", /^Frequency/, /^Host name/, /^Additional details/, "Cover image", "Flyer image"]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }

    fill(/^Event name/, "");
    fill(/^Description/, "");
    fill(/^Start time/, "");
    fireEvent.click(screen.getByLabelText("Recurring event"));
    fireEvent.click(screen.getByRole("button", { name: "Update Event" }));
    expect(await screen.findByText("Event name is required.")).toBeInTheDocument();
    expect(screen.getByText("Description is required.")).toBeInTheDocument();
    expect(screen.getByText("Start time is required.")).toBeInTheDocument();
    expect(screen.getByText("Pick at least one day for a recurring event.")).toBeInTheDocument();
    expect(api.sent("PUT", "/api/events/9")).toHaveLength(0);

    fill(/^Event name/, "Jazz Night II");
    fill(/^Description/, "Live quartet");
    fill(/^Start time/, "2026-06-06T20:00");
    fireEvent.click(screen.getByRole("checkbox", { name: "Friday" }));
    const flyer = new File(["png"], "flyer.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Flyer image"), { target: { files: [flyer] } });
    fireEvent.click(screen.getByRole("button", { name: "Update Event" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Event updated successfully!"));
    const body = api.sent("PUT", "/api/events/9")[0].init.body as FormData;
    expect(body.get("name")).toBe("Jazz Night II");
    expect(body.get("is_recurring")).toBe("True");
    expect(body.get("repeating_days")).toBe('["Friday"]');
    expect(body.get("start_time")).toBe(new Date("2026-06-06T20:00").toISOString());
    expect(body.get("flyer_image")).toBe(flyer);
    expect(body.has("end_time")).toBe(false);
    expect(router.state.location.pathname).toBe("/admin/manage-events");
    expect(await screen.findByText("Another page")).toBeInTheDocument();
  });

  it("shows 'Failed to fetch event details.' and 'Failed to fetch places or categories.'", async () => {
    stubApi({ "GET /api/events/9": () => json({ error: "No such event." }, 404) });
    renderAt("/admin/edit-event/9", <AdminEventEditor eventId="9" />, "/admin/edit-event/:eventId");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch event details.");
  });

  it("shows 'Failed to fetch places or categories.' when either list fails, and the server's update error", async () => {
    stubApi({
      "GET /api/events/9": () => json(event),
      "GET /api/places": () => json(places),
      "GET /api/event-categories": () => new Response(null, { status: 500 }),
      "PUT /api/events/9": () => new Response(null, { status: 500 }),
    });
    renderAt("/admin/edit-event/9", <AdminEventEditor eventId="9" />, "/admin/edit-event/:eventId");
    expect(await screen.findByText("Failed to fetch places or categories.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Update Event" }));
    await waitFor(() => expect(screen.getAllByRole("alert").map((node) => node.textContent)).toContain("Failed to update event."));
  });
});

describe("Dead Letters", () => {
  const letter = { id: 4, queue: "third-place-push", body: '{"subscription_id":{}}', dead_at: "2031-05-13T12:00:00.000Z" };

  it("lists each dead letter with its queue, time and body, and Retry sends it back, then reads the list again", async () => {
    let listed = [letter];
    const api = stubApi({
      "GET /api/admin/dead-letters": () => json({ dead_letters: listed, total: listed.length }),
      "POST /api/admin/dead-letters/4/retry": () => {
        listed = [];
        return json({ queue: "third-place-push" });
      },
    });
    renderAt("/admin?section=dead-letters");
    const card = (await screen.findByRole("heading", { name: "Dead letter 4" })).closest("li")!;
    expect(within(card).getByText("third-place-push")).toBeInTheDocument();
    expect(within(card).getByText(formatDateTime(letter.dead_at))).toBeInTheDocument();
    expect(within(card).getByText(letter.body)).toBeInTheDocument();
    fireEvent.click(within(card).getByRole("button", { name: "Retry dead letter 4" }));
    expect(await screen.findByText("Dead letter 4 sent back to third-place-push.")).toBeInTheDocument();
    expect(await screen.findByText("No dead letters.")).toBeInTheDocument();
    expect(api.sent("POST", "/api/admin/dead-letters/4/retry")).toHaveLength(1);
  });

  it("shows 'Failed to fetch dead letters.' when the list cannot be read", async () => {
    stubApi({ "GET /api/admin/dead-letters": () => new Response(null, { status: 500 }) });
    renderAt("/admin?section=dead-letters");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch dead letters.");
  });

  it("says why a retry failed", async () => {
    stubApi({
      "GET /api/admin/dead-letters": () => json({ dead_letters: [letter], total: 1 }),
      "POST /api/admin/dead-letters/4/retry": () => json({ error: "No such dead letter." }, 404),
    });
    renderAt("/admin?section=dead-letters");
    fireEvent.click(await screen.findByRole("button", { name: "Retry dead letter 4" }));
    expect(await screen.findByText("No such dead letter.")).toBeInTheDocument();
  });
});
