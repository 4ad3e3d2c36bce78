import "@testing-library/jest-dom/vitest";
// Owner pages import uPlot, which needs browser pieces jsdom lacks.
import "./uplot-dom-stubs";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { forgetApiData } from "../../client/api/useApi";

afterEach(() => {
  cleanup();
  forgetApiData();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
