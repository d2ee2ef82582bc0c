import * as z from "zod/mini";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./limits";

export const ROLES = ["customer", "staff"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

const email = z.pipe(
  z
    .string({ error: "Email is required" })
    .check(
      z.trim(),
      z.minLength(1, "Email is required"),
      z.maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`),
    ),
  z.email({ error: "Please enter a valid email address" }),
);

export const loginRequestSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .check(
      z.minLength(1, "Password is required"),
      z.maxLength(
        PASSWORD_MAX_LENGTH,
        `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      ),
    ),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters long"),
      z.maxLength(
        PASSWORD_MAX_LENGTH,
        `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      ),
    ),
  name: z
    .string({ error: "Name is required" })
    .check(
      z.trim(),
      z.minLength(1, "Name is required"),
      z.maxLength(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
    ),
  /** Accepted for compatibility with the spec's payload; the server always creates customers. */
  role: z.optional(z.string().check(z.maxLength(40))),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const userSchema = z.object({
  id: z.number().check(z.int()),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;

export const profileSchema = z.extend(userSchema, {
  phone: z.nullable(z.string()),
  /** "Text me when it's ready": the UK mobile in E.164 (contract/text-alerts.ts), and whether to text it. */
  mobile: z.optional(z.nullable(z.string())),
  textWhenReady: z.optional(z.boolean()),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerResponseSchema = z.extend(loginResponseSchema, { message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Claims inside the JWT; the client decodes them without verifying (the server verifies). */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.optional(z.string()),
  role: z.string(),
  exp: z.optional(z.number()),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
