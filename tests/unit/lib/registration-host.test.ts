import { expect, it } from "vitest";
import { authUrl, registrationUrl } from "@/lib/api-client";

it("registration goes to the registration host, which defaults to the auth host", () => {
  // No VITE_REGISTRATION_HOST in the test build: the auth host (this origin) serves both.
  expect(registrationUrl()).toBe(authUrl("/register"));
  expect(registrationUrl("/register", "https://accounts.park.example")).toBe(
    "https://accounts.park.example/auth/register",
  );
});
