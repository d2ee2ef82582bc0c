/**
 * Naming: a feature's screen is an `XPage` (src/features/<name>/components/XPage.tsx) and knows only its own
 * feature. When a screen needs more than one feature, src/app/pages holds an `XRoute` that reads the URL and
 * composes the features around the feature's `XPage` (VendorMenuRoute renders VendorMenuPage with the cart's
 * controls). The table below points at a feature's `XPage` directly when no composition is needed.
 */
import { type ComponentType, createElement, lazy, type ReactNode, useLayoutEffect } from "react";
import {
  type Location,
  matchRoutes,
  Navigate,
  type NavigateOptions,
  type RouteObject,
  type To,
  useLocation,
  useNavigate,
  useRoutes,
} from "react-router";
import { AppLayout, BareLayout } from "./AppLayout";
import { useFocusOnScreenChange } from "./focus-on-screen-change";
import { RequireSignedIn, RequireSignedOut } from "./guards";
import { RouteErrorBoundary } from "./RouteError";
import { useScrollRestoration } from "./scroll-restoration";

interface PageHandle {
  /** Starts loading the page's chunk (start-up preloads the page it opens on). */
  preload: () => Promise<unknown>;
}

/**
 * Each page is its own chunk: the route table of the product spec (docs/product-spec.md § Screens and routes). Declarative routes (`useRoutes`) rather than a data
 * router: the app loads no route data, and the data router's code was ~12 KB (brotli) of every cold visit.
 * A page whose chunk has already loaded renders at once, without a Suspense round.
 */
const page = (
  load: () => Promise<{ default: ComponentType }>,
): Pick<RouteObject, "element" | "handle"> => {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  const Page = () => (loaded ? createElement(loaded) : <Lazy />);
  return { element: <Page />, handle: { preload } satisfies PageHandle };
};

export const routes: RouteObject[] = [
  {
    element: (
      <RequireSignedOut>
        <BareLayout />
      </RequireSignedOut>
    ),
    children: [
      { path: "/login", ...page(() => import("../features/auth/components/LoginPage")) },
      { path: "/signup", ...page(() => import("../features/auth/components/SignupPage")) },
    ],
  },
  {
    // Open to everyone (docs/product-spec.md § Screens and routes): developer and Android hand-off pages.
    element: <BareLayout />,
    children: [
      {
        path: "/test-auto-login",
        ...page(() => import("../features/auth/components/TestAutoLoginPage")),
      },
      {
        path: "/test-notification",
        ...page(() => import("../features/notifications/components/TestNotificationPage")),
      },
    ],
  },
  {
    element: (
      <RequireSignedIn>
        <AppLayout />
      </RequireSignedIn>
    ),
    children: [
      { path: "/", ...page(() => import("./pages/HomeRoute")) },
      { path: "/profile", ...page(() => import("../features/auth/components/ProfilePage")) },
      { path: "/vendors", ...page(() => import("../features/vendors/components/VendorsPage")) },
      { path: "/vendor/:id", ...page(() => import("./pages/VendorMenuRoute")) },
      { path: "/vendor/:vendorId/item/:itemId", ...page(() => import("./pages/ItemDetailRoute")) },
      { path: "/cart", ...page(() => import("./pages/CartRoute")) },
      {
        path: "/stripe-webview-payment",
        ...page(() => import("../features/checkout/components/SecurePaymentPage")),
      },
      { path: "/payment-success", ...page(() => import("./pages/PaymentSuccessRoute")) },
      {
        path: "/order-confirmation/:orderId",
        ...page(() => import("../features/checkout/components/OrderConfirmationPage")),
      },
      { path: "/pay-cash-at-counter", ...page(() => import("./pages/CashAtCounterRoute")) },
      { path: "/orders", ...page(() => import("./pages/OrdersRoute")) },
      { path: "/order/:orderId", ...page(() => import("./pages/OrderDetailsRoute")) },
      {
        path: "/order/:orderId/receipts",
        ...page(() => import("../features/receipts/components/OrderReceiptsPage")),
      },
      {
        path: "/receipt/:receiptId",
        ...page(() => import("../features/receipts/components/ReceiptPage")),
      },
      {
        path: "/track-order/:orderId",
        ...page(() => import("../features/orders/components/TrackOrderPage")),
      },
    ],
  },
  // The staff board brings its own shell (no customer navigation) and stays out of the customer bundle.
  { path: "/staff", ...page(() => import("./pages/StaffBoardRoute")) },
  { path: "/staff/trailers", ...page(() => import("./pages/StaffTrailersRoute")) },
  { path: "/staff/report", ...page(() => import("./pages/StaffReportRoute")) },
  // The pickup board for a TV at the hatch: full screen, its own live feed, lazy like every staff page.
  { path: "/staff/board", ...page(() => import("./pages/PickupBoardRoute")) },
  { path: "*", element: <Navigate to="/" replace /> },
];

/** Starts loading the chunk of the page at `pathname` (start-up calls it before the first render). */
export function preloadPage(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((match) => (match.route.handle as PageHandle | undefined)?.preload()),
  );
}

interface AppNavigation {
  state: { location: Location };
  navigate: (to: To, options?: NavigateOptions) => void;
}

let current: AppNavigation | null = null;

/** The app's router, for code outside React (what happens when an order queued offline is placed). */
export const appRouter = (): AppNavigation | null => current;

/** The route table, with the error page around it; renders inside the app's router (App.tsx). */
export function AppRoutes(): ReactNode {
  const element = useRoutes(routes);
  const location = useLocation();
  const navigate = useNavigate();
  useScrollRestoration();
  useFocusOnScreenChange();
  useLayoutEffect(() => {
    current = { state: { location }, navigate: (to, options) => void navigate(to, options) };
  }, [location, navigate]);
  return <RouteErrorBoundary resetKey={location.key}>{element}</RouteErrorBoundary>;
}
