import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { reportError } from "./lib/android";
import "./styles/global.css";

window.addEventListener("error", (event) => reportError(event.error ?? event.message, "uncaught"));
window.addEventListener("unhandledrejection", (event) => reportError(event.reason, "unhandled rejection"));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
