import { lazy, type ReactNode, Suspense } from "react";
import { NavLink, useNavigate } from "react-router";
import { BrandLogo } from "../components/BrandLogo";
import { Icon } from "../components/Icon";
import { Spinner } from "../components/Spinner";
import { useAuth } from "../features/auth/hooks/auth-context";
import { brand } from "../lib/brand";

const LiveUpdates = lazy(() => import("./LiveUpdates"));

/** The staff bar's account menu: who is signed in and Sign Out, without leaving the staff area. */
function StaffAccountMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  return (
    <details className="staff-account">
      <summary className="btn btn--ghost btn--small">
        <Icon name="user" size={18} />
        <span>Account</span>
      </summary>
      <div className="staff-account__panel">
        <p className="staff-account__who">
          <strong>{user?.name}</strong>
          <span>{user?.email}</span>
        </p>
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => {
            logout();
            navigate("/login", { replace: true });
          }}
        >
          <Icon name="logout" />
          <span>Sign Out</span>
        </button>
      </div>
    </details>
  );
}

/** The staff board's own shell: no customer navigation, the whole width for order cards. */
export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <div className="staff-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="staff-shell__bar">
        <span className="staff-shell__brand">
          <BrandLogo size={28} />
          <span>{brand.appName} · Staff</span>
        </span>
        <nav className="staff-shell__nav" aria-label="Staff">
          <NavLink to="/staff" end className="staff-shell__tab">
            Kitchen
          </NavLink>
          <NavLink to="/staff/trailers" className="staff-shell__tab">
            Trailers
          </NavLink>
          <NavLink to="/staff/report" className="staff-shell__tab">
            Report
          </NavLink>
          <NavLink to="/staff/board" className="staff-shell__tab">
            Board
          </NavLink>
        </nav>
        <StaffAccountMenu />
      </header>
      <main id="main" className="staff-shell__main">
        <Suspense
          fallback={
            <div className="page-fallback">
              <Spinner size={28} label="Loading page" />
            </div>
          }
        >
          {children}
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
    </div>
  );
}
