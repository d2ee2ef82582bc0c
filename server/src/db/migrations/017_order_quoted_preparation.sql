-- The preparation time quoted to the customer when the order was placed, in minutes (the window "10-15 minutes"):
-- written once at placement and never moved, unlike estimated_ready_from .. estimated_ready_at, which the status
-- changes move (confirmed restarts it, ready sets it to the moment). The park manager's report compares the
-- preparation time against it.
alter table orders
  add column quoted_ready_from_minutes smallint check (quoted_ready_from_minutes >= 0),
  add column quoted_ready_at_minutes smallint check (quoted_ready_at_minutes >= quoted_ready_from_minutes);

-- Existing orders: the window still holds the quote while the order never reached ready (measured from when it
-- was placed, or from its last confirmation, which restarts the window with the same range); once ready the window
-- was overwritten, so the trailer's range of today stands in for it.
with started as (
  select o.id, o.estimated_ready_from, o.estimated_ready_at,
    coalesce((select max(h.changed_at) from order_status_history h
              where h.order_id = o.id and h.status = 'confirmed'), o.created_at) as start,
    exists (select 1 from order_status_history h where h.order_id = o.id and h.status = 'ready') as was_ready
  from orders o
), kept as (
  select id,
    round(extract(epoch from (coalesce(estimated_ready_from, estimated_ready_at) - start)) / 60)::int as from_minutes,
    round(extract(epoch from (estimated_ready_at - start)) / 60)::int as at_minutes
  from started
  where not was_ready and estimated_ready_at is not null
)
update orders o
set quoted_ready_from_minutes = k.from_minutes, quoted_ready_at_minutes = k.at_minutes
from kept k
where k.id = o.id and k.from_minutes > 0 and k.at_minutes >= k.from_minutes and k.at_minutes <= 32767;

update orders o
set quoted_ready_from_minutes = v.preparation_time_min, quoted_ready_at_minutes = v.preparation_time_max
from vendors v
where v.id = o.vendor_id and o.quoted_ready_at_minutes is null;
