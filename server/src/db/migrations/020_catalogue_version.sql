-- What an add to cart and an order are judged and priced on, besides the customer's own cart: the trailer's row,
-- its items, add-ons and add-on groups. They carry one version, raised by every statement that changes any of
-- those tables, whoever runs it (park operations, a park import, another node). A server may keep rows it read
-- together with the version they were read at, and a write that relies on them checks the version in the same
-- statement: unchanged, the rows are what a read now would give; changed, nothing is written and they are read again.
create table catalogue_version (
  only_row boolean primary key default true check (only_row),
  version integer not null
);
insert into catalogue_version (version) values (1);

create function raise_catalogue_version() returns trigger
language plpgsql as $$
begin
  update catalogue_version set version = version + 1;
  return null;
end
$$;

create trigger vendors_raise_catalogue_version after insert or update or delete or truncate on vendors
  for each statement execute function raise_catalogue_version();
create trigger menu_items_raise_catalogue_version after insert or update or delete or truncate on menu_items
  for each statement execute function raise_catalogue_version();
create trigger addon_groups_raise_catalogue_version after insert or update or delete or truncate on addon_groups
  for each statement execute function raise_catalogue_version();
create trigger addons_raise_catalogue_version after insert or update or delete or truncate on addons
  for each statement execute function raise_catalogue_version();
