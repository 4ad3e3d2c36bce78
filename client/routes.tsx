// Every route of the spec's route list, each page a lazy module so a visitor of the marketing
// pages never downloads dashboard, admin, chart or map code.
import { createBrowserRouter, type RouteObject } from "react-router";
import { Layout } from "./components/Layout";
import { loadOrReloadOnce } from "./lib/reloadOnce";
import { ErrorPage } from "./pages/ErrorPage";

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await loadOrReloadOnce(load)).default });

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: Layout,
    ErrorBoundary: ErrorPage,
    children: [
      {
        // Errors inside a page keep the header and footer around the fallback.
        ErrorBoundary: ErrorPage,
        children: [
          { index: true, lazy: page(() => import("./pages/marketing/Home")) },
          { path: "about", lazy: page(() => import("./pages/marketing/About")) },
          { path: "bars", lazy: page(() => import("./pages/marketing/ForBusinesses")) },
          { path: "consumers", lazy: page(() => import("./pages/marketing/ForConsumers")) },
          { path: "faq", lazy: page(() => import("./pages/marketing/Faq")) },
          { path: "businesses", lazy: page(() => import("./pages/marketing/PartnerLogin")) },
          { path: "submit-business", lazy: page(() => import("./pages/SubmitBusiness")) },
          { path: "live-look", lazy: page(() => import("./pages/live/LiveMap")) },
          { path: "profile/:barId", lazy: page(() => import("./pages/live/BarProfile")) },
          { path: "auth", lazy: page(() => import("./pages/auth/SignIn")) },
          { path: "signin", lazy: page(() => import("./pages/auth/AccountSignIn")) },
          { path: "signup", lazy: page(() => import("./pages/auth/AccountSignUp")) },
          { path: "app", lazy: page(() => import("./pages/app/Tonight")) },
          { path: "app/settings", lazy: page(() => import("./pages/app/Settings")) },
          { path: "app/friends", lazy: page(() => import("./pages/app/Friends")) },
          { path: "app/friends/invite/:token", lazy: page(() => import("./pages/app/AcceptFriendInvite")) },
          { path: "app/plans", lazy: page(() => import("./pages/app/plans/Plans")) },
          { path: "app/plans/new", lazy: page(() => import("./pages/app/plans/NewPlan")) },
          { path: "app/plans/:planId", lazy: page(() => import("./pages/app/plans/PlanPage")) },
          { path: "app/messages", lazy: page(() => import("./pages/app/messages/Messages")) },
          { path: "app/messages/:conversationId", lazy: page(() => import("./pages/app/messages/ConversationPage")) },
          { path: "invite/:token", lazy: page(() => import("./pages/auth/AcceptInvite")) },
          { path: "dashboard", lazy: page(() => import("./pages/dashboard/Dashboard")) },
          { path: "place_info", lazy: page(() => import("./pages/dashboard/PlaceInfo")) },
          { path: "place_dashboard", lazy: page(() => import("./pages/dashboard/PlaceDashboard")) },
          { path: "admin", lazy: page(() => import("./pages/admin/Admin")) },
          { path: "admin/manage-events", lazy: page(() => import("./pages/admin/ManageEvents")) },
          { path: "admin/edit-event/:eventId", lazy: page(() => import("./pages/admin/EditEvent")) },
          { path: "*", lazy: page(() => import("./pages/NotFound")) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
