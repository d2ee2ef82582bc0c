import { describe, expect, it } from "vitest";
import { type SignupForm, validateSignup } from "@/features/auth/lib/signup-validation";

const VALID: SignupForm = {
  name: "Ada Lovelace",
  email: "ada@foodpark.test",
  password: "analytical",
  confirmPassword: "analytical",
  acceptedTerms: true,
};

const check = (changes: Partial<SignupForm>) => validateSignup({ ...VALID, ...changes });

describe("signup validation (the product spec (docs/product-spec.md § Validation rules), in order)", () => {
  it("accepts a complete form", () => {
    expect(check({})).toBeNull();
  });

  describe("1. all of name, email, password and confirm password are required", () => {
    it.each<[string, Partial<SignupForm>]>([
      ["name", { name: "" }],
      ["name made of spaces", { name: "   " }],
      ["email", { email: "" }],
      ["email made of spaces", { email: "  " }],
      ["password", { password: "" }],
      ["confirm password", { confirmPassword: "" }],
    ])("missing %s", (_name, changes) => {
      expect(check(changes)).toBe("All fields are required");
    });

    it("comes before every other rule", () => {
      expect(
        check({ name: "", password: "short", confirmPassword: "other", acceptedTerms: false }),
      ).toBe("All fields are required");
    });
  });

  describe("2. passwords match", () => {
    it("reports a mismatch", () => {
      expect(check({ confirmPassword: "analyticaL" })).toBe("Passwords do not match");
    });

    it("comes before the length and terms rules", () => {
      expect(check({ password: "abc", confirmPassword: "abd", acceptedTerms: false })).toBe(
        "Passwords do not match",
      );
    });
  });

  describe("3. password at least 8 characters", () => {
    it("reports a 7-character password", () => {
      expect(check({ password: "1234567", confirmPassword: "1234567" })).toBe(
        "Password must be at least 8 characters long",
      );
    });

    it("accepts exactly 8 characters", () => {
      expect(check({ password: "12345678", confirmPassword: "12345678" })).toBeNull();
    });

    it("comes before the terms rule", () => {
      expect(check({ password: "short", confirmPassword: "short", acceptedTerms: false })).toBe(
        "Password must be at least 8 characters long",
      );
    });
  });

  describe("4. terms accepted", () => {
    it("reports unaccepted terms last", () => {
      expect(check({ acceptedTerms: false })).toBe("You must accept the terms and conditions");
    });
  });
});
