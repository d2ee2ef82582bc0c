import type { OrderType } from "@contract/common";
import type { OrderStatus, PaymentMethod, Vehicle } from "@contract/orders";
import type { CartTotals } from "@contract/pricing";
import type { Queryable } from "../database.js";
import type { CartRow, PricedLineRow } from "./carts.js";
import type { CheckoutRow } from "./checkouts.js";
import type { VendorRow } from "./vendors.js";

/** One add-on of an order line, per unit, as order_items.addons (jsonb) keeps it. */
export interface StoredOrderAddon {
  id: number;
  name: string;
  group_id: number;
  group_name: string;
  quantity: number;
  price_pence: number;
  /** Per cent VAT it was sold at (absent on orders placed before VAT rates were kept). */
  vat_rate?: number;
}

/** Writes a purchase's totals on its checkout, in the order's statement, only when the order was placed. */
const CHECKOUT_TOTALS_CTE = `, totals as (
           update checkouts set subtotal_pence = $20, service_charge_pence = $21, delivery_fee_pence = $22,
             total_pence = $23
           where id = $15 and exists (select 1 from placed)
         )`;

export interface NewOrderItem {
  menuItemId: number;
  name: string;
  description: string;
  image: string | null;
  quantity: number;
  unitPricePence: number;
  totalPence: number;
  specialInstructions: string | null;
  addons: StoredOrderAddon[];
  /** Per cent VAT the item was sold at. */
  vatRate?: number | null;
}

export interface NewOrder {
  userId: number;
  vendorId: number;
  orderType: OrderType;
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  subtotalPence: number;
  serviceChargePence: number;
  deliveryFeePence: number;
  totalPence: number;
  allergyNote: string | null;
  deliveryInstructions: string | null;
  vehicle: Vehicle | null;
  /**
   * Minutes from now until the order should be ready: its estimated window (contract/estimated-time.ts). Also kept
   * as the order's quote (quoted_ready_*_minutes), written here once and never moved.
   */
  readyFromMinutes: number;
  readyInMinutes: number;
  /** A multi-trailer basket: minutes from now until this trailer should start (null: at once). */
  startInMinutes?: number | null | undefined;
  paymentId: string | null;
  /** The checkout it was placed in (every purchase is one; null only for orders written outside a purchase). */
  checkoutId?: number | null | undefined;
  /** VAT included in the total (contract/vat.ts). */
  vatPence?: number;
  /** Its purchase's totals, written on its checkout (`checkoutId`) in the same statement. */
  checkoutTotals?: CartTotals | undefined;
  items: NewOrderItem[];
}

/** The order's row: its values, its checkout given as SQL (a parameter, or the row a statement just claimed). */
const placedCte = (checkoutId: string, from: string) => `
           insert into orders (user_id, vendor_id, order_type, payment_method, status, subtotal_pence,
             service_charge_pence, delivery_fee_pence, total_pence, allergy_note, delivery_instructions, vehicle,
             estimated_ready_at, payment_id, checkout_id, estimated_ready_from, start_at,
             vat_pence, quoted_ready_from_minutes, quoted_ready_at_minutes)
           select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, now() + make_interval(mins => $13::int), $14,
             ${checkoutId}, now() + make_interval(mins => $16::int),
             case when $18::int is null then null else now() + make_interval(mins => $18::int) end, $19, $16::int, $13::int
           ${from}
           on conflict do nothing
           returning *`;

/** The placed order's lines (in the given order) and its first status, after a `placed` CTE. */
const ORDER_LINES_AND_HISTORY = `lines as (
           insert into order_items (order_id, menu_item_id, name, description, image, quantity, unit_price_pence,
             total_pence, special_instructions, addons, vat_rate)
           select placed.id, item.menu_item_id, item.name, item.description, item.image, item.quantity,
             item.unit_price_pence, item.total_pence, item.special_instructions, item.addons, item.vat_rate
           from placed, rows from (jsonb_to_recordset($17::jsonb) as (menu_item_id int, name text,
             description text, image text, quantity int, unit_price_pence int, total_pence int,
             special_instructions text, addons jsonb, vat_rate smallint)) with ordinality as item(menu_item_id,
             name, description, image, quantity, unit_price_pence, total_pence, special_instructions, addons,
             vat_rate, position)
           order by item.position
         ), history as (
           insert into order_status_history (order_id, status) select placed.id, placed.status from placed
         )`;

