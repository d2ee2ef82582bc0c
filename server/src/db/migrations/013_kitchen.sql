-- The kitchen screen: every staff move is versioned and audited, lines are struck when made, a basket's quicker
-- trailers start later, trailers set their own lateness thresholds, and pickup boards have read-only accounts.

-- Bumped by every move; a staff move names the version it was made on (a stale tablet cannot move it back).
alter table orders add column version integer not null default 0;
-- A multi-trailer basket: when this trailer should start so every part is ready together (null: at once).
alter table orders add column start_at timestamptz;

-- The audit of every move: a forward step, an undo within seconds, or a recall of a finished ticket.
alter table order_status_history add column kind text not null default 'step' check (kind in ('step', 'undo', 'recall'));
alter table order_status_history add column from_status text;
-- The order's version after the move, and its estimated window before it (an undo puts the window back).
alter table order_status_history add column version integer;
alter table order_status_history add column estimate_from_before timestamptz;
alter table order_status_history add column estimate_at_before timestamptz;
-- A cancel's reason, as staff gave it.
alter table order_status_history add column reason text;

-- Struck off on the kitchen screen (made), and when.
alter table order_items add column made_at timestamptz;

-- Lateness thresholds for ticket ages (minutes); null: the defaults (max preparation time, 1.5 x max).
alter table vendors add column late_after_minutes integer check (late_after_minutes is null or late_after_minutes > 0);
alter table vendors add column very_late_after_minutes integer check (very_late_after_minutes is null or very_late_after_minutes > 0);

-- A pickup board's read-only account: a manager creates it (an access code shown once; its hash kept) and revokes it.
create table board_accounts (
  id serial primary key,
  name text not null,
  vendor_id integer references vendors (id) on delete cascade,
  code_hash text not null unique,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

-- What the customer's phone showed for each status of an order (the first toast, push or text).
create table order_notices (
  order_id integer not null references orders (id) on delete cascade,
  status text not null,
  via text not null check (via in ('toast', 'push', 'sms')),
  shown_at timestamptz not null default now(),
  primary key (order_id, status)
);
