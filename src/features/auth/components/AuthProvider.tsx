import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import type { LoginRequest, RegisterRequest } from "../../../../contract/auth";
import { MESSAGES } from "../../../../contract/messages";
import { androidToken, reportError } from "../../../lib/android";
import { ApiError } from "../../../lib/api-client";
import {
  AUTH_KEYS,
  clearStoredAuth,
  currentToken,
  onSessionExpired,
  readStoredAuth,
  type TokenRecord,
  writeStoredAuth,
} from "../../../lib/auth-storage";
import * as authApi from "../api/auth-api";
import { AuthContext, type AuthContextValue, type AuthStatus } from "../hooks/auth-context";
import { decideStartupAuth, needsServerValidation, readTokenSources, recordFromToken } from "../lib/startup";

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
  const decision = decideStartupAuth(readStoredAuth, readTokenSources(window.location, document, androidToken()));
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
  return decision.kind === "signed-in" ? { status: "signed-in", record: decision.record } : { status: "signed-out", record: null };
}

/** Called after a sign-out with the token that was in use (null when another tab signed out), for server-side clean-up. */
export type SignedOutHandler = (previousToken: string | null) => void;

export function AuthProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut?: SignedOutHandler }) {
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

  // Re-validate with the server when due; an unreachable server keeps local auth.
  const token = state.record?.token;
  // Only a new token warrants a new validation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the token on purpose
  useEffect(() => {
    const record = state.record;
    if (!record || !needsServerValidation(record)) return;
    let cancelled = false;
    authApi
      .fetchProfile(record.token)
      .then((profile) => {
        if (cancelled) return;
        const { phone: _phone, ...user } = profile;
        const validated = { ...record, user, lastValidated: Date.now(), isValid: true };
        writeStoredAuth(validated);
        setState({ status: "signed-in", record: validated });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return signOut();
        reportError(error, MESSAGES.profileFailed);
        writeStoredAuth({ ...record, isValid: false });
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

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
        // The local expiry check first (spec section 4), then the server's word on the signature.
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
