-- A cart's version: raised by every write (clearing included, so a cleared cart keeps its row), so a client
-- can tell an older copy of the cart (a cache, a response that crossed a newer one) from the current one.
alter table carts add column version integer not null default 0;
