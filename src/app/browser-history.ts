import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  createPath,
  parsePath,
  type To,
} from "react-router";

/**
 * The browser history the router runs on, as BrowserRouter makes it, with one rule more: a push to the address
 * already shown replaces it. React Router's links already do that, but they compare with the location React last
 * rendered. While the next page's chunk loads, that render is held back (a transition), so the second tap of a double
 * tap still saw the old page and pushed the new one again: Back then stayed on it. The history's own location is
 * updated at once.
 */
export function createAppHistory(): ReturnType<typeof createBrowserHistory> {
  const history = createBrowserHistory({ v5Compat: true });
  const push = history.push.bind(history);
  history.push = (to: To, state?: unknown) => {
    const target = createPath(typeof to === "string" ? parsePath(to) : to);
    if (target === createPath(history.location)) history.replace(to, state);
    else push(to, state);
  };
  return history;
}
