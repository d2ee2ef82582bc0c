import { PAYMENT_STATUSES, paymentOutcome } from "@contract/payments";
import { describe, expect, it } from "vitest";

describe("paymentOutcome (docs/product-spec.md § The calls it makes)", () => {
  it("treats succeeded and paid as success", () => {
    expect(paymentOutcome("succeeded")).toBe("success");
    expect(paymentOutcome("paid")).toBe("success");
  });

  it("treats failed and canceled as failure", () => {
    expect(paymentOutcome("failed")).toBe("failure");
    expect(paymentOutcome("canceled")).toBe("failure");
  });

  it("treats requires_payment_method and unpaid as failure once a card was declined (an error is reported)", () => {
    expect(paymentOutcome("requires_payment_method", "Your card was declined.")).toBe("failure");
    expect(paymentOutcome("unpaid", "Your card has insufficient funds.")).toBe("failure");
    expect(paymentOutcome("processing", "Your card was declined.")).toBe("pending");
  });

  it("keeps waiting on requires_payment_method, unpaid, processing and anything unknown", () => {
    for (const status of ["requires_payment_method", "unpaid", "processing", "something_new"]) {
      expect(paymentOutcome(status)).toBe("pending");
    }
  });

  it("classifies every status the API can answer", () => {
    const outcomes = PAYMENT_STATUSES.map((status) => paymentOutcome(status));
    expect(new Set(outcomes)).toEqual(new Set(["success", "failure", "pending"]));
  });
});
