import type { LoginRequest, RegisterRequest } from "@contract/auth";
import { MESSAGES } from "@contract/messages";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { androidToken, reportError } from "@/lib/android";
import { ApiError } from "@/lib/api-client";
import {
  AUTH_KEYS,
  clearStoredAuth,
  currentToken,
  onSessionExpired,
  readStoredAuth,
  type TokenRecord,
  writeStoredAuth,
} from "@/lib/auth-storage";
import * as authApi from "../api/auth-api";
import { AuthContext, type AuthContextValue, type AuthStatus } from "../hooks/auth-context";
import {
  decideStartupAuth,
  needsServerValidation,
  nextValidationAt,
  readTokenSources,
  recordFromToken,
} from "../lib/startup";

interface AuthState {
  status: AuthStatus;
  record: TokenRecord | null;
}

function removeTokenFromAddress() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("token")) return;
  url.searchParams.delete("token");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

function startupState(): AuthState {
  const decision = decideStartupAuth(
    readStoredAuth,
    readTokenSources(window.location, document, androidToken()),
  );
  if (decision.kind === "signed-out") {
    if (decision.clear) clearStoredAuth();
    return { status: "signed-out", record: null };
  }
  if (decision.persist) writeStoredAuth(decision.record);
  if (decision.source === "url") removeTokenFromAddress();
  return { status: "signed-in", record: decision.record };
}

/** Re-reads storage only (another tab signed in or out). */
function storageState(): AuthState {
  const decision = decideStartupAuth(readStoredAuth, { url: null, global: null, meta: null });
  return decision.kind === "signed-in"
    ? { status: "signed-in", record: decision.record }
    : { status: "signed-out", record: null };
}

/** Called after a sign-out with the token that was in use (null when another tab signed out), for server-side clean-up. */
export type SignedOutHandler = (previousToken: string | null) => void;

export function AuthProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  onSignedOut?: SignedOutHandler;
}) {
  const [state, setState] = useState<AuthState>(startupState);

  const signOut = useCallback(() => {
    const previousToken = currentToken();
    clearStoredAuth();
    setState({ status: "signed-out", record: null });
    onSignedOut?.(previousToken);
  }, [onSignedOut]);

  const signIn = useCallback((token: string) => {
    const record = recordFromToken(token);
    if (!record) throw new ApiError(MESSAGES.loginFailed, 401);
    const validated = { ...record, lastValidated: Date.now() };
    writeStoredAuth(validated);
    setState({ status: "signed-in", record: validated });
    return validated.user;
  }, []);

  // Re-validate with the server when due (docs/product-spec.md § Validation rules): at start, then while the app stays open on a timer
  // set for the moment the record falls due, and whenever the page comes back into view or online.
  // An unreachable server keeps local auth and marks the record invalid, so the next check asks again.
  const [checkRequested, setCheckRequested] = useState(0);
  const token = state.record?.token;
  const inFlight = useRef<string | null>(null);
  const sessionToken = useRef(token);
  sessionToken.current = token;
  // Only a new token or a requested check warrants a new validation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the token and the check requests on purpose
  useEffect(() => {
    const record = state.record;
    if (!record || !needsServerValidation(record) || inFlight.current === record.token) return;
    inFlight.current = record.token;
    // An answer for a session that has since ended or changed is dropped.
    const stale = () => sessionToken.current !== record.token;
    const settle = (next: TokenRecord) => {
      writeStoredAuth(next);
      setState({ status: "signed-in", record: next });
    };
    authApi
      .fetchProfile(record.token)
      .then((profile) => {
        if (stale()) return;
        const { phone: _phone, ...user } = profile;
        settle({ ...record, user, lastValidated: Date.now(), isValid: true });
      })
      .catch((error: unknown) => {
        if (stale()) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 404))
          return signOut();
        reportError(error, MESSAGES.profileFailed);
        settle({ ...record, isValid: false });
      })
      .finally(() => {
        if (inFlight.current === record.token) inFlight.current = null;
      });
  }, [token, checkRequested]);

  useEffect(() => {
    const record = state.record;
    if (!record) return;
    const requestCheck = () => setCheckRequested((count) => count + 1);
    const onVisible = () => document.visibilityState === "visible" && requestCheck();
    // setTimeout's longest delay is about 24.8 days; a later deadline just re-arms on the next change.
    const delay = Math.min(Math.max(0, nextValidationAt(record) - Date.now()), 2 ** 31 - 1);
    const timer = setTimeout(requestCheck, delay);
    window.addEventListener("focus", requestCheck);
    window.addEventListener("online", requestCheck);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("focus", requestCheck);
      window.removeEventListener("online", requestCheck);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [state.record]);

  useEffect(() => onSessionExpired(signOut), [signOut]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !Object.values<string>(AUTH_KEYS).includes(event.key)) return;
      const next = storageState();
      setState((previous) => {
        if (previous.status === "signed-in" && next.status === "signed-out") onSignedOut?.(null);
        return next;
      });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [onSignedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.record?.user ?? null,
      token: state.record?.token ?? null,
      async login(credentials: LoginRequest) {
        const response = await authApi.login(credentials);
        return signIn(response.token);
      },
      async register(input: Omit<RegisterRequest, "role">) {
        const response = await authApi.register({ ...input, role: "customer" });
        return signIn(response.token);
      },
      async loginWithToken(token: string) {
        // The local expiry check first (docs/product-spec.md § States and transitions), then the server's word on the signature.
        if (!recordFromToken(token)) throw new ApiError(MESSAGES.loginFailed, 401);
        await authApi.fetchProfile(token);
        return signIn(token);
      },
      logout: signOut,
    }),
    [state, signIn, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
