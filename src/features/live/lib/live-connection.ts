import {
  type BasketReady,
  KITCHEN_SOCKET_EVENTS,
  type KitchenTicket,
  kitchenTicketSchema,
} from "@contract/kitchen";
import {
  SOCKET_PING_MS,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
} from "@contract/limits";
import { type OrderStatusNotification, orderStatusNotificationSchema } from "@contract/orders";
import { SOCKET_EVENTS, type StaffOrderChanged, staffOrderChangedSchema } from "@contract/realtime";
import type { ManagerOptions, Socket, SocketOptions } from "socket.io-client";

/** `connected`: the socket is up; `live`: the server confirmed the customer's room (status events arrive). */
export type ConnectionState = "connecting" | "connected" | "live" | "disconnected" | "failed";

/** How long after connecting the server has to confirm the room before the client says so and catches up. */
export const ROOM_JOIN_TIMEOUT_MS = 5_000;

export interface LiveHandlers {
  onOrderStatus(notification: OrderStatusNotification): void;
  /** Every part of a basket from several trailers is ready ("your whole order is ready"). */
  onBasketReady?(basket: BasketReady): void;
  /** The park's catalogue changed (sold out, back on, a trailer opened, paused or closed): refetch what is shown. */
  onCatalogueChanged?(): void;
  /**
   * After any reconnect (a node went away, the network dropped), once back in the room (or when the room never
   * confirms): refetch the open orders, since status events may have been missed meanwhile.
   */
  onResync?(): void;
  /**
   * The first connection is up: catalogue changes reach this page from now on. What the page fetched before
   * (its menu, a moment ago) may already be out of date: revalidate what is shown.
   */
  onFirstConnect?(): void;
  /**
   * The first time this page is in its room: a status changed after the page fetched its orders and before the room
   * was joined reached nobody here, so the open orders shown are fetched once more.
   */
  onFirstJoin?(): void;
  onStateChange?(state: ConnectionState): void;
  /** Socket errors are only logged (docs/product-spec.md § Error catalogue). */
  onError?(error: unknown, context: string): void;
  /**
   * The server refused the token (`auth-error`): answer a token the server confirms (the stored one, perhaps
   * renewed by another tab) or null. The connection signs in again with it once per refusal streak.
   */
  revalidateToken?(): Promise<string | null>;
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

/** A kitchen ticket changed: its order, and the ticket itself when the server sent it. */
export interface KitchenChange {
  orderId?: number;
  ticket?: KitchenTicket;
}

const kitchenListeners = new Set<(change: KitchenChange) => void>();

/** The kitchen hears a ticket's lines struck on another tablet, or the customer's notice seen (refetch it). */
export function subscribeToKitchenChanges(listener: (change: KitchenChange) => void): () => void {
  kitchenListeners.add(listener);
  return () => {
    kitchenListeners.delete(listener);
  };
}

const stateListeners = new Set<(state: ConnectionState) => void>();
let lastState: ConnectionState = "connecting";

/**
 * The connection's state for screens that must say when they may be missing changes (the kitchen): told the
 * current state at once, then every change.
 */
export function subscribeToConnectionState(listener: (state: ConnectionState) => void): () => void {
  stateListeners.add(listener);
  listener(lastState);
  return () => {
    stateListeners.delete(listener);
  };
}

const catalogueListeners = new Set<() => void>();

/** The staff Trailers view hears every catalogue change (other staff's too) on the open connection. */
export function subscribeToCatalogueChanges(listener: () => void): () => void {
  catalogueListeners.add(listener);
  return () => {
    catalogueListeners.delete(listener);
  };
}

export interface LiveConnection {
  close(): void;
}

/**
 * Spec sections 4 and 7: websocket first with polling fallback; 5 reconnection attempts, 1 s up to 5 s;
 * on every connect 'user-auth' and 'join-user-room'; 'ping' every 30 s.
 * Never silent: it waits for 'room-joined' (else logs it after ROOM_JOIN_TIMEOUT_MS); an
 * 'auth-error' revalidates the token and signs in again once; after any reconnect, once back in the room, it
 * asks for a catch-up (`onResync`) so a status missed meanwhile shows within seconds. The orders' own 30 s
 * refresh runs underneath whatever the socket does.
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
  const reportState = (state: ConnectionState) => {
    lastState = state;
    handlers.onStateChange?.(state);
    for (const listener of stateListeners) listener(state);
  };
  let everConnected = false;
  let closed = false;
  let token = session.token;
  /** A reconnect happened: catch up once the room is joined again. */
  let resyncDue = false;
  let firstJoinDue = true;
  /** One token revalidation per refusal streak (reset once the room is joined). */
  let authRetried = false;
  let joinTimer: ReturnType<typeof setTimeout> | undefined;
  reportState("connecting");

