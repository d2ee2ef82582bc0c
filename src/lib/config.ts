/** Where the backend lives; both default to this origin (the park server serves the PWA too). */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? "/api";
export const authHost: string = import.meta.env.VITE_AUTH_HOST ?? "";
export const socketUrl: string = import.meta.env.VITE_SOCKET_URL ?? "";
