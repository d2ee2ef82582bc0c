import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from "react-router";
import { AppLayout, BareLayout } from "./AppLayout";
import { RequireSignedIn, RequireSignedOut } from "./guards";
import { RouteError } from "./RouteError";

/** Each page is its own chunk: the route table of spec section 2. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * Every new screen opens at the top; Back and Forward bring back the position the customer left (React Router's
 * ScrollRestoration, keyed per history entry). A link with a #fragment (e.g. /cart#vendor-3) scrolls to it on purpose.
 */
function ScrollRoot() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <ScrollRoot />,
    errorElement: <RouteError />,
    children: [
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
        // Open to everyone (spec section 2): developer and Android hand-off pages.
        element: <BareLayout />,
        children: [
          { path: "/test-auto-login", ...page(() => import("../features/auth/components/TestAutoLoginPage")) },
          { path: "/test-notification", ...page(() => import("../features/notifications/components/TestNotificationPage")) },
        ],
      },
      {
        element: (
          <RequireSignedIn>
            <AppLayout />
          </RequireSignedIn>
        ),
        children: [
          { path: "/", ...page(() => import("./pages/HomePage")) },
          { path: "/profile", ...page(() => import("../features/auth/components/ProfilePage")) },
          { path: "/vendors", ...page(() => import("../features/vendors/components/VendorsPage")) },
          { path: "/vendor/:id", ...page(() => import("./pages/VendorMenuPage")) },
          { path: "/vendor/:vendorId/item/:itemId", ...page(() => import("./pages/ItemDetailPage")) },
          { path: "/cart", ...page(() => import("./pages/CartRoute")) },
          { path: "/stripe-webview-payment", ...page(() => import("../features/checkout/components/SecurePaymentPage")) },
          { path: "/payment-success", ...page(() => import("./pages/PaymentSuccessRoute")) },
          { path: "/order-confirmation/:orderId", ...page(() => import("../features/checkout/components/OrderConfirmationPage")) },
          { path: "/pay-cash-at-counter", ...page(() => import("./pages/CashAtCounterRoute")) },
          { path: "/orders", ...page(() => import("../features/orders/components/OrdersPage")) },
          { path: "/order/:orderId", ...page(() => import("./pages/OrderDetailsRoute")) },
          { path: "/track-order/:orderId", ...page(() => import("../features/orders/components/TrackOrderPage")) },
        ],
      },
      // The staff board brings its own shell (no customer navigation) and stays out of the customer bundle.
      { path: "/staff", ...page(() => import("./pages/StaffBoardRoute")) },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

let current: ReturnType<typeof createBrowserRouter> | null = null;

export const createAppRouter = () => (current = createBrowserRouter(routes));

/** The app's router, for code outside React (what happens when an order queued offline is placed). */
export const appRouter = () => current;
