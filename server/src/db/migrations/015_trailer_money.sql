-- Each trailer's money and paperwork: a trailer is a business, a card payment is split into one transfer per
-- trailer, every paid order has a receipt per trailer, and personal copies on old orders are cleared.

-- A trailer as a business (contract/business.ts): legal name, postal address, optional VAT number, payout account.
alter table vendors add column legal_name text;
alter table vendors add column address_lines text[] not null default '{}';
alter table vendors add column postcode text;
alter table vendors add column vat_number text;
-- A Stripe connected account (acct_…) its share of card payments is transferred to; null: held and shown as owed.
alter table vendors add column payout_account text;

-- VAT rate in per cent: 20 (standard) or 0 (zero-rated).
alter table menu_items add column vat_rate smallint not null default 20 check (vat_rate in (0, 20));
alter table addons add column vat_rate smallint not null default 20 check (vat_rate in (0, 20));
-- The rate of the item itself when it was sold (its add-ons keep theirs in order_items.addons).
alter table order_items add column vat_rate smallint check (vat_rate in (0, 20));
-- VAT included in the order's total, when its trailer was VAT-registered at the time of supply (else 0).
alter table orders add column vat_pence integer not null default 0 check (vat_pence >= 0);
-- When a cash order's money was taken at the counter (card orders are paid when placed).
alter table orders add column cash_taken_at timestamptz;
-- When the personal copies (allergy notes, instructions, vehicle, line notes) were cleared.
alter table orders add column personal_data_cleared_at timestamptz;
alter table payments add column personal_data_cleared_at timestamptz;

-- The split of a card payment: one row per (payment, trailer, kind[, refund]) written before the provider is
-- called and completed after; the provider's idempotency key is derived from the row's id.
create table trailer_transfers (
  id serial primary key,
  payment_id text not null references payments (id),
  vendor_id integer not null references vendors (id),
  kind text not null check (kind in ('transfer', 'reversal')),
  -- '' for the transfer; the refund it follows for a reversal.
  refund_key text not null default '',
  amount_pence integer not null check (amount_pence >= 0),
  -- pending: to send; sending: claimed by a node; done: the provider has it; held: no payout account;
  -- failed: the provider refused (a reversal the trailer's balance could not cover: owed back).
  status text not null check (status in ('pending', 'sending', 'done', 'held', 'failed')),
  destination text,
  provider_id text,
  failure text,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (payment_id, vendor_id, kind, refund_key)
);
create index trailer_transfers_open_idx on trailer_transfers (updated_at) where status in ('pending', 'sending');
create index trailer_transfers_vendor_idx on trailer_transfers (vendor_id, created_at);

-- Receipts and credit notes: numbered per issuer ('vendor:<id>' or 'park') without gaps.
create table receipt_counters (
  issuer text primary key,
  last_number integer not null default 0
);
create table receipts (
  id serial primary key,
  issuer text not null,
  vendor_id integer references vendors (id),
  number integer not null,
  kind text not null check (kind in ('receipt', 'credit_note')),
  order_id integer not null references orders (id),
  -- For a credit note: the refund it answers (once per refund).
  refund_key text not null default '',
  amount_pence integer not null check (amount_pence >= 0),
  vat_pence integer not null default 0 check (vat_pence >= 0),
  -- What the receipt says, frozen when issued (lines, rates, the issuer's name, address and VAT number).
  body jsonb not null,
  issued_at timestamptz not null default now(),
  unique (issuer, number),
  unique (order_id, issuer, kind, refund_key)
);
create index receipts_order_idx on receipts (order_id);

-- Jobs that run once per interval across every node (the row is the lock).
create table scheduled_jobs (
  name text primary key,
  last_run_at timestamptz not null default 'epoch'
);
create index carts_updated_idx on carts (updated_at);

-- A customer who deleted their account: name, email and phone are gone; the row stays for the orders' records.
alter table users add column deleted_at timestamptz;
