import "@testing-library/jest-dom/vitest";
// Owner pages import uPlot, which needs browser pieces jsdom lacks.
import "./uplot-dom-stubs";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { forgetApiData } from "../../client/api/useApi";
import { messagesOutsideProvider } from "../../client/lib/i18n";
import { compiledCatalogue } from "../../common/messages/compile";

// A component rendered alone reads in English, as the page around it would (docs/languages.md),
// compiled as every page's messages are.
messagesOutsideProvider({ language: "en", locale: "en-US", messages: compiledCatalogue("en") });

// findBy… and waitFor wait for an outcome, never for a time; the default of 1 s only ends a wait, and a
// lazy route's first import takes longer than that on a loaded 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  forgetApiData();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
