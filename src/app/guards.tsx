import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../components/Spinner";
import { useAuth } from "../features/auth/hooks/auth-context";

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === "loading") return <Spinner label="Checking your session" />;
  if (status === "signed-out")
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === "signed-in") return <Navigate to="/" replace />;
  return children;
}
