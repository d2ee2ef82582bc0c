create table orders (
  id serial primary key,
  user_id integer not null references users (id),
  vendor_id integer not null references vendors (id),
  order_type text not null check (order_type in ('dine_in', 'takeaway', 'delivery')),
  payment_method text not null check (payment_method in ('cash_at_counter', 'stripe')),
  status text not null check (status in ('pending', 'pending_payment', 'confirmed', 'preparing', 'ready', 'delivered', 'completed', 'cancelled')),
  subtotal_pence integer not null check (subtotal_pence >= 0),
  service_charge_pence integer not null default 0 check (service_charge_pence >= 0),
  delivery_fee_pence integer not null default 0 check (delivery_fee_pence >= 0),
  total_pence integer not null check (total_pence >= 0),
  allergy_note text,
  delivery_instructions text,
  vehicle jsonb,
  estimated_ready_at timestamptz,
  idempotency_key text,
  payment_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index orders_idempotency_idx on orders (user_id, idempotency_key) where idempotency_key is not null;
create unique index orders_payment_idx on orders (payment_id) where payment_id is not null;
create index orders_user_idx on orders (user_id, created_at desc);
create index orders_vendor_day_idx on orders (vendor_id, created_at desc);

create table order_items (
  id serial primary key,
  order_id integer not null references orders (id) on delete cascade,
  menu_item_id integer not null references menu_items (id),
  name text not null,
  description text not null default '',
  image text,
  quantity integer not null check (quantity > 0),
  unit_price_pence integer not null check (unit_price_pence >= 0),
  total_pence integer not null check (total_pence >= 0),
  special_instructions text,
  addons jsonb not null default '[]'
);
create index order_items_order_idx on order_items (order_id);

create table order_status_history (
  id serial primary key,
  order_id integer not null references orders (id) on delete cascade,
  status text not null,
  changed_by integer references users (id),
  changed_at timestamptz not null default now()
);
create index order_status_history_order_idx on order_status_history (order_id, changed_at);

-- A card payment: a Stripe Checkout Session (or the local test provider's), and the order it became.
create table payments (
  id text primary key,
  user_id integer not null references users (id),
  vendor_id integer not null references vendors (id),
  provider text not null check (provider in ('stripe', 'test')),
  amount_pence integer not null check (amount_pence > 0),
  currency text not null default 'gbp',
  status text not null default 'requires_payment_method',
  checkout_session_id text,
  order_data jsonb not null,
  order_id integer references orders (id),
  failure_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payments_user_idx on payments (user_id, created_at desc);
create unique index payments_session_idx on payments (checkout_session_id) where checkout_session_id is not null;

-- Stripe webhook events already handled (replays are ignored).
create table processed_webhook_events (
  id text primary key,
  processed_at timestamptz not null default now()
);
