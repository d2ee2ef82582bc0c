import { type BoardChanged, KITCHEN_SOCKET_EVENTS } from "@contract/kitchen";
import { SOCKET_EVENTS } from "@contract/realtime";
import type { ClientLoader } from "./live-connection";

const defaultLoader: ClientLoader = () => import("./socket-client");

export interface BoardFeedOptions {
  /** A staff member's sign-in token, or null for a board-only account… */
  token: string | null;
  /** …which joins with its access code instead. */
  accessCode: string | null;
  /** One trailer's numbers, or null for the whole park. */
  vendorId: number | null;
  url: string;
}

export interface BoardFeedHandlers {
  onChange(change: BoardChanged): void;
  /** In the board room (first time and after every reconnect): fetch the board, changes may have been missed. */
  onJoined(): void;
  onLink(state: "live" | "offline"): void;
  onRefused?(message: string): void;
}

/**
 * The pickup board's own socket: joins the board room (as staff with `user-auth`, or with a board access code) and
 * hears `board-changed`. It keeps trying while the network is away, and every join asks for a fresh board.
 */
export async function openBoardFeed(
  options: BoardFeedOptions,
  handlers: BoardFeedHandlers,
  loadClient: ClientLoader = defaultLoader,
): Promise<{ close(): void }> {
  const { io } = await loadClient();
  const socket = io(options.url || undefined, {
    path: "/socket.io",
    transports: ["websocket", "polling"],
    tryAllTransports: true,
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 3_000,
    ...(options.token ? { auth: { token: options.token } } : {}),
  });
  const join = () => {
    if (options.token) socket.emit(SOCKET_EVENTS.userAuth, { token: options.token });
    socket.emit(KITCHEN_SOCKET_EVENTS.joinBoardRoom, {
      ...(options.accessCode ? { accessCode: options.accessCode } : {}),
      vendorId: options.vendorId,
    });
  };
  socket.on("connect", join);
  socket.on(SOCKET_EVENTS.roomJoined, () => {
    handlers.onLink("live");
    handlers.onJoined();
  });
  socket.on(SOCKET_EVENTS.authError, (payload: unknown) => {
    const message = (payload as { message?: unknown } | null)?.message;
    handlers.onRefused?.(typeof message === "string" ? message : "Refused");
  });
  socket.on("disconnect", (reason) => {
    handlers.onLink("offline");
    if (reason === "io server disconnect") socket.connect();
  });
  socket.on(KITCHEN_SOCKET_EVENTS.boardChanged, (payload: unknown) => {
    const change = payload as Partial<BoardChanged> | null;
    if (change && typeof change.orderNumber === "number") handlers.onChange(change as BoardChanged);
  });
  const retry = () => {
    if (!socket.connected) socket.connect();
  };
  window.addEventListener("online", retry);
  return {
    close() {
      window.removeEventListener("online", retry);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
