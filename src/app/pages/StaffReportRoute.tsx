import { Link } from "react-router";
import { useAuth } from "@/features/auth/hooks/auth-context";
import { ReportPage } from "@/features/staff/components/ReportPage";
import { RequireSignedIn } from "../guards";
import { StaffLayout } from "../StaffLayout";

/** /staff/report: the park manager's day per trailer (trailer staff: their trailers). */
export default function StaffReportRoute() {
  return (
    <RequireSignedIn>
      <StaffLayout>
        <Report />
      </StaffLayout>
    </RequireSignedIn>
  );
}

function Report() {
  const { user } = useAuth();
  if (user?.role !== "staff") {
    return (
      <div className="empty-state">
        <h1>Staff only</h1>
        <p>This page is for Food Park staff. Your orders are in My Orders.</p>
        <Link to="/orders" className="btn btn--primary">
          <span>Go to My Orders</span>
        </Link>
      </div>
    );
  }
  return <ReportPage />;
}
