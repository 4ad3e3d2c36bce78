// A server-rendered page's answers (docs/server-rendering.md): useApi starts from them without a
// request, reads them again only when told, and forgets them after the first page; useNow renders
// the server's time while hydrating, so the browser's first render is the server's. A page of
// islands ships only the answers its islands read in the worker's render.
import { act, renderHook } from "@testing-library/react";
import { Suspense, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Read } from "../../client/api/endpoints";
import { answersRead, PageDataContext, pageDataOf, type PageData } from "../../client/api/pageData";
import { Island, PlainIsland } from "../../client/islands/Island";
import type { IslandComponent } from "../../client/islands/registry";
import { useApi } from "../../client/api/useApi";
import { HydrationState, PageHydrated, pageSettled, useHydrated, useNow } from "../../client/lib/hydration";

const RENDERED_AT = Date.UTC(2026, 10, 26, 21, 0);

function page(answers: Record<string, unknown>, revalidate = false): PageData {
  return pageDataOf({ renderedAt: RENDERED_AT, origin: "https://third-place.test", answers, language: "en", locale: "en-US", messages: {} }, revalidate);
}

function readOf(key: string, answer: string) {
  const load = vi.fn(async () => answer);
  const read: Read<string> = { key, path: key.split(" ")[2], load };
  return { read, load };
}

const within = (data: PageData) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
  };

describe("useApi on a server-rendered page", () => {
  it("starts from the page's answer and sends no request", async () => {
    const { read, load } = readOf("owner GET /api/seeded-a", "from the browser");
    const { result } = renderHook(() => useApi(read), { wrapper: within(page({ [read.key]: "from the server" })) });
    expect(result.current).toMatchObject({ data: "from the server", loading: false, error: null, loadedAt: RENDERED_AT });
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
  });

  it("reads it again at once when the page says so (signed in, or an old page)", async () => {
    const { read, load } = readOf("owner GET /api/seeded-b", "from the browser");
    const { result } = renderHook(() => useApi(read), { wrapper: within(page({ [read.key]: "from the server" }, true)) });
    expect(result.current.data).toBe("from the server");
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.data).toBe("from the browser");
  });

  it("reads a key the page has no answer for, and every key once the answers are forgotten", async () => {
    const data = page({ "owner GET /api/seeded-c": "from the server" });
    const other = readOf("owner GET /api/not-seeded", "read");
    const first = renderHook(() => useApi(other.read), { wrapper: within(data) });
    await act(async () => {});
    expect(other.load).toHaveBeenCalledTimes(1);
    expect(first.result.current.data).toBe("read");

    data.answers.clear();
    const seeded = readOf("owner GET /api/seeded-c", "from the browser");
    const second = renderHook(() => useApi(seeded.read), { wrapper: within(data) });
    await act(async () => {});
    expect(seeded.load).toHaveBeenCalledTimes(1);
    expect(second.result.current.data).toBe("from the browser");
  });
});

describe("hydrating", () => {
  function Clock() {
    const now = useNow();
    return <p>{useHydrated() ? "hydrated" : "not yet"} at {now}</p>;
  }

  it("renders the server's time and nothing of this browser's until hydrated, then the clock", async () => {
    const data = page({});
    // As the app is (client/main.tsx, client/components/Layout.tsx): the page in a boundary that
    // hydrates after the rest, and says when it has.
    const app = (
      <PageDataContext.Provider value={data}>
        <HydrationState hydrating>
          <Suspense>
            <Clock />
            <PageHydrated />
          </Suspense>
        </HydrationState>
      </PageDataContext.Provider>
    );
    const html = renderToString(app);
    expect(html).toContain(`not yet<!-- --> at <!-- -->${RENDERED_AT}`);
    let settled = false;
    void pageSettled.then(() => (settled = true));
    await act(async () => {});
    expect(settled).toBe(false);
    const container = document.createElement("div");
    container.innerHTML = html;
    const mismatches = vi.fn();
    await act(async () => {
      hydrateRoot(container, app, { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(container.textContent).toMatch(/^hydrated at \d+$/);
    expect(container.textContent).not.toContain(String(RENDERED_AT));
    // What waits for the page (monitoring's start) goes on only now.
    expect(settled).toBe(true);
  });

  it("is over from the first render of a page the browser renders itself", () => {
    const { result } = renderHook(() => useHydrated());
    expect(result.current).toBe(true);
    expect(renderHook(() => useHydrated(), { wrapper: ({ children }) => <HydrationState hydrating={false}>{children}</HydrationState> }).result.current).toBe(true);
  });
});

describe("a page of islands' data island", () => {
  const answers = { "owner GET /api/in-island": "read by the island", "owner GET /api/html-only": "rendered as HTML", "owner GET /api/plain": "read by plain code" };
  const inIsland = readOf("owner GET /api/in-island", "from the browser");
  const htmlOnly = readOf("owner GET /api/html-only", "from the browser");
  function Shows({ read }: { read: Read<string> }) {
    return <p>{useApi(read).data ?? "loading"}</p>;
  }
  function InIsland() {
    return <Shows read={inIsland.read} />;
  }
  const islandsPage = (
    <>
      <Shows read={htmlOnly.read} />
      <Island name="save" when="interaction" component={InIsland as unknown as IslandComponent<"save">} props={{} as never} />
      <PlainIsland name="map" when="visible" reads={["owner GET /api/plain"]}>
        <p>the map</p>
      </PlainIsland>
    </>
  );

  it("holds the answers its islands read and what plain islands say they read; an island hydrates from them without a request", async () => {
    // The worker's render (client/server.tsx) notes the keys its islands read.
    const islandReads = new Set<string>();
    const html = renderToString(<PageDataContext.Provider value={{ ...page(answers), islandReads }}>{islandsPage}</PageDataContext.Provider>);
    expect(html).toContain("rendered as HTML");
    expect(html).toContain("read by the island");
    const shipped = answersRead(answers, islandReads);
    expect(shipped).toEqual({ "owner GET /api/in-island": "read by the island", "owner GET /api/plain": "read by plain code" });

    // The browser hydrates the island alone (client/islands/hydrate.tsx), from the shipped answers.
    const container = document.createElement("div");
    container.innerHTML = html;
    const marker = container.querySelector<HTMLElement>('tp-island[data-island="save"]')!;
    const mismatches = vi.fn();
    await act(async () => {
      hydrateRoot(marker, <PageDataContext.Provider value={page(shipped)}><InIsland /></PageDataContext.Provider>, { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(marker.textContent).toBe("read by the island");
    expect(inIsland.load).not.toHaveBeenCalled();
    expect(htmlOnly.load).not.toHaveBeenCalled();
  });
});
