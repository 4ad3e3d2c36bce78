// What the browser and the worker both know of the consumer app's shell (docs/app.md#the-app-shell):
// which paths are the app, and the shell's words. The client draws the shell from them; the worker
// sends a placeholder of the same frame in the HTML of those paths, so the first paint is the app's.

/** Paths of the consumer app, whose sign-in is everyone's /signin. */
const CONSUMER_AREA = /^\/app(\/|$|\?)/;

/** Whether `path` is a page of the consumer app, which has its own shell instead of the site's header and footer. */
export const isConsumerAppPath = (path: string) => CONSUMER_AREA.test(path);

/** The shell's route chunk (client/routes.tsx): its stylesheet is linked in the HTML of the app's paths. */
export const APP_SHELL_CHUNK = "AppShell";

export const SHELL_MESSAGES = {
  appName: "Third Place",
  home: "Third Place: Near me",
  settings: "Settings",
  tabsLabel: "The app",
  loading: "Loading",
  tabs: {
    near: "Near me",
    saved: "Saved",
    friends: "Friends",
    plans: "Plans",
    inbox: "Inbox",
  },
} as const;
