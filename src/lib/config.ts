/** Where the backend lives; both default to this origin (the park server serves the PWA too). */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? "/api";
export const authHost: string = import.meta.env.VITE_AUTH_HOST ?? "";
/** The spec's second auth host, used for registration only; defaults to the auth host. */
export const registrationHost: string = import.meta.env.VITE_REGISTRATION_HOST ?? authHost;
export const socketUrl: string = import.meta.env.VITE_SOCKET_URL ?? "";
