import type { LoginRequest, RegisterRequest } from "@contract/auth";
import { MESSAGES } from "@contract/messages";
import { ApiError, authUrl, lazySchema, registrationUrl, request } from "@/lib/api-client";
import { isServerAnswer } from "@/lib/network";

const authSchemas = () => import("@contract/auth");
const loginResponseSchema = lazySchema(() => authSchemas().then((m) => m.loginResponseSchema));
const registerResponseSchema = lazySchema(() =>
  authSchemas().then((m) => m.registerResponseSchema),
);
const profileSchema = lazySchema(() => authSchemas().then((m) => m.profileSchema));

export async function login(credentials: LoginRequest) {
  try {
    return await request(authUrl("/login"), {
      method: "POST",
      body: credentials,
      schema: loginResponseSchema,
      anonymous: true,
    });
  } catch (error) {
    if (isServerAnswer(error) && error.message === MESSAGES.postFailed) {
      throw new ApiError(MESSAGES.loginFailed, error.status);
    }
    throw error;
  }
}

export async function register(input: RegisterRequest) {
  try {
    return await request(registrationUrl(), {
      method: "POST",
      body: { ...input, role: "customer" },
      schema: registerResponseSchema,
      anonymous: true,
    });
  } catch (error) {
    if (isServerAnswer(error) && error.message === MESSAGES.postFailed) {
      throw new ApiError(MESSAGES.registrationFailed, error.status);
    }
    throw error;
  }
}

export async function fetchProfile(token: string) {
  return request(authUrl("/me"), {
    schema: profileSchema,
    headers: { Authorization: `Bearer ${token}` },
    anonymous: true,
  });
}
