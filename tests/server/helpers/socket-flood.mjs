// A socket.io flood from its own process: SOCKETS sockets each send EVENTS events as fast as they can
// (half `ping`, half `user-auth` with a token that does not verify), then report how many the server cut off.
// Usage: node socket-flood.mjs <baseUrl> <sockets> <events>; prints one JSON line when done.
import { io } from "socket.io-client";

const [baseUrl, socketsArg = "100", eventsArg = "2000"] = process.argv.slice(2);
const sockets = Number(socketsArg);
const events = Number(eventsArg);
let cutOff = 0;
let refused = 0;
let sent = 0;

await Promise.all(
  Array.from(
    { length: sockets },
    (_, index) =>
      new Promise((resolve) => {
        const socket = io(baseUrl, {
          path: "/socket.io",
          transports: ["websocket"],
          forceNew: true,
          reconnection: false,
        });
        const done = () => {
          socket.close();
          resolve();
        };
        const timer = setTimeout(done, 20_000);
        socket.on("connect_error", () => {
          refused += 1;
          clearTimeout(timer);
          done();
        });
        socket.on("disconnect", (reason) => {
          if (reason === "io server disconnect") cutOff += 1;
          clearTimeout(timer);
          done();
        });
        socket.on("connect", () => {
          for (let i = 0; i < events; i += 1) {
            if (index % 2 === 0) socket.emit("ping");
            else socket.emit("user-auth", { token: `not.a.token${i}` });
            sent += 1;
          }
        });
      }),
  ),
);
console.log(JSON.stringify({ sockets, events, sent, cutOff, refused }));
process.exit(0);
