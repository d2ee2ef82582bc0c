import type { ManagerOptions, Socket, SocketOptions } from "socket.io-client";
import {
  SOCKET_PING_MS,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
} from "../../../../contract/limits";
import {
  type OrderStatusNotification,
  orderStatusNotificationSchema,
} from "../../../../contract/orders";
import {
  SOCKET_EVENTS,
  type StaffOrderChanged,
  staffOrderChangedSchema,
} from "../../../../contract/realtime";

export type ConnectionState = "connecting" | "connected" | "disconnected" | "failed";

export interface LiveHandlers {
  onOrderStatus(notification: OrderStatusNotification): void;
  /** Connected again without recovering missed events: refetch what might be stale. */
  onResync?(): void;
  onStateChange?(state: ConnectionState): void;
  /** Socket errors are only logged (spec section 8). */
  onError?(error: unknown, context: string): void;
}

export interface LiveSession {
  token: string;
  userId: number;
  /** '' = this origin. */
  url: string;
}

type SocketFactory = (
  url: string | undefined,
  options: Partial<ManagerOptions & SocketOptions>,
) => Socket;
/** socket.io-client is loaded on demand so it never weighs on the first paint of /login or /vendors. */
export type ClientLoader = () => Promise<{ io: SocketFactory }>;

const defaultLoader: ClientLoader = () => import("./socket-client");

const staffListeners = new Set<(change: StaffOrderChanged) => void>();
let activeSocket: Socket | null = null;

/** The staff board's live feed: joins the staff room on this (and every later) connection. */
export function subscribeToStaffChanges(listener: (change: StaffOrderChanged) => void): () => void {
  staffListeners.add(listener);
  if (activeSocket?.connected) activeSocket.emit(SOCKET_EVENTS.joinStaffRoom);
  return () => {
    staffListeners.delete(listener);
  };
}

export interface LiveConnection {
  close(): void;
}

/**
 * Spec sections 4 and 7: websocket first with polling fallback; 5 reconnection attempts, 1 s up to 5 s;
 * on every connect 'user-auth' and 'join-user-room'; 'ping' every 30 s.
 */
export async function openLiveConnection(
  session: LiveSession,
  handlers: LiveHandlers,
  loadClient: ClientLoader = defaultLoader,
): Promise<LiveConnection> {
  const { io } = await loadClient();
  const socket = io(session.url || undefined, {
    path: "/socket.io",
    transports: ["websocket", "polling"],
    tryAllTransports: true,
    reconnection: true,
    reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    auth: { token: session.token },
  });
  activeSocket = socket;
  let everConnected = false;
  let closed = false;
  handlers.onStateChange?.("connecting");

  socket.on("connect", () => {
    socket.emit(SOCKET_EVENTS.userAuth, { token: session.token });
    socket.emit(SOCKET_EVENTS.joinUserRoom, session.userId);
    if (staffListeners.size > 0) socket.emit(SOCKET_EVENTS.joinStaffRoom);
    if (everConnected && !socket.recovered) handlers.onResync?.();
    everConnected = true;
    handlers.onStateChange?.("connected");
  });
  socket.on("disconnect", (reason) => {
    if (!closed) handlers.onStateChange?.("disconnected");
    // The server ended the session (e.g. restart): socket.io will not retry on its own.
    if (reason === "io server disconnect" && !closed) socket.connect();
  });
  socket.io.on("reconnect_failed", () => handlers.onStateChange?.("failed"));
  socket.on("connect_error", (error) => handlers.onError?.(error, "socket connect_error"));
  socket.on(SOCKET_EVENTS.authError, (payload: unknown) =>
    handlers.onError?.(payload, "socket auth-error"),
  );

  socket.on(SOCKET_EVENTS.orderStatusNotification, (payload: unknown) => {
    const parsed = orderStatusNotificationSchema.safeParse(payload);
    if (parsed.success) handlers.onOrderStatus(parsed.data);
    else handlers.onError?.(payload, "malformed order-status-notification");
  });
  socket.on(SOCKET_EVENTS.staffOrderChanged, (payload: unknown) => {
    const parsed = staffOrderChangedSchema.safeParse(payload);
    if (!parsed.success) return;
    for (const listener of staffListeners) listener(parsed.data);
  });

  const pingTimer = setInterval(() => {
    if (socket.connected) socket.emit(SOCKET_EVENTS.ping);
  }, SOCKET_PING_MS);

  // After the 5 attempts are spent, coming back online or to the tab tries again.
  const retry = () => {
    if (!closed && !socket.connected && document.visibilityState === "visible") socket.connect();
  };
  window.addEventListener("online", retry);
  document.addEventListener("visibilitychange", retry);

  return {
    close() {
      closed = true;
      clearInterval(pingTimer);
      window.removeEventListener("online", retry);
      document.removeEventListener("visibilitychange", retry);
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
      if (activeSocket === socket) activeSocket = null;
    },
  };
}
