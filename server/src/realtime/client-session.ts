import type { User } from "@contract/auth";
import {
  BOARD_ROOM,
  type BoardAccount,
  boardTrailerRoom,
  joinBoardRoomPayloadSchema,
  KITCHEN_MESSAGES,
  KITCHEN_SOCKET_EVENTS,
} from "@contract/kitchen";
import {
  joinUserRoomPayloadSchema,
  SOCKET_EVENTS,
  SOCKET_MESSAGES,
  STAFF_ROOM,
  staffTrailerRoom,
  userAuthPayloadSchema,
  userRoom,
} from "@contract/realtime";
import type { Socket } from "socket.io";
import type { StaffScope } from "../services/staff-scope.js";

interface SocketData {
  /** Kept in socket.data so a recovered connection stays signed in. */
  user?: User;
  /** A pickup board signed in with its access code. */
  boardAccountId?: number;
}

/** Every socket of one board account (a revoke disconnects them). */
export const boardAccountRoom = (accountId: number) => `board-account:${accountId}`;
/** A board socket's account is checked again this often (a revoke on another node reaches it too). */
export const BOARD_RECHECK_MS = 30_000;

type ClientSocket = Socket<
  Record<string, (...args: never[]) => void>,
  Record<string, (...args: unknown[]) => void>,
  Record<string, never>,
  SocketData
>;

function handshakeToken(socket: ClientSocket): string | null {
  const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return typeof token === "string" && token.length > 0 ? token : null;
}

export interface SessionDeps {
  /** The account a token belongs to, as it is now (null: not signed in). */
  verify(token: string): Promise<User | null>;
  /** The trailers a staff account runs, read at every join (a change applies from the next connect). */
  staffScope(userId: number): Promise<StaffScope>;
  /** The board account of an access code, or null (unknown or revoked). */
  boardAccount?(accessCode: string): Promise<BoardAccount | null>;
}

/** The board rooms a viewer may hear: one trailer's, or the park's. */
function boardRoomsFor(scope: StaffScope, vendorId: number | null | undefined): string[] | null {
  if (vendorId) return scope === "all" || scope.has(vendorId) ? [boardTrailerRoom(vendorId)] : null;
  return scope === "all" ? [BOARD_ROOM] : [...scope].map(boardTrailerRoom);
}

/** The staff rooms an account may hear: the managers' room, or one room per trailer it runs. */
const staffRoomsFor = (scope: StaffScope): string[] =>
  scope === "all" ? [STAFF_ROOM] : [...scope].map(staffTrailerRoom);

/**
 * One connected client: `user-auth` (or a handshake `auth.token`) signs it in; `join-user-room`
 * joins only the caller's own room; staff may `join-staff-room` (their trailers' rooms); `ping` answers `pong`.
 * Joins wait for a pending sign-in, so a client may send `user-auth` and `join-user-room` back to back.
 */
