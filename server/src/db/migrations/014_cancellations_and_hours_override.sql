-- A cancelled order: why staff cancelled it, and what goes back to the customer. A card order's refund is sent to
-- the payment provider once (its key is derived from the order); refund_sent_at is set when the provider took it.
-- A cash order cancelled after the cash was taken is refunded at the counter (refund_method 'counter').
alter table orders add column cancel_reason text;
alter table orders add column refund_pence integer not null default 0 check (refund_pence >= 0);
alter table orders add column refund_method text check (refund_method is null or refund_method in ('card', 'counter'));
alter table orders add column refund_sent_at timestamptz;

-- Staff tapped Open while the opening hours said closed: the trailer trades until this time (the schedule's next
-- change), then the hours rule again. Null: the hours rule.
alter table vendors add column hours_overridden_until timestamptz;
