/** The worker asks the page to show a path (a tapped notification); register-sw relays it as this window event. */
export const IN_APP_NAVIGATE_EVENT = "foodpark:navigate";
