import type { User } from "@contract/auth";
import { TEST_AUTO_LOGIN_REDIRECT_MS } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Spinner } from "@/components/Spinner";
import { reportError } from "@/lib/android";
import { ApiError } from "@/lib/api-client";
import { isNetworkFailure } from "@/lib/network";
import { useAuth } from "../hooks/auth-context";
import { AuthCard, ErrorBox } from "./AuthCard";

type Progress =
  | { step: "checking" }
  | { step: "signed-in"; user: User }
  | { step: "failed"; message: string };

const NO_TOKEN =
  "No test token was given. Open this page with ?token=… or sign in with your email and password.";

function failureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return MESSAGES.networkError;
  if (error instanceof ApiError && (error.status === 401 || error.status === 404))
    return "This test token is expired or not valid.";
  return error instanceof Error ? error.message : MESSAGES.loginFailed;
}

/**
 * The product spec's § Screens and routes (docs/product-spec.md) test page. "Logs in with a fixed test customer" means: whichever customer the given token
 * names, once the server has confirmed the token (GET /auth/me). No credentials are built in.
 */
export default function TestAutoLoginPage() {
  const { loginWithToken, logout, token: currentToken } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get("token"));
  const [progress, setProgress] = useState<Progress>(
    token ? { step: "checking" } : { step: "failed", message: NO_TOKEN },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    // The token must not linger in the address or the history.
    void navigate(location.pathname, { replace: true });
    loginWithToken(token)
      .then((user) => setProgress({ step: "signed-in", user }))
      .catch((error: unknown) => {
        reportError(error, "Test auto-login");
        // The start-up hand-off may already have signed in with this token locally: undo that.
        if (currentToken === token) logout();
        setProgress({ step: "failed", message: failureMessage(error) });
      });
  }, [token, loginWithToken, logout, currentToken, navigate, location.pathname]);

  useEffect(() => {
    if (progress.step !== "signed-in") return;
    const timer = setTimeout(
      () => void navigate("/", { replace: true }),
      TEST_AUTO_LOGIN_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [progress.step, navigate]);

  if (progress.step === "checking") {
    return (
      <AuthCard title="Test auto-login" subtitle="Signing in with the test token...">
        <p>
          <Spinner size={20} label="Signing in" /> Checking the token with the server...
        </p>
      </AuthCard>
    );
  }
  if (progress.step === "signed-in") {
    return (
      <AuthCard title="Test auto-login" subtitle="Signed in">
        <p role="status">
          Signed in as <strong>{progress.user.name}</strong> ({progress.user.email}). Taking you to
          the app...
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Test auto-login" subtitle="Could not sign in automatically">
      <ErrorBox message={progress.message} />
      <Link className="btn btn--primary btn--block" to="/login">
        <span>Sign in manually</span>
      </Link>
    </AuthCard>
  );
}
