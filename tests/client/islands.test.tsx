// The public pages' islands (docs/server-rendering.md#islands): the worker's HTML of an island
// stays HTML until its moment; the islands' entry then hydrates it with its own component, and a
// click that came before is answered once it has; a link is followed at once, as a document.
// Session monitoring waits for the visitor's first touch (docs/monitoring.md#on-a-page-of-islands).
import { fireEvent, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Island } from "../../client/islands/Island";
import { FaqAccordion } from "../../client/pages/marketing/FaqAccordion";

const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));

/** The FAQ's island as the worker renders it, in a document of its own. */
function faqPage(): HTMLElement {
  document.body.innerHTML = renderToString(
    <StaticRouter location="/faq">
      <Island name="faq" when="interaction" component={FaqAccordion} props={{}} />
    </StaticRouter>,
  );
  return document.querySelector("tp-island")!;
}

describe("an island at interaction", () => {
  let marker: HTMLElement;
  beforeAll(async () => {
    marker = faqPage();
    // The islands' entry runs once, on the page it finds.
    await import("../../client/islands");
  });

  it("is marked with its name, its moment and its props, around the component's HTML", () => {
    expect(marker.dataset).toMatchObject({ island: "faq", when: "interaction", props: "{}" });
    expect(marker.querySelectorAll(".accordion button")).toHaveLength(12);
  });

  it("stays the worker's HTML until touched, then answers the click that came before it hydrated", async () => {
    const question = marker.querySelector<HTMLButtonElement>(".accordion button")!;
    expect(hydrated(question)).toBe(false);
    expect(question.getAttribute("aria-expanded")).toBe("false");

    fireEvent.pointerOver(question);
    // Held, not lost: the browser's default (and React, not there yet) sees nothing now.
    expect(fireEvent.click(question)).toBe(false);
    await waitFor(() => expect(question.getAttribute("aria-expanded")).toBe("true"));
    expect(hydrated(question)).toBe(true);
    // The same DOM, hydrated: the next click is React's own.
    fireEvent.click(question);
    expect(question.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("a link in an island before it hydrated", () => {
  it("is followed as a document: its click is not held", async () => {
    vi.resetModules();
    const marker = faqPage();
    await import("../../client/islands");
    const link = marker.querySelector<HTMLAnchorElement>('a[href="/live-look"]')!;
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

describe("session monitoring on a page of islands", () => {
  it("asks whether it is configured only at the visitor's first touch", async () => {
    vi.resetModules();
    faqPage();
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
