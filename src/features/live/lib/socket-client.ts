/**
 * The one entry to socket.io-client, loaded on demand by live-connection.ts. `socket.io-client-bundle` is the
 * package's prebuilt one-file ESM build (aliased in vite.config.ts; typed in socket-io-bundle.d.ts).
 */
export { io } from "socket.io-client-bundle";
