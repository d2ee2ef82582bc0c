import { Link } from "react-router";
import { useAuth } from "@/features/auth/hooks/auth-context";
import { subscribeToStaffChanges } from "@/features/live/lib/live-connection";
import { StaffBoardPage } from "@/features/staff/components/StaffBoardPage";
import { brand } from "@/lib/brand";
import { RequireSignedIn } from "../guards";
import { StaffLayout } from "../StaffLayout";

/** /staff: park staff only; everyone else gets a polite way out. */
export default function StaffBoardRoute() {
  return (
    <RequireSignedIn>
      <StaffLayout>
        <StaffBoard />
      </StaffLayout>
    </RequireSignedIn>
  );
}

function StaffBoard() {
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
  return <StaffBoardPage subscribeToChanges={subscribeToStaffChanges} />;
}
