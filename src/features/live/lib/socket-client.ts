/** The one entry to socket.io-client, loaded on demand by live-connection.ts. */
export { io } from "socket.io-client";
