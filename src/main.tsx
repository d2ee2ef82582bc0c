import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { reportError } from "./lib/android";
import "./styles/global.css";

window.addEventListener("error", (event) => reportError(event.error ?? event.message, "uncaught"));
window.addEventListener("unhandledrejection", (event) => reportError(event.reason, "unhandled rejection"));

// Production only: a worker in development would serve stale modules. Loaded after the page, off the critical path.
if (import.meta.env.PROD) {
  window.addEventListener("load", () => {
    void import("./app/pwa/register-sw").then(({ registerServiceWorker }) => registerServiceWorker());
  });
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
