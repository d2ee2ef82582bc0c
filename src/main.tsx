import { StrictMode, startTransition } from "react";
import { App } from "./app/App";
import { startEarlyQueries } from "./app/early-queries";
import { afterFirstScreen, watchFirstScreen } from "./app/first-screen";
import { createQueryClient } from "./app/query-client";
import { createRoot } from "./app/react-dom-client";
import { preloadPage } from "./app/router";
import { reportError } from "./lib/android";
import "./styles/global.css";

window.addEventListener("error", (event) => reportError(event.error ?? event.message, "uncaught"));
window.addEventListener("unhandledrejection", (event) =>
  reportError(event.reason, "unhandled rejection"),
);

// Boot: the page's chunk and its first request start together, now; the first render waits for the chunk (the
// shell in index.html is on screen meanwhile), so React's first paint is the page, not a spinner.
const queryClient = createQueryClient();
startEarlyQueries(queryClient, window.location.pathname);
const pageReady = preloadPage(window.location.pathname).catch(() => undefined);
watchFirstScreen(queryClient, pageReady);

// Production only: a worker in development would serve stale modules. Off the critical path: after the first screen.
if (import.meta.env.PROD) {
  void afterFirstScreen().then(() =>
    import("./app/pwa/register-sw").then(({ registerServiceWorker }) => registerServiceWorker()),
  );
}

// The first render is a transition: React works in slices of a few milliseconds instead of one long task, so a
// slow phone stays responsive (Total Blocking Time) while the shell is on screen.
void pageReady.then(() => {
  const root = createRoot(document.getElementById("root")!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});
