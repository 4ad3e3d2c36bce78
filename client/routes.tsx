// Every route of the spec's route list, each page a lazy module so a visitor of the marketing
// pages never downloads dashboard, admin, chart or map code. The public pages, which the worker
// renders too, are listed in publicPages.tsx.
import { loadOrReloadOnce } from "./lib/reloadOnce";
import { layoutRoutes, PUBLIC_PAGES, type PageRoute } from "./publicPages";

/** Rendered in the browser only: the worker serves them the app's shell. */
const APP_PAGES: PageRoute[] = [
  { path: "auth", load: () => import("./pages/auth/SignIn") },
  { path: "signin", load: () => import("./pages/auth/AccountSignIn") },
  { path: "signup", load: () => import("./pages/auth/AccountSignUp") },
  { path: "forgot-password", load: () => import("./pages/auth/ForgotPassword") },
  { path: "reset-password", load: () => import("./pages/auth/ResetPassword") },
  // Full screen, outside the app's shell; it reads the code kept on the phone, so it shows offline (docs/offers.md#the-code-screen).
  { path: "claim/:offerId", load: () => import("./pages/claim/ClaimScreen") },
  {
    // The consumer app: every page inside its shell's top bar and tab bar (docs/app.md#the-app-shell).
    path: "app",
    load: () => import("./pages/app/shell/AppShell"),
    children: [
      { load: () => import("./pages/app/NearMe") },
      { path: "saved", load: () => import("./pages/app/Saved") },
      { path: "inbox", load: () => import("./pages/app/InboxPage") },
      { path: "settings", load: () => import("./pages/app/Settings") },
      { path: "friends", load: () => import("./pages/app/Friends") },
      { path: "friends/invite/:token", load: () => import("./pages/app/AcceptFriendInvite") },
      { path: "plans", load: () => import("./pages/app/plans/Plans") },
      { path: "plans/new", load: () => import("./pages/app/plans/NewPlan") },
      { path: "plans/:planId", load: () => import("./pages/app/plans/PlanPage") },
      { path: "messages", load: () => import("./pages/app/messages/Messages") },
      { path: "messages/:conversationId", load: () => import("./pages/app/messages/ConversationPage") },
    ],
  },
  { path: "invite/:token", load: () => import("./pages/auth/AcceptInvite") },
  { path: "dashboard", load: () => import("./pages/dashboard/Dashboard") },
  { path: "place_info", load: () => import("./pages/dashboard/PlaceInfo") },
  { path: "place_dashboard", load: () => import("./pages/dashboard/PlaceDashboard") },
  { path: "admin", load: () => import("./pages/admin/Admin") },
  { path: "admin/manage-events", load: () => import("./pages/admin/ManageEvents") },
  { path: "admin/edit-event/:eventId", load: () => import("./pages/admin/EditEvent") },
  { path: "*", load: () => import("./pages/NotFound") },
];

/** The browser's routes: every page, reloading once when a deploy took a page's chunk away. */
export const routes = layoutRoutes([...PUBLIC_PAGES, ...APP_PAGES], (load) => async () => ({ Component: (await loadOrReloadOnce(load)).default }));
