// The public pages' islands (docs/server-rendering.md#islands): the worker's HTML of an island
// stays HTML until its moment; the islands' entry then hydrates it with its own component, and a
// click that came before is answered once it has; a link is followed at once, as a document.
// A form typed into before it hydrated keeps its text. Session monitoring waits for the visitor's
// first touch (docs/monitoring.md#on-a-page-of-islands).
import { fireEvent, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Header } from "../../client/components/Header";
import { Island, PlainIsland } from "../../client/islands/Island";
import { SubmissionForm } from "../../client/pages/SubmissionForm";

const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));

/** An island as the worker renders it, in a document of its own; returns its marker. */
function islandPage(island: React.ReactElement): HTMLElement {
  document.body.innerHTML = renderToString(island);
  return document.querySelector("tp-island")!;
}

/** The header's island (the phone menu), as on every page of islands. */
const headerPage = () => islandPage(<Island name="header" when="interaction" component={Header} props={{}} />);

describe("an island at interaction", () => {
  let marker: HTMLElement;
  beforeAll(async () => {
    marker = headerPage();
    // The islands' entry runs once, on the page it finds.
    await import("../../client/islands");
  });

  it("is marked with its name, its moment and its props, around the component's HTML", () => {
    expect(marker.dataset).toMatchObject({ island: "header", when: "interaction", props: "{}" });
    expect(marker.querySelectorAll(".site-nav a")).toHaveLength(7);
  });

  it("stays the worker's HTML until touched, then answers the click that came before it hydrated", async () => {
    const menu = marker.querySelector<HTMLButtonElement>("button.hamburger")!;
    expect(hydrated(menu)).toBe(false);
    expect(menu.getAttribute("aria-expanded")).toBe("false");

    fireEvent.pointerOver(menu);
    // Held, not lost: the browser's default (and React, not there yet) sees nothing now.
    expect(fireEvent.click(menu)).toBe(false);
    await waitFor(() => expect(menu.getAttribute("aria-expanded")).toBe("true"));
    expect(hydrated(menu)).toBe(true);
    // The same DOM, hydrated: the next click is React's own.
    fireEvent.click(menu);
    expect(menu.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("a link in an island before it hydrated", () => {
  it("is followed as a document: its click is not held", async () => {
    vi.resetModules();
    const marker = headerPage();
    await import("../../client/islands");
    const link = marker.querySelector<HTMLAnchorElement>('a[href="/about"]')!;
    // A click event not cancelled: the browser follows the link (jsdom does not navigate).
    let defaultPrevented = true;
    link.addEventListener("click", (event) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault();
    });
    fireEvent.click(link);
    expect(defaultPrevented).toBe(false);
  });
});

describe("the Submit a Business form, an island at interaction", () => {
  it("keeps what was typed before it hydrated, and answers the submit that came before", async () => {
    vi.resetModules();
    const marker = islandPage(<Island name="submission" when="interaction" component={SubmissionForm} props={{}} />);
    await import("../../client/islands");
    const businessName = marker.querySelector<HTMLInputElement>("input#businessName")!;
    const submit = marker.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    // Typed into the worker's HTML: no React yet.
    businessName.value = "Night Owl";
    expect(hydrated(businessName)).toBe(false);

    fireEvent.pointerOver(submit);
    // The form is not sent by the browser (a GET of this page with the fields in its address).
    expect(fireEvent.click(submit)).toBe(false);
    // Checked once hydrated, with the name the visitor typed: only the address is missing.
    await waitFor(() => expect(marker.querySelectorAll(".field-error")).toHaveLength(1));
    expect(marker.querySelector("#address-error")?.textContent).toBe("This field is required.");
    expect(businessName.value).toBe("Night Owl");
    expect(businessName.getAttribute("aria-invalid")).toBeNull();
  });
});

describe("session monitoring on a page of islands", () => {
  it("asks whether it is configured only at the visitor's first touch", async () => {
    vi.resetModules();
    headerPage();
    const fetched = vi.fn(async (_url: RequestInfo | URL) => Response.json({ rum: null }));
    vi.stubGlobal("fetch", fetched);
    const asked = () => fetched.mock.calls.filter(([url]) => String(url).includes("/api/config/monitoring")).length;
    await import("../../client/islands");
    // The loader's idle callback runs at once here: only the touch decides.
    vi.stubGlobal("requestIdleCallback", (task: () => void) => task());
    // Loaded, untouched: nothing asked.
    expect(asked()).toBe(0);
    fireEvent.pointerDown(document.body);
    // (Once by each copy of the entry this file loaded: each is a page of its own.)
    await waitFor(() => expect(asked()).toBeGreaterThan(0));
    const afterTouch = asked();
    // Once: a second touch starts nothing more.
    fireEvent.keyDown(document.body, { key: "Tab" });
    expect(asked()).toBe(afterTouch);
  });
});

describe("a plain island", () => {
  it("is mounted at its moment without React: the live map's filters' form is sent on a change", async () => {
    vi.resetModules();
    document.body.innerHTML = renderToString(
      <PlainIsland name="filters" when="interaction">
        <form id="live-filters" method="get" action="/live-look">
          <input type="checkbox" name="open_now" value="1" aria-label="Open now" />
        </form>
      </PlainIsland>,
    );
    const marker = document.querySelector("tp-island")!;
    expect(marker.hasAttribute("data-plain")).toBe(true);
    await import("../../client/islands");
    const box = marker.querySelector("input")!;
    const sent: { prevented: boolean }[] = [];
    document.addEventListener("submit", (event) => {
      sent.push({ prevented: event.defaultPrevented });
      event.preventDefault();
    });
    fireEvent.pointerOver(box);
    // The held click is replayed once mounted; the change sends the form, which the island takes over (a new address).
    fireEvent.click(box);
    await waitFor(() => expect(sent).toEqual([{ prevented: true }]));
    expect(box.checked).toBe(true);
    expect(hydrated(box)).toBe(false);
  });
});
