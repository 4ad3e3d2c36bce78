import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { captureInstallPrompt } from "./app/install";
import { startMonitoring } from "./lib/monitoring";
import { router } from "./routes";
import "./styles/global.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

startMonitoring(router);
captureInstallPrompt();

// The installable app's service worker (docs/app.md#service-worker): registered after load, from a
// module of its own, so it costs the first view nothing. Not in development, where no /sw.js is built.
if (import.meta.env.PROD) {
  const register = () => void import("./app/registerServiceWorker").then((module) => module.registerServiceWorker());
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
