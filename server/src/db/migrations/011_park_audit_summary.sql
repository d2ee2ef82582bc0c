-- The change in words, as the staff screen lists it ("Menu imported from park.json: 3 items added, 1 removed").
-- Rows written before it have none: the list shows their action and target instead.
alter table park_audit add column summary text;
