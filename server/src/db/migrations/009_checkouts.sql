-- One park basket: one checkout places one order per trailer, all or nothing, under one Idempotency-Key.
create table checkouts (
  id serial primary key,
  user_id integer not null references users (id),
  idempotency_key text not null,
  -- sha256 of the request that first used the key: the same key with another body is refused (422).
  request_hash text not null,
  payment_method text not null check (payment_method in ('cash_at_counter', 'stripe')),
  -- placed: cash orders exist; awaiting_payment: card, nothing placed until paid; paid: card orders exist.
  status text not null check (status in ('placed', 'awaiting_payment', 'paid')),
  vendor_ids integer[] not null,
  subtotal_pence integer not null default 0 check (subtotal_pence >= 0),
  service_charge_pence integer not null default 0 check (service_charge_pence >= 0),
  delivery_fee_pence integer not null default 0 check (delivery_fee_pence >= 0),
  total_pence integer not null default 0 check (total_pence >= 0),
  payment_id text references payments (id),
  payment_url text,
  created_at timestamptz not null default now(),
  unique (user_id, idempotency_key)
);

alter table orders add column checkout_id integer references checkouts (id);
create index orders_checkout_idx on orders (checkout_id) where checkout_id is not null;
