-- One shape for what links an order, its payment and its checkout: every purchase is a checkout (the spec's
-- POST /orders and create-intent too), its Idempotency-Key and request hash are kept on the checkout alone, and
-- every payment's order_data names its checkout as `purchase` (checkoutId, snapshots[, existingOrderId]). Rows
-- written in the older shapes are rewritten here, once.

-- The spec's calls may come without a key: such a purchase is a checkout of its own, with no key.
alter table checkouts alter column idempotency_key drop not null;
-- The hosted payment's client secret as the provider gave it (null for a hosted page): a replay answers it again.
alter table checkouts add column payment_client_secret text;
-- Which order or payment a checkout below was made for (dropped at the end).
alter table checkouts add column migrated_order_id integer;
alter table checkouts add column migrated_payment_id text;

-- 1. Every order placed outside a checkout (the spec's POST /orders; a one-trailer card payment of before) gets a
--    checkout of its own, taking over the order's key and request hash. A key kept before request hashes were
--    (migration 005) gets an empty hash: its replay is refused (422) rather than answered with a guess.
insert into checkouts (user_id, idempotency_key, request_hash, payment_method, status, vendor_ids, subtotal_pence,
  service_charge_pence, delivery_fee_pence, total_pence, payment_id, created_at, migrated_order_id)
select o.user_id, o.idempotency_key, coalesce(o.request_hash, ''), o.payment_method,
  case when o.payment_method = 'stripe' then 'paid' else 'placed' end, array[o.vendor_id], o.subtotal_pence,
  o.service_charge_pence, o.delivery_fee_pence, o.total_pence,
  case when o.payment_method = 'stripe' then o.payment_id end, o.created_at, o.id
from orders o
where o.checkout_id is null;
update orders o set checkout_id = c.id from checkouts c where c.migrated_order_id = o.id;

-- 2. A payment's purchase: a basket payment's `basket` is its purchase; a one-trailer payment of before buys its
--    one snapshot.
update payments
set order_data = (order_data - 'basket') || jsonb_build_object('purchase', order_data -> 'basket')
where order_data ? 'basket' and not order_data ? 'purchase';
update payments set order_data = order_data - 'basket' where order_data ? 'basket';
update payments
set order_data = order_data || jsonb_build_object(
  'purchase', jsonb_build_object('checkoutId', null, 'snapshots', jsonb_build_array(order_data -> 'snapshot')))
where not order_data ? 'purchase';

-- 3. A purchase without its checkout: the checkout of the order it placed (or paid for), else one of its own.
update payments p
set order_data = jsonb_set(p.order_data, '{purchase,checkoutId}', to_jsonb(o.checkout_id))
from orders o
where p.order_data #>> '{purchase,checkoutId}' is null
  and o.id = coalesce((p.order_data #>> '{purchase,existingOrderId}')::int, p.order_id);

insert into checkouts (user_id, idempotency_key, request_hash, payment_method, status, vendor_ids, subtotal_pence,
  service_charge_pence, delivery_fee_pence, total_pence, payment_id, created_at, migrated_payment_id)
select p.user_id, null, '', 'stripe', case when p.status = 'paid' then 'paid' else 'awaiting_payment' end,
  array[p.vendor_id], coalesce((p.order_data #>> '{snapshot,subtotalPence}')::int, 0),
  coalesce((p.order_data #>> '{snapshot,serviceChargePence}')::int, 0),
  coalesce((p.order_data #>> '{snapshot,deliveryFeePence}')::int, 0), p.amount_pence, p.id, p.created_at, p.id
from payments p
where p.order_data #>> '{purchase,checkoutId}' is null;
update payments p
set order_data = jsonb_set(p.order_data, '{purchase,checkoutId}', to_jsonb(c.id))
from checkouts c
where c.migrated_payment_id = p.id;

-- 4. Snapshots stored before they kept a full slot's shift or the trailer's VAT registration: none and not
--    registered, as the code read them, now written down so the code reads one shape.
update payments p
set order_data = jsonb_set(p.order_data, '{purchase,snapshots}', (
  select jsonb_agg(
    jsonb_build_object('slotShiftMinutes', 0, 'vatRegistered', false) || snapshot order by position)
  from jsonb_array_elements(p.order_data #> '{purchase,snapshots}') with ordinality as s(snapshot, position)))
where exists (
  select 1 from jsonb_array_elements(p.order_data #> '{purchase,snapshots}') as s(snapshot)
  where not (s.snapshot ? 'slotShiftMinutes' and s.snapshot ? 'vatRegistered'));

alter table checkouts drop column migrated_order_id;
alter table checkouts drop column migrated_payment_id;

-- 4. The order no longer carries a key of its own: its checkout does.
drop index orders_idempotency_idx;
alter table orders drop column idempotency_key;
alter table orders drop column request_hash;
