import { useRouteError } from "react-router";
import { reportError } from "../lib/android";

/** Shown when a page fails to load (e.g. its chunk is unreachable offline). */
export function RouteError() {
  const error = useRouteError();
  reportError(error, "route error");
  const offline = typeof navigator !== "undefined" && !navigator.onLine;
  return (
    <div className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>{offline ? "This page is not available offline yet. Reconnect and try again." : "We could not show this page. Please try again."}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        <span>Reload</span>
      </button>
    </div>
  );
}
