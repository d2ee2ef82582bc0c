// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { loadInTasks } from "@/lib/load-in-tasks";

describe("loadInTasks", () => {
  it("loads each module after the one before, a task apart", async () => {
    const seen: string[] = [];
    let laterTaskRan = false;
    await loadInTasks([
      async () => {
        seen.push("first");
        setTimeout(() => {
          laterTaskRan = true;
        }, 0);
      },
      async () => {
        seen.push(laterTaskRan ? "second, in a later task" : "second, in the same task");
      },
    ]);
    expect(seen).toEqual(["first", "second, in a later task"]);
  });

  it("a page out of sight loads them at once", async () => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    let laterTaskRan = false;
    let seenByLast = true;
    await loadInTasks([
      async () => {
        setTimeout(() => {
          laterTaskRan = true;
        }, 0);
      },
      async () => {
        seenByLast = laterTaskRan;
      },
    ]);
    expect(seenByLast).toBe(false);
  });
});
