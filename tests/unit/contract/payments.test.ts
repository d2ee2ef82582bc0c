import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES, paymentOutcome } from "../../../contract/payments";

describe("paymentOutcome (spec section 7)", () => {
  it("treats succeeded and paid as success", () => {
    expect(paymentOutcome("succeeded")).toBe("success");
    expect(paymentOutcome("paid")).toBe("success");
  });

  it("treats failed and canceled as failure", () => {
    expect(paymentOutcome("failed")).toBe("failure");
    expect(paymentOutcome("canceled")).toBe("failure");
  });

  it("keeps waiting on requires_payment_method, unpaid, processing and anything unknown", () => {
    for (const status of ["requires_payment_method", "unpaid", "processing", "something_new"]) {
      expect(paymentOutcome(status)).toBe("pending");
    }
  });

  it("classifies every status the API can answer", () => {
    const outcomes = PAYMENT_STATUSES.map(paymentOutcome);
    expect(new Set(outcomes)).toEqual(new Set(["success", "failure", "pending"]));
  });
});
