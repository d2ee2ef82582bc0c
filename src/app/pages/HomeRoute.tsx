import { lazy, Suspense } from "react";
import { Link, Navigate } from "react-router";
import { Icon } from "@/components/Icon";
import { useAuth } from "@/features/auth/hooks/auth-context";
import { brand } from "@/lib/brand";
import { OpenTrailers } from "./OpenTrailers";

// Their own chunks: Home's first paint does not wait for the orders code or the schema library.
const ActiveOrderCard = lazy(() => import("@/features/orders/components/ActiveOrderCard"));
const DishSearch = lazy(() => import("@/features/search/components/DishSearch"));

function greeting(hour: number) {
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

export default function HomeRoute() {
  const { user } = useAuth();
  // Sign-in lands on / as the spec says; a staff account is sent on to its board.
  if (user?.role === "staff") return <Navigate to="/staff" replace />;
  const firstName = user?.name.split(" ")[0] ?? "there";
  return (
    <div className="page home">
      <section className="home-hero">
        <p className="home-hero__eyebrow">{greeting(new Date().getHours())},</p>
        <h1>{firstName}! What are you craving?</h1>
        <p>
          Order from any trailer in the park and collect when it's ready — we'll tell you the moment
          it is.
        </p>
        <Link to="/vendors" className="btn btn--primary">
          <Icon name="store" />
          <span>Browse Food Trailers</span>
        </Link>
      </section>
      <Suspense fallback={null}>
        <ActiveOrderCard />
      </Suspense>
      {/* The brand's `search` flag switches app-wide search: this search across every open trailer's dishes. */}
      {brand.features.search && (
        <Suspense fallback={<div className="dish-search-placeholder" aria-hidden="true" />}>
          <DishSearch />
        </Suspense>
      )}
      <OpenTrailers />
    </div>
  );
}
