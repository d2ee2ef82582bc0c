-- "Text me when it's ready": a UK mobile (E.164) and the opt-in, and each text due, sent or skipped.

alter table users add column mobile_e164 text check (mobile_e164 is null or mobile_e164 ~ '^\+447[0-9]{9}$');
alter table users add column text_when_ready boolean not null default false;

-- One row per order and status: due_at is when a text goes unless a toast or push was shown first. The sweeper
-- claims due rows (state 'due' → 'sent', 'skipped' or 'failed') so a text is never sent twice, across restarts
-- and nodes.
create table ready_texts (
  id serial primary key,
  order_id integer not null references orders (id) on delete cascade,
  status text not null,
  due_at timestamptz not null,
  state text not null default 'due' check (state in ('due', 'sending', 'sent', 'skipped', 'failed')),
  to_number text,
  body text,
  provider text,
  provider_id text,
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (order_id, status)
);
create index ready_texts_due_idx on ready_texts (due_at) where state = 'due';

-- Texts the local provider recorded instead of sending (development and tests; /test-notification lists them).
create table recorded_texts (
  id serial primary key,
  to_number text not null,
  body text not null,
  order_id integer,
  sent_at timestamptz not null default now()
);

-- "Your whole order is ready": announced once per basket.
create table basket_ready_notices (
  checkout_id integer primary key references checkouts (id) on delete cascade,
  announced_at timestamptz not null default now()
);
