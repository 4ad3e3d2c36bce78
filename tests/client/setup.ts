import "@testing-library/jest-dom/vitest";
// Owner pages import uPlot, which needs browser pieces jsdom lacks.
import "./uplot-dom-stubs";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
