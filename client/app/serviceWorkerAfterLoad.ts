// The installable app's service worker (docs/app.md#service-worker), registered by both entries
// (main.tsx, islands.tsx) after load, from a module of its own, so it costs the first view nothing.
// Not in development, where no /sw.js is built.
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD) return;
  const register = () => void import("./registerServiceWorker").then((module) => module.registerServiceWorker());
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