/** $1–$19 of `placedCte` and `ORDER_LINES_AND_HISTORY`, then the checkout's totals ($20–$23) when given. */
function orderParams(order: NewOrder): unknown[] {
  const items = order.items.map((item) => ({
    menu_item_id: item.menuItemId,
    name: item.name,
    description: item.description,
    image: item.image,
    quantity: item.quantity,
    unit_price_pence: item.unitPricePence,
    total_pence: item.totalPence,
    special_instructions: item.specialInstructions,
    addons: item.addons,
    vat_rate: item.vatRate ?? null,
  }));
  return [
    order.userId,
    order.vendorId,
    order.orderType,
    order.paymentMethod,
    order.status,
    order.subtotalPence,
    order.serviceChargePence,
    order.deliveryFeePence,
    order.totalPence,
    order.allergyNote,
    order.deliveryInstructions,
    order.vehicle === null ? null : JSON.stringify(order.vehicle),
    order.readyInMinutes,
    order.paymentId,
    order.checkoutId ?? null,
    order.readyFromMinutes,
    JSON.stringify(items),
    order.startInMinutes ?? null,
    order.vatPence ?? 0,
    ...(order.checkoutTotals
      ? [
          order.checkoutTotals.subtotalPence,
          order.checkoutTotals.serviceChargePence,
          order.checkoutTotals.deliveryChargePence,
          order.checkoutTotals.totalPence,
        ]
      : []),
  ];
}

/** What a one-trailer cash order is priced and judged on, read in one statement (see `cashOrderContext`). */
export interface CashOrderContext {
  vendor: VendorRow | null;
  cart: CartRow | null;
  lines: PricedLineRow[];
  /** The checkout already under the customer's Idempotency-Key (none sent: null). */
  earlier: CheckoutRow | null;
  /** The catalogue version (migration 020) the vendor's row and the lines' menu data were read at. */
  catalogue_version: number;
}

/**
 * How `placeCashOrder` went: placed; or the cart or the catalogue is not the one priced (nothing written); or the key
 * was taken.
 */
export type CashOrderOutcome = { placed: PlacedOrderRow } | { placed: null; cartChanged: boolean };

/** What a one-trailer cash order is written against: the cart and catalogue versions it was priced on, its key. */
export interface CashOrderGuards {
  cartId: number;
  cartVersion: number;
  catalogueVersion: number;
  key: string | null;
  requestHash: string;
}

export interface PlacedOrderRow {
  id: number;
  status: OrderStatus;
  user_id: number;
  vendor_id: number;
}

const PLACED_COLUMNS = "id, status, user_id, vendor_id";

/** SQL for creating orders; the rules (what goes in, when) live in services/orders/placement.ts. */
/** A trailer's open ticket as its kitchen queue sees it (contract/basket-timing.ts OpenTicket). */
export interface OpenTicketRow {
  vendor_id: number;
  status: "confirmed" | "preparing";
  start_at: Date | null;
  /** When it last went into preparation (null: never). */
  preparing_since: Date | null;
  estimated_ready_at: Date;
}

