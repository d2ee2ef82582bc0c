import { Component, type ReactNode } from "react";
import { browserOnline } from "@/lib/network";
import { reportError } from "../lib/android";

/** Shown when a page fails to load (e.g. its chunk is unreachable offline). */
export function RouteError() {
  const offline = !browserOnline();
  return (
    <div className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>
        {offline
          ? "This page is not available offline yet. Reconnect and try again."
          : "We could not show this page. Please try again."}
      </p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        <span>Reload</span>
      </button>
    </div>
  );
}

/** Catches a page that fails to load or render; moving to another address tries again. */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failedAt: string | null }
> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: "" };
  }

  override componentDidCatch(error: unknown) {
    reportError(error, "route error");
    this.setState({ failedAt: this.props.resetKey });
  }

  override componentDidUpdate() {
    const { failedAt } = this.state;
    if (failedAt && failedAt !== this.props.resetKey) this.setState({ failedAt: null });
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}
