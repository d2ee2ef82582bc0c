-- A reused Idempotency-Key must come with the same request: the SHA-256 of the canonical request body is kept
-- beside the key, so a different body with the same key is refused (422) instead of answered with this order.
-- Orders placed before this column existed have none and are replayed as before.
alter table orders add column request_hash text;
