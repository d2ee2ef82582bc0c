/**
 * The kitchen screen (/staff), the pickup board (/staff/board) and the "ready" that reaches the customer:
 * what the server sends and accepts. The server is the truth for every ticket's stage and version; the screen
 * offers only the moves the server will accept (contract/order-status.ts holds the status graph).
 */
import * as z from "zod/mini";
import { boundedInt, idParam, orderTypeSchema, pence, safeText } from "./common";
import {
  cancelReasonSchema,
  orderStatusSchema,
  paymentMethodSchema,
  vehicleSchema,
} from "./orders";

/** A step can be undone for this long after it was made (by the staff screen; the server checks it too). */
export const UNDO_WINDOW_MS = 5_000;
/** Recall: tickets that left the screen within this long… */
export const RECALL_WINDOW_MS = 15 * 60_000;
/** …at most this many of them, newest first. */
export const RECALL_LIST_SIZE = 10;
/** Very late, by default, at this multiple of the trailer's longest preparation time. */
export const VERY_LATE_FACTOR = 1.5;

/** The kind of a recorded staff move (order_status_history.kind). */
export const MOVE_KINDS = ["step", "undo", "recall"] as const;
export const moveKindSchema = z.enum(MOVE_KINDS);
export type MoveKind = z.infer<typeof moveKindSchema>;

/** What the customer's phone showed: the socket toast, the web push, or a text message the server sent. */
export const NOTICE_CHANNELS = ["toast", "push", "sms"] as const;
export const noticeChannelSchema = z.enum(NOTICE_CHANNELS);
export type NoticeChannel = z.infer<typeof noticeChannelSchema>;

/** The ticket's words for it. */
export const CUSTOMER_NOTIFIED_TEXT = "customer notified";
export const NOT_SEEN_TEXT = "not seen yet";

export const kitchenAddonSchema = z.object({
  name: z.string(),
  groupName: z.string(),
  quantity: z.number(),
});
export type KitchenAddon = z.infer<typeof kitchenAddonSchema>;

export const kitchenLineSchema = z.object({
  /** The order line's id (order_items.id): the check-off call names it. */
  id: z.number(),
  name: z.string(),
  quantity: z.number(),
  addons: z.array(kitchenAddonSchema),
  /** The customer's note on this line (allergy information or a request), or null. */
  note: z.nullable(z.string()),
  /** Struck off on the kitchen screen (made). */
  made: z.boolean(),
});
export type KitchenLine = z.infer<typeof kitchenLineSchema>;

/** Another trailer's order of the same basket. */
export const kitchenSiblingSchema = z.object({
  orderId: z.number(),
  orderNumber: z.number(),
  vendorId: z.number(),
  vendorName: z.string(),
  status: orderStatusSchema,
  startAt: z.nullable(z.string()),
});
export type KitchenSibling = z.infer<typeof kitchenSiblingSchema>;

/** Whether the customer saw the notice of the ticket's current status (null: nothing to see yet). */
export const customerNoticeSchema = z.object({
  status: orderStatusSchema,
  state: z.enum(["notified", "not_seen"]),
  /** How it reached them (null while not seen). */
  via: z.nullable(noticeChannelSchema),
  at: z.nullable(z.string()),
});
export type CustomerNotice = z.infer<typeof customerNoticeSchema>;

/** The last step, while it can still be undone (null otherwise). */
export const undoableStepSchema = z.object({
  /** The status an undo goes back to. */
  toStatus: orderStatusSchema,
  /** ISO instant the undo window closes (UNDO_WINDOW_MS after the step, by the server's clock). */
  until: z.string(),
});