export function orderPlacementRepository(db: Queryable) {
  return {
    /** The open tickets (confirmed, preparing) of these trailers: what their kitchens still have to make. */
    async openTickets(vendorIds: readonly number[]): Promise<OpenTicketRow[]> {
      return db.query<OpenTicketRow>(
        `select o.vendor_id, o.status, o.start_at, coalesce(o.estimated_ready_at, o.created_at) as estimated_ready_at,
           (select max(h.changed_at) from order_status_history h
            where h.order_id = o.id and h.status = 'preparing') as preparing_since
         from orders o
         where o.vendor_id = any($1::int[]) and o.status in ('confirmed', 'preparing')`,
        [vendorIds],
      );
    },

    /**
     * A one-trailer cash order's reads in one statement: the vendor's row, the customer's cart there with its priced
     * lines (migration 019's cart_lines_priced), and the checkout already under `key`.
     */
    async cashOrderContext(
      userId: number,
      vendorId: number,
      key: string | null,
    ): Promise<CashOrderContext> {
      const [row] = await db.query<CashOrderContext>(
        `with c as (select * from carts where user_id = $1 and vendor_id = $2)
         select (select to_jsonb(v) from vendors v where v.id = $2) as vendor,
           (select to_jsonb(c) from c) as cart,
           (select to_jsonb(k) from checkouts k where k.user_id = $1 and k.idempotency_key = $3) as earlier,
           (select coalesce(jsonb_agg(to_jsonb(l) - 'created_at' order by l.created_at, l.id), '[]'::jsonb)
            from cart_lines_priced l where l.cart_id = (select id from c)) as lines,
           (select version from catalogue_version) as catalogue_version`,
        [userId, vendorId, key],
      );
      return row!;
    },

    /**
     * A one-trailer cash order as ONE statement, no transaction held open: the cart row locked only if it is still
     * the version that was priced (every cart write raises it) and the catalogue still the version the vendor and
     * menu data were read at (migration 020); the checkout claimed under its key with its totals, the order with its
     * lines and first status, the cart emptied. Nothing is written when either version moved (`cartChanged`: read
     * and price it again) or the key is already taken (a duplicate waits on the key's unique index until the first
     * commits).
     */
    async placeCashOrder(
      order: NewOrder & { checkoutTotals: CartTotals },
      checkout: CashOrderGuards,
    ): Promise<CashOrderOutcome> {
      const [row] = await db.query<{ cart_current: boolean; id: number | null } & PlacedOrderRow>(
        `with cart as (
           select id from carts
           where id = $24 and version = $25 and (select version from catalogue_version) = $28
           for update
         ), claim as (
           insert into checkouts (user_id, idempotency_key, request_hash, payment_method, status, vendor_ids,
             subtotal_pence, service_charge_pence, delivery_fee_pence, total_pence)
           select $1, $26, $27, $4, 'placed', array[$2::int], $20, $21, $22, $23 from cart
           on conflict (user_id, idempotency_key) do nothing
           returning id
         ), placed as (${placedCte("coalesce($15::int, claim.id)", "from claim")}), ${ORDER_LINES_AND_HISTORY},
         emptied as (
           update carts set order_type = null, delivery_instructions = '', updated_at = now(), version = version + 1
           where id = (select id from cart) and exists (select 1 from placed)
           returning id
         ), cleared as (
           delete from cart_lines where cart_id in (select id from emptied)
         )
         select exists (select 1 from cart) as cart_current, placed.id, placed.status, placed.user_id,
           placed.vendor_id
         from (select 1) one left join placed on true`,
        [
          ...orderParams({ ...order, checkoutId: null }),
          checkout.cartId,
          checkout.cartVersion,
          checkout.key,
          checkout.requestHash,
          checkout.catalogueVersion,
        ],
      );
      if (row?.id != null)
        return {
          placed: {
            id: row.id,
            status: row.status,
            user_id: row.user_id,
            vendor_id: row.vendor_id,
          },
        };
      return { placed: null, cartChanged: !row?.cart_current };
    },

    async findByPaymentId(paymentId: string): Promise<PlacedOrderRow | null> {
      const [row] = await db.query<PlacedOrderRow>(
        `select ${PLACED_COLUMNS} from orders where payment_id = $1`,
        [paymentId],
      );
      return row ?? null;
    },

    /**
     * The order, its lines, its first status (and its checkout's totals, when given) in ONE statement (data-modifying CTEs): a placed order costs one
     * round trip here, whatever its number of lines. Null when its payment already has its order (nothing written).
     */
    async insertOrder(order: NewOrder): Promise<PlacedOrderRow | null> {
      const [row] = await db.query<PlacedOrderRow>(
        `with placed as (${placedCte("$15", "")}), ${ORDER_LINES_AND_HISTORY}${
          order.checkoutTotals ? CHECKOUT_TOTALS_CTE : ""
        }
         select ${PLACED_COLUMNS} from placed`,
        orderParams(order),
      );
      return row ?? null;
    },
  };
}
