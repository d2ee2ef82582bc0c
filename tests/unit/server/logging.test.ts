import { redactUrl } from "@server/logging";
import { describe, expect, it } from "vitest";

describe("request logging", () => {
  it("never writes a handed-over token to the log", () => {
    expect(redactUrl("/vendors?token=eyJhbGciOi.secret.sig&tab=menu")).toBe(
      "/vendors?token=%5Bredacted%5D&tab=menu",
    );
    expect(redactUrl("/?token=abc")).toBe("/?token=%5Bredacted%5D");
  });

  it("leaves other addresses exactly as they were", () => {
    expect(redactUrl("/api/vendors/list?page=1&limit=20&status=active")).toBe(
      "/api/vendors/list?page=1&limit=20&status=active",
    );
    expect(redactUrl("/healthz")).toBe("/healthz");
  });
});