export const kitchenTicketSchema = z.object({
  orderId: z.number(),
  /** The number the customer's screens show ("Order #42"): the order's id. */
  orderNumber: z.number(),
  /** Bumped by every move; a step names the version it was made on. */
  version: z.number(),
  vendorId: z.number(),
  vendorName: z.string(),
  /** The customer's first name only. */
  firstName: z.string(),
  orderType: orderTypeSchema,
  /** Car delivery: colour, make and plate (null otherwise). */
  vehicle: z.nullable(vehicleSchema),
  deliveryInstructions: z.nullable(z.string()),
  lines: z.array(kitchenLineSchema),
  /** The basket's allergy notes, shown in a warning style (null: none given). */
  allergyNote: z.nullable(z.string()),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSchema,
  /** Cash at the counter still to take ("To pay £X"), pence; null once paid or for card orders. */
  toPayPence: z.nullable(pence),
  /** The time promised to the customer (the late end of the order's window; estimatedDeliveryTime). */
  promisedAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** A multi-trailer basket: when this trailer should start so every part is ready together (null: at once). */
  startAt: z.nullable(z.string()),
  /** Where the ticket's age counts from: the later of when it reached the kitchen and its start time. */
  ageFrom: z.string(),
  updatedAt: z.string(),
  siblings: z.array(kitchenSiblingSchema),
  notice: z.nullable(customerNoticeSchema),
  undo: z.nullable(undoableStepSchema),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;

/** A trailer's lateness thresholds for ticket ages (minutes). */
export const kitchenTrailerSchema = z.object({
  vendorId: z.number(),
  vendorName: z.string(),
  preparationTime: z.object({ min: z.number(), max: z.number() }),
  /** Late from this age; defaults to the longest preparation time. */
  lateAfterMinutes: z.number(),
  /** Very late from this age; defaults to 1.5 × the longest preparation time. */
  veryLateAfterMinutes: z.number(),
  /** True when the trailer set its own thresholds (false: the defaults above). */
  customThresholds: z.boolean(),
});
export type KitchenTrailer = z.infer<typeof kitchenTrailerSchema>;

export const kitchenTicketsResponseSchema = z.object({
  /** Open tickets (pending payment, confirmed, preparing, ready), ordered by promised time. */
  data: z.array(kitchenTicketSchema),
  trailers: z.array(kitchenTrailerSchema),
  /** The server's clock (ISO), to correct a tablet's drift. */
  serverTime: z.string(),
  /** True for a park manager (every trailer). */
  allTrailers: z.boolean(),
});
export type KitchenTicketsResponse = z.infer<typeof kitchenTicketsResponseSchema>;

export const kitchenQuerySchema = z.object({ vendorId: z.optional(idParam("vendor")) });

/**
 * One staff move. `status` is where the ticket goes; `version` the ticket's version as the screen had it.
 * move 'step' (default): one step forward (or cancelled); a repeat of the same step on a stale version is answered
 * with the ticket as it is, moved once. 'undo': back to the status before the last step, within UNDO_WINDOW_MS.
 * 'recall': a finished ticket back to its previous stage (never a cancelled one).
 */
export const kitchenMoveRequestSchema = z.object({
  status: orderStatusSchema,
  version: boundedInt("version", 0, 2_147_483_647),
  move: z.optional(moveKindSchema),
  /** Cancelling names one of CANCEL_REASONS (the customer reads it beside the refund). */
  reason: z.optional(cancelReasonSchema),
});
export type KitchenMoveRequest = z.infer<typeof kitchenMoveRequestSchema>;

export const kitchenMoveResponseSchema = z.object({
  data: kitchenTicketSchema,
  /** False when the move was a repeat and nothing changed. */
  applied: z.boolean(),
});
export type KitchenMoveResponse = z.infer<typeof kitchenMoveResponseSchema>;

export const kitchenLineParamsSchema = z.object({
  orderId: idParam("order"),
  lineId: idParam("line"),
});
export const kitchenLineMadeRequestSchema = z.object({
  made: z.boolean({ error: "made must be true or false" }),
});

export const recallEntrySchema = z.object({
  orderId: z.number(),
  orderNumber: z.number(),
  version: z.number(),
  vendorId: z.number(),
  vendorName: z.string(),
  firstName: z.string(),
  /** Where it is now (completed or delivered). */
  status: orderStatusSchema,
  /** Where a recall puts it back. */
  previousStatus: orderStatusSchema,
  leftAt: z.string(),
});
export type RecallEntry = z.infer<typeof recallEntrySchema>;
export const recallListResponseSchema = z.object({ data: z.array(recallEntrySchema) });

/** "4 × Margherita (Extra cheese)": what the open tickets still need, lines not yet made. */
export const allDayCountSchema = z.object({
  vendorId: z.number(),
  name: z.string(),
  /** Add-ons that change what is cooked, named with their dish (sorted). */
  addons: z.array(z.string()),
  quantity: z.number(),
});
export type AllDayCount = z.infer<typeof allDayCountSchema>;
export const allDayResponseSchema = z.object({ data: z.array(allDayCountSchema) });

export const kitchenSettingsUpdateSchema = z.object({
  /** null: back to the default (the longest preparation time). */
  lateAfterMinutes: z.nullable(boundedInt("lateAfterMinutes", 1, 480)),
  /** null: back to the default (1.5 × the longest preparation time). */
  veryLateAfterMinutes: z.nullable(boundedInt("veryLateAfterMinutes", 1, 720)),
});
export type KitchenSettingsUpdate = z.infer<typeof kitchenSettingsUpdateSchema>;

export type Lateness = "on_time" | "late" | "very_late";

/** The default thresholds from a trailer's longest preparation time. */
export function defaultLateThresholds(preparationMaxMinutes: number): {
  lateAfterMinutes: number;
  veryLateAfterMinutes: number;
} {
  return {
    lateAfterMinutes: preparationMaxMinutes,
    veryLateAfterMinutes: Math.round(preparationMaxMinutes * VERY_LATE_FACTOR),
  };
}

/** How late a ticket is at `ageMs` against its trailer's thresholds. */
export function ticketLateness(
  ageMs: number,
  trailer: Pick<KitchenTrailer, "lateAfterMinutes" | "veryLateAfterMinutes">,
): Lateness {
  const minutes = ageMs / 60_000;
  if (minutes >= trailer.veryLateAfterMinutes) return "very_late";
  if (minutes >= trailer.lateAfterMinutes) return "late";
  return "on_time";
}

// ---- The pickup board (/staff/board): order numbers only, never names, emails, plates or notes. ----

export const boardNumberSchema = z.object({
  orderNumber: z.number(),
  vendorId: z.number(),
});
export type BoardNumber = z.infer<typeof boardNumberSchema>;

export const boardResponseSchema = z.object({
  /** The trailers shown (one, or the whole park): ids and names only. */
  trailers: z.array(z.object({ vendorId: z.number(), vendorName: z.string() })),
  preparing: z.array(boardNumberSchema),
  ready: z.array(boardNumberSchema),
  serverTime: z.string(),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;
export const boardQuerySchema = z.object({ vendorId: z.optional(idParam("vendor")) });

/** A board-only, read-only account: it reads the pickup board and nothing else. */
export const boardAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The one trailer it shows, or null for the whole park. */
  vendorId: z.nullable(z.number()),
  createdAt: z.string(),
  revokedAt: z.nullable(z.string()),
});
export type BoardAccount = z.infer<typeof boardAccountSchema>;
export const boardAccountListResponseSchema = z.object({ data: z.array(boardAccountSchema) });
export const boardAccountCreateSchema = z.object({
  name: safeText().check(
    z.trim(),
    z.minLength(1, "Name is required"),
    z.maxLength(60, "Name must be at most 60 characters"),
  ),
  vendorId: z.optional(z.nullable(idParam("vendor"))),
});
/** The access code is shown once, at creation: the board sends it as `Authorization: Bearer <code>`. */
export const boardAccountCreatedSchema = z.object({
  data: boardAccountSchema,
  accessCode: z.string(),
});
export const boardAccountParamsSchema = z.object({ accountId: idParam("board") });
/** Prefix of a board access code (tells it apart from a sign-in token). */
export const BOARD_CODE_PREFIX = "fpboard_";

// ---- The "ready" that arrives. ----

export const noticeShownRequestSchema = z.object({
  status: orderStatusSchema,
  via: z.enum(["toast", "push"]),
});
export type NoticeShownRequest = z.infer<typeof noticeShownRequestSchema>;

/** A text is sent when neither toast nor push was shown this long after Ready. */
export const SMS_FALLBACK_DELAY_MS = 60_000;
export const SMS_MAX_LENGTH = 160;

/** A text the local provider recorded (development and tests; /test-notification shows them). */
export const recordedTextSchema = z.object({
  id: z.number(),
  to: z.string(),
  body: z.string(),
  orderId: z.nullable(z.number()),
  sentAt: z.string(),
});
export type RecordedText = z.infer<typeof recordedTextSchema>;
export const recordedTextsResponseSchema = z.object({ data: z.array(recordedTextSchema) });

// ---- Live updates. ----

export const KITCHEN_SOCKET_EVENTS = {
  /**
   * A pickup board joins: a staff socket signed in with `user-auth` sends `{ vendorId? }`; a board account sends
   * `{ accessCode, vendorId? }`. Answered with `room-joined`, or `auth-error`.
   */
  joinBoardRoom: "join-board-room",
  /** To board rooms: a number moved (refetch GET /api/staff/board, or apply it). */
  boardChanged: "board-changed",
  /** To the trailer's staff rooms: a line was struck or unstruck, or the customer saw a notice (refetch the ticket). */
  kitchenTicketChanged: "kitchen-ticket-changed",
  /** To the customer's room: the last part of a basket from several trailers turned ready (BasketReady). */
  basketReady: "basket-ready",
} as const;

export interface BasketReady {
  checkoutId: number;
  orderIds: number[];
  title: string;
  body: string;
}

/** The whole park's board room, and one trailer's. */
export const BOARD_ROOM = "board";
export const boardTrailerRoom = (vendorId: number) => `board:trailer:${vendorId}`;
export const boardRoomsOf = (vendorId: number): readonly string[] => [
  BOARD_ROOM,
  boardTrailerRoom(vendorId),
];

export const joinBoardRoomPayloadSchema = z.object({
  accessCode: z.optional(z.string().check(z.maxLength(200))),
  vendorId: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
});

export interface BoardChanged {
  orderNumber: number;
  vendorId: number;
  /** The order's status now; the board shows preparing and ready, and drops the number otherwise. */
  status: z.infer<typeof orderStatusSchema>;
  /** True when the number just turned ready (the board chimes). */
  turnedReady: boolean;
}

export interface KitchenTicketChanged {
  orderId: number;
  vendorId: number;
  version: number;
  kind: "lines" | "notice";
  /** The ticket as it is now (staff rooms of its trailer only), put in place without a request. */
  ticket?: KitchenTicket;
}

/** Messages the kitchen and board calls answer with (tests and screens compare against these). */
export const KITCHEN_MESSAGES = {
  versionConflict: "This ticket changed on another screen; it now shows the latest",
  undoExpired: "Too late to undo: undo is possible for 5 seconds after a step",
  nothingToUndo: "There is no step to undo on this ticket",
  recallExpired: "Only tickets that left the screen in the last 15 minutes can be recalled",
  recallCancelled: "Cancelled orders cannot be recalled",
  boardRevoked: "This board's access has been revoked",
  boardCodeInvalid: "This board access code is not valid",
} as const;
