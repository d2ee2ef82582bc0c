import type { LoginRequest, RegisterRequest, User } from "@contract/auth";
import { MESSAGES } from "@contract/messages";
import { createContext, useContext } from "react";

export type AuthStatus = "loading" | "signed-out" | "signed-in";

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  login(credentials: LoginRequest): Promise<User>;
  register(input: Omit<RegisterRequest, "role">): Promise<User>;
  /** Signs in with a handed-over token once the server has confirmed it (GET /auth/me). */
  loginWithToken(token: string): Promise<User>;
  logout(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(MESSAGES.useAuthOutsideProvider);
  return value;
}