  const catchUp = () => {
    if (!resyncDue) return;
    resyncDue = false;
    handlers.onResync?.();
  };
  const signIn = () => {
    socket.emit(SOCKET_EVENTS.userAuth, { token });
    socket.emit(SOCKET_EVENTS.joinUserRoom, session.userId);
  };
  const clearJoinTimer = () => {
    if (joinTimer !== undefined) clearTimeout(joinTimer);
    joinTimer = undefined;
  };
  const awaitRoom = () => {
    clearJoinTimer();
    joinTimer = setTimeout(() => {
      joinTimer = undefined;
      // Not in the room: no live events. Said in the log (spec: socket errors are log-only); the orders' 30 s
      // refresh keeps running regardless, and a missed change is fetched now.
      handlers.onError?.(
        new Error(`room-joined not received within ${ROOM_JOIN_TIMEOUT_MS} ms`),
        "socket room-join timeout",
      );
      catchUp();
    }, ROOM_JOIN_TIMEOUT_MS);
  };

  socket.on("connect", () => {
    signIn();
    if (staffListeners.size > 0) socket.emit(SOCKET_EVENTS.joinStaffRoom);
    if (everConnected) resyncDue = true;
    else handlers.onFirstConnect?.();
    everConnected = true;
    awaitRoom();
    reportState("connected");
  });
  socket.on(SOCKET_EVENTS.roomJoined, () => {
    clearJoinTimer();
    authRetried = false;
    if (firstJoinDue) {
      firstJoinDue = false;
      handlers.onFirstJoin?.();
    }
    reportState("live");
    catchUp();
  });
  socket.on("disconnect", (reason) => {
    clearJoinTimer();
    if (!closed) reportState("disconnected");
    // The server ended the session (e.g. restart): socket.io will not retry on its own.
    if (reason === "io server disconnect" && !closed) socket.connect();
  });
  socket.io.on("reconnect_failed", () => reportState("failed"));
  socket.on("connect_error", (error) => handlers.onError?.(error, "socket connect_error"));
  socket.on(SOCKET_EVENTS.authError, (payload: unknown) => {
    handlers.onError?.(payload, "socket auth-error");
    if (authRetried || !handlers.revalidateToken) return;
    authRetried = true;
    void handlers
      .revalidateToken()
      .then((fresh) => {
        if (closed || !fresh) {
          if (!closed)
            handlers.onError?.(
              new Error("the token was refused and none could be confirmed"),
              "socket auth-error",
            );
          return;
        }
        token = fresh;
        socket.auth = { token: fresh };
        if (!socket.connected) return;
        signIn();
        awaitRoom();
      })
      .catch((error: unknown) => handlers.onError?.(error, "socket token revalidation"));
  });

  socket.on(SOCKET_EVENTS.orderStatusNotification, (payload: unknown) => {
    const parsed = orderStatusNotificationSchema.safeParse(payload);
    if (parsed.success) handlers.onOrderStatus(parsed.data);
    else handlers.onError?.(payload, "malformed order-status-notification");
  });
  socket.on(SOCKET_EVENTS.catalogueChanged, () => {
    handlers.onCatalogueChanged?.();
    for (const listener of catalogueListeners) listener();
  });
  socket.on(SOCKET_EVENTS.staffOrderChanged, (payload: unknown) => {
    // A ticket the screen cannot read must not cost it the change: without it, the screen fetches the ticket.
    let parsed = staffOrderChangedSchema.safeParse(payload);
    if (!parsed.success && payload && typeof payload === "object")
      parsed = staffOrderChangedSchema.safeParse({ ...payload, ticket: undefined });
    if (!parsed.success) return;
    for (const listener of staffListeners) listener(parsed.data);
  });

  socket.on(KITCHEN_SOCKET_EVENTS.basketReady, (payload: unknown) => {
    const basket = payload as Partial<BasketReady> | null;
    if (
      basket &&
      Array.isArray(basket.orderIds) &&
      typeof basket.title === "string" &&
      typeof basket.body === "string"
    )
      handlers.onBasketReady?.(basket as BasketReady);
  });
  socket.on(KITCHEN_SOCKET_EVENTS.kitchenTicketChanged, (payload: unknown) => {
    const orderId = (payload as { orderId?: unknown } | null)?.orderId;
    const ticket = kitchenTicketSchema.safeParse((payload as { ticket?: unknown } | null)?.ticket);
    const change: KitchenChange =
      typeof orderId !== "number"
        ? {}
        : ticket.success
          ? { orderId, ticket: ticket.data }
          : { orderId };
    for (const listener of kitchenListeners) listener(change);
  });

  // The server confirmed the token: a later refusal may be retried again.
  socket.on(SOCKET_EVENTS.authSuccess, () => {
    authRetried = false;
  });
  // 'ping' every 30 s, answered by 'pong': a ping still unanswered at the next one means a dead connection the
  // transport has not noticed (a phone's radio asleep): logged, and the socket reconnects.
  let awaitingPong = false;
  socket.on(SOCKET_EVENTS.pong, () => {
    awaitingPong = false;
  });
  const pingTimer = setInterval(() => {
    if (!socket.connected) {
      awaitingPong = false;
      return;
    }
    if (awaitingPong) {
      awaitingPong = false;
      handlers.onError?.(new Error(`no pong within ${SOCKET_PING_MS} ms`), "socket ping");
      socket.disconnect();
      socket.connect();
      return;
    }
    awaitingPong = true;
    socket.emit(SOCKET_EVENTS.ping);
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
      clearJoinTimer();
      window.removeEventListener("online", retry);
      document.removeEventListener("visibilitychange", retry);
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
      if (activeSocket === socket) activeSocket = null;
      lastState = "connecting";
    },
  };
}
