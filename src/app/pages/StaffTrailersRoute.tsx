import { Link } from "react-router";
import { useAuth } from "@/features/auth/hooks/auth-context";
import { subscribeToCatalogueChanges } from "@/features/live/lib/live-connection";
import { TrailersPage } from "@/features/staff/components/TrailersPage";
import { brand } from "@/lib/brand";
import { RequireSignedIn } from "../guards";
import { StaffLayout } from "../StaffLayout";

/** /staff/trailers: park staff run their trailers' day here; everyone else gets a polite way out. */
export default function StaffTrailersRoute() {
  return (
    <RequireSignedIn>
      <StaffLayout>
        <Trailers />
      </StaffLayout>
    </RequireSignedIn>
  );
}

function Trailers() {
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
  return <TrailersPage subscribeToChanges={subscribeToCatalogueChanges} />;
}
