/**
 * Which built shell a page is answered with, decided the same way by the server (server/src/plugins/static.ts) and
 * the service worker (sw/routes.ts), so the copy the worker saved for a page is the one the server would send:
 *   - "auth": the sign-in card's shell (`shell-auth.html`), for /login and /signup;
 *   - "trailer-list": /vendors as the list opens (no filter in its address), with the first trailers' pictures;
 *   - "app": every other page (`index.html`).
 */
export type ShellKind = "auth" | "trailer-list" | "app";

const AUTH_SHELL_PAGES = new Set(["/login", "/signup"]);

/** The shell for a page's path and the names of its query parameters (`token` is the Android hand-off). */
export function shellKind(pathname: string, queryKeys: readonly string[]): ShellKind {
  const page = pathname.replace(/\/$/, "");
  if (AUTH_SHELL_PAGES.has(page)) return "auth";
  if (page === "/vendors" && queryKeys.every((key) => key === "token")) return "trailer-list";
  return "app";
}
