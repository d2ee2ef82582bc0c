-- Park operations: who runs which trailer, how a trailer trades today, what has sold out, and a record of it all.

-- Trailer staff: a staff account with rows here runs only these trailers; one with none is a park manager.
create table staff_trailers (
  user_id integer not null references users (id) on delete cascade,
  vendor_id integer not null references vendors (id) on delete cascade,
  primary key (user_id, vendor_id)
);

-- A pause: until a time (then it reopens by itself), or until reopened (paused_until null, paused true).
alter table vendors add column paused boolean not null default false;
alter table vendors add column paused_until timestamptz;
-- Opening hours per weekday in park time: {"mon": {"open": "11:00", "close": "21:00"}, "tue": null, ...};
-- null (the default) means no hours: open whenever trading_status says so.
alter table vendors add column opening_hours jsonb;
-- Orders per 15-minute slot (null: no cap), and whether a full slot pauses the trailer instead of moving the time.
alter table vendors add column slot_cap integer check (slot_cap is null or slot_cap > 0);
alter table vendors add column pause_when_full boolean not null default false;

alter table menu_items add column sold_out boolean not null default false;
alter table addons add column sold_out boolean not null default false;

-- Every operational change: who, when, what, before and after.
create table park_audit (
  id serial primary key,
  user_id integer references users (id) on delete set null,
  user_email text not null,
  at timestamptz not null default now(),
  vendor_id integer references vendors (id) on delete set null,
  action text not null,
  target text not null,
  before jsonb,
  after jsonb
);
create index park_audit_at_idx on park_audit (at desc, id desc);

-- A card payment whose lines sold out while the customer paid: what was refunded and why (named on the confirmation).
alter table payments add column refunded_pence integer not null default 0 check (refunded_pence >= 0);
alter table payments add column refund_note text;
