-- The estimated-time window of an order (contract/estimated-time.ts): estimated_ready_from .. estimated_ready_at,
-- set at placement from the vendor's preparation range and moved when the status changes.
alter table orders add column estimated_ready_from timestamptz;

update orders o
set estimated_ready_from = o.estimated_ready_at
  - make_interval(mins => greatest(v.preparation_time_max - v.preparation_time_min, 0))
from vendors v
where v.id = o.vendor_id and o.estimated_ready_at is not null;
