// @vitest-environment jsdom
import type { AuditEntry } from "@contract/park-operations";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AuditList } from "@/features/staff/components/AuditList";

afterEach(cleanup);

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: "2026-11-26T12:05:00.000Z",
  who: "staff@foodpark.test",
  vendorId: 1,
  vendorName: "Forno & Fuoco",
  action: "menu import",
  target: "Forno & Fuoco",
  summary: "",
  before: null,
  after: null,
  ...overrides,
});

describe("the staff screen's latest changes", () => {
  it("says what an import changed, for which trailer, when and by whom", () => {
    render(
      <AuditList
        now={new Date("2026-11-26T18:00:00.000Z")}
        entries={[
          entry({
            summary:
              "Menu imported from park.json: 3 items added, 2 changed, 1 removed, 1 kept sold out (ordered before)",
          }),
          entry({
            id: 2,
            at: "2026-11-25T09:30:00.000Z",
            action: "sold out",
            target: "Margherita",
            summary: "Margherita sold out",
            who: "forno-staff@foodpark.test",
          }),
        ]}
      />,
    );
    const [imported, soldOut] = screen.getAllByRole("listitem");
    expect(imported?.textContent).toBe(
      "12:05 Forno & Fuoco: Menu imported from park.json: 3 items added, 2 changed, 1 removed, 1 kept sold out (ordered before)staff@foodpark.test",
    );
    expect(soldOut?.textContent).toBe(
      "25 Nov 2026 09:30 Forno & Fuoco: Margherita sold outforno-staff@foodpark.test",
    );
  });

  it("says so when nothing has changed yet", () => {
    render(<AuditList entries={[]} />);
    expect(screen.getByText("No changes yet.")).toBeTruthy();
  });
});
