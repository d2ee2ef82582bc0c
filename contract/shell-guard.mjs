/**
 * The shell's first script, inline in index.html's <head> so it runs before the body paints: signed out (no stored
 * token, no `?token=`, no token from the Android host or a meta tag) on a signed-in route, it swaps the shell to the
 * sign-in card and the address to /login (the spec's route rule) instead of painting a trailer-list skeleton first.
 * The page the customer asked for rides along as the router's `from`. The server's CSP allows exactly this text by
 * its hash (server/src/plugins/security.ts); vite.config.ts writes it into the page. Plain JavaScript (with
 * shell-guard.d.mts) so the Vite config imports it with its extension.
 */
export const SHELL_GUARD_SCRIPT =
  '(function(){try{var p=location.pathname;if(/^\\/(login|signup|test-auto-login|test-notification|staff|pay)(\\/|$)/.test(p))return;if(localStorage.getItem("authToken")||/[?&]token=/.test(location.search)||window.FOODPARK_AUTH_TOKEN||document.querySelector(\'meta[name="auth-token"]\'))return;document.documentElement.setAttribute("data-shell","auth");history.replaceState({usr:{from:p},key:"default",idx:0},"","/login")}catch(e){}})()';
