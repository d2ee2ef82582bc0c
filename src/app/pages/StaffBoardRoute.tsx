import { Link } from "react-router";
import { useAuth } from "@/features/auth/hooks/auth-context";
import {
  type KitchenChange,
  subscribeToConnectionState,
  subscribeToKitchenChanges,
  subscribeToStaffChanges,
} from "@/features/live/lib/live-connection";
import { type KitchenLink, KitchenPage } from "@/features/staff/components/KitchenPage";
import { brand } from "@/lib/brand";
import { RequireSignedIn } from "../guards";
import { StaffLayout } from "../StaffLayout";

/** /staff: the kitchen screen, park staff only; everyone else gets a polite way out. */
export default function StaffBoardRoute() {
  return (
    <RequireSignedIn>
      <StaffLayout>
        <Kitchen />
      </StaffLayout>
    </RequireSignedIn>
  );
}

/** Any change to the kitchen's tickets: an order placed or moved, a line struck, a notice seen. */
const subscribeToChanges = (listener: (change: KitchenChange) => void) => {
  const stopOrders = subscribeToStaffChanges((change) =>
    listener(
      change.ticket
        ? { orderId: change.orderId, ticket: change.ticket }
        : { orderId: change.orderId },
    ),
  );
  const stopTickets = subscribeToKitchenChanges(listener);
  return () => {
    stopOrders();
    stopTickets();
  };
};

/** The socket's states as the kitchen reads them: only 'live' means no change can be missed. */
const subscribeToLink = (listener: (link: KitchenLink) => void) =>
  subscribeToConnectionState((state) =>
    listener(
      state === "live"
        ? "live"
        : state === "disconnected" || state === "failed"
          ? "offline"
          : "connecting",
    ),
  );

function Kitchen() {
  const { user } = useAuth();
  if (user?.role !== "staff") {
    return (
      <div className="empty-state">
        <h1>Staff only</h1>
        <p>This page is for {brand.appName} staff. Your orders are in My Orders.</p>
        <Link to="/orders" className="btn btn--primary">
          <span>Go to My Orders</span>
        </Link>
      </div>
    );
  }
  return <KitchenPage subscribeToChanges={subscribeToChanges} subscribeToLink={subscribeToLink} />;
}
