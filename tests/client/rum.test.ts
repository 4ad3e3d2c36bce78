// The SDK's glue (client/lib/rum.ts) against a stand-in SDK: views named by route, replay only
// after the first interaction and never on admin or invite pages, owner pages masked, and caught
// errors sent with their route.
import { fireEvent } from "@testing-library/react";
import { createMemoryRouter, type RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startRum } from "../../client/lib/rum";
import { MONITORING_CONFIG as CONFIG } from "./monitoring-fixtures";

const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  startView: vi.fn(),
  startSessionReplayRecording: vi.fn(),
  stopSessionReplayRecording: vi.fn(),
  addError: vi.fn(),
}));
vi.mock("@datadog/browser-rum", () => ({ datadogRum: sdk }));


// The app's route shapes, with empty pages.
const Page = () => null;
const routes: RouteObject[] = [
  {
    path: "/",
    children: [{ index: true, Component: Page }, ...["admin", "dashboard", "invite/:token", "profile/:barId"].map((path) => ({ path, Component: Page }))],
  },
];

const calledBefore = (first: { mock: { invocationCallOrder: number[] } }, second: { mock: { invocationCallOrder: number[] } }) =>
  first.mock.invocationCallOrder.at(-1)! < second.mock.invocationCallOrder.at(-1)!;

// Idle callbacks run at once, so what follows an interaction is checked without waiting.
beforeEach(() => {
  vi.stubGlobal("requestIdleCallback", (task: () => void) => {
    task();
    return 0;
  });
});
afterEach(() => {
  for (const spy of Object.values(sdk)) spy.mockReset();
});

describe("startRum()", () => {
  it("names views by route, records replay only after an interaction and never on admin or invite pages", async () => {
    const router = createMemoryRouter(routes, { initialEntries: ["/"] });
    const report = await startRum(CONFIG, router);
    expect(sdk.init).toHaveBeenCalledOnce();
    expect(sdk.startView).toHaveBeenLastCalledWith({ name: "/" });
    expect(sdk.startSessionReplayRecording).not.toHaveBeenCalled();

    fireEvent.pointerDown(window);
    expect(sdk.startSessionReplayRecording).toHaveBeenCalledOnce();

    await router.navigate("/admin");
    expect(sdk.startView).toHaveBeenLastCalledWith({ name: "/admin" });
    expect(calledBefore(sdk.stopSessionReplayRecording, sdk.startView)).toBe(true);
    expect(sdk.startSessionReplayRecording).toHaveBeenCalledOnce();

    await router.navigate("/invite/eyJsecret");
    expect(sdk.startView).toHaveBeenLastCalledWith({ name: "/invite/:token" });
    expect(sdk.startSessionReplayRecording).toHaveBeenCalledOnce();

    await router.navigate("/dashboard?place_id=3");
    expect(sdk.startView).toHaveBeenLastCalledWith({ name: "/dashboard" });
    expect(sdk.startSessionReplayRecording).toHaveBeenCalledTimes(2);
    expect(calledBefore(sdk.startView, sdk.startSessionReplayRecording)).toBe(true);

    // Only a new path is a new view.
    await router.navigate("/dashboard?place_id=4");
    expect(sdk.startView).toHaveBeenCalledTimes(4);

    await router.navigate("/profile/the-copper-lantern");
    expect(sdk.startView).toHaveBeenLastCalledWith({ name: "/profile/:barId" });

    const error = new Error("chart exploded");
    report(error, { source: "data", status: 500 });
    expect(sdk.addError).toHaveBeenCalledWith(error, { source: "data", status: 500, route: "/profile/:barId" });
  });

  it("records nothing on a first page that must not be recorded, even after an interaction", async () => {
    const router = createMemoryRouter(routes, { initialEntries: ["/admin"] });
    await startRum(CONFIG, router);
    expect(sdk.startView).toHaveBeenLastCalledWith({ name: "/admin" });
    fireEvent.keyDown(window, { key: "a" });
    expect(sdk.startSessionReplayRecording).not.toHaveBeenCalled();
  });
});
