declare module "socket.io-client-bundle" {
  export { io } from "socket.io-client";
}