export function attachClientSession(socket: ClientSocket, deps: SessionDeps): void {
  let signIn: Promise<User | null> = Promise.resolve(socket.data.user ?? null);

  const verify = async (token: string): Promise<User | null> => {
    const user = await deps.verify(token);
    if (user) socket.data.user = user;
    else delete socket.data.user;
    return user;
  };

  const fromHandshake = handshakeToken(socket);
  if (!socket.data.user && fromHandshake) signIn = verify(fromHandshake);

  const refuse = (message: string) => socket.emit(SOCKET_EVENTS.authError, { message });

  socket.on(SOCKET_EVENTS.userAuth, (payload: unknown) => {
    const parsed = userAuthPayloadSchema.safeParse(
      typeof payload === "string" ? { token: payload } : payload,
    );
    if (!parsed.success) {
      signIn = Promise.resolve(null);
      delete socket.data.user;
      refuse(SOCKET_MESSAGES.invalidToken);
      return;
    }
    signIn = verify(parsed.data.token);
    void signIn.then((user) => {
      if (user) socket.emit(SOCKET_EVENTS.authSuccess, { userId: user.id, role: user.role });
      else refuse(SOCKET_MESSAGES.invalidToken);
    });
  });

  socket.on(SOCKET_EVENTS.joinUserRoom, async (payload: unknown) => {
    const parsed = joinUserRoomPayloadSchema.safeParse(payload);
    const user = await signIn;
    if (!user) return refuse(SOCKET_MESSAGES.notAuthenticated);
    if (!parsed.success || parsed.data.userId !== user.id)
      return refuse(SOCKET_MESSAGES.foreignRoom);
    const room = userRoom(user.id);
    await socket.join(room);
    socket.emit(SOCKET_EVENTS.roomJoined, { room });
  });

  socket.on(SOCKET_EVENTS.joinStaffRoom, async () => {
    const user = await signIn;
    if (!user) return refuse(SOCKET_MESSAGES.notAuthenticated);
    if (user.role !== "staff") return refuse(SOCKET_MESSAGES.staffOnly);
    // Unknown scope joins nothing: a trailer's staff must never hear another trailer's orders.
    const scope = await deps.staffScope(user.id).catch(() => null);
    if (!scope) return refuse(SOCKET_MESSAGES.staffRoomUnavailable);
    const rooms = staffRoomsFor(scope);
    await socket.join(rooms);
    const [room] = rooms as [string, ...string[]];
    socket.emit(SOCKET_EVENTS.roomJoined, scope === "all" ? { room } : { room, rooms });
  });

  socket.on(KITCHEN_SOCKET_EVENTS.joinBoardRoom, async (payload: unknown) => {
    const parsed = joinBoardRoomPayloadSchema.safeParse(payload ?? {});
    if (!parsed.success) return refuse(SOCKET_MESSAGES.badPayload);
    const { accessCode, vendorId } = parsed.data;
    let rooms: string[] | null;
    if (accessCode) {
      const account = (await deps.boardAccount?.(accessCode).catch(() => null)) ?? null;
      if (!account) return refuse(KITCHEN_MESSAGES.boardCodeInvalid);
      socket.data.boardAccountId = account.id;
      rooms = [
        account.vendorId
          ? boardTrailerRoom(account.vendorId)
          : vendorId
            ? boardTrailerRoom(vendorId)
            : BOARD_ROOM,
        boardAccountRoom(account.id),
      ];
      watchBoardAccount(socket, accessCode, deps);
    } else {
      const user = await signIn;
      if (!user) return refuse(SOCKET_MESSAGES.notAuthenticated);
      if (user.role !== "staff") return refuse(SOCKET_MESSAGES.staffOnly);
      const scope = await deps.staffScope(user.id).catch(() => null);
      if (!scope) return refuse(SOCKET_MESSAGES.staffRoomUnavailable);
      rooms = boardRoomsFor(scope, vendorId);
      if (!rooms) return refuse(SOCKET_MESSAGES.staffOnly);
    }
    await socket.join(rooms);
    socket.emit(SOCKET_EVENTS.roomJoined, { room: rooms[0], rooms });
  });

  socket.on(SOCKET_EVENTS.ping, () => socket.emit(SOCKET_EVENTS.pong, { timestamp: Date.now() }));
}

/** A board socket leaves as soon as its account is revoked (checked every BOARD_RECHECK_MS). */
function watchBoardAccount(socket: ClientSocket, accessCode: string, deps: SessionDeps): void {
  const timer = setInterval(() => {
    void (deps.boardAccount?.(accessCode) ?? Promise.resolve(null))
      .catch(() => "unknown" as const)
      .then((account) => {
        if (account !== null) return;
        socket.emit(SOCKET_EVENTS.authError, { message: KITCHEN_MESSAGES.boardRevoked });
        socket.disconnect(true);
      });
  }, BOARD_RECHECK_MS);
  timer.unref();
  socket.once("disconnect", () => clearInterval(timer));
}

export type { ClientSocket };
