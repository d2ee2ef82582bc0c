import { shellKind } from "@contract/shells";
import { describe, expect, it } from "vitest";

describe("the shell a page is answered with (server and service worker alike)", () => {
  it.each([
    ["/login", [], "auth"],
    ["/signup/", [], "auth"],
    ["/vendors", [], "trailer-list"],
    ["/vendors", ["token"], "trailer-list"],
    ["/vendors", ["category"], "app"],
    ["/vendor/3", [], "app"],
    ["/", [], "app"],
  ] as const)("%s with query %j → %s", (path, query, kind) => {
    expect(shellKind(path, query)).toBe(kind);
  });
});
