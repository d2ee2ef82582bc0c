/**
 * React DOM's client, reached through this module so that its body (the biggest module of start-up) runs when the
 * `react` chunk is evaluated: start-up evaluates that chunk in a task of its own, before the app's (see
 * `startAfterFirstPaint` in vite.config.ts), so no single task carries all of start-up's module evaluation.
 */
export { createRoot } from "react-dom/client";
