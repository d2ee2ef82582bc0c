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

-- cart_add_line (migration 019) takes the catalogue version its caller judged the add on (null: no check) and
-- refuses with SQLSTATE FPQ02, writing nothing, when it has moved; it answers the version its lines were read at.
drop function cart_add_line(integer, integer, integer, integer, text, text, jsonb, text, text, integer);
create function cart_add_line(p_user_id integer, p_vendor_id integer, p_menu_item_id integer,
  p_quantity integer, p_allergy_information text, p_config_key text, p_addons jsonb, p_order_type text,
  p_mutation_id text, p_quantity_max integer, p_catalogue_version integer)
returns jsonb
language plpgsql as $$
declare
  v_applied boolean := true;
  v_cart_id integer;
  v_line_id integer;
  v_quantity integer;
  v_cart jsonb;
begin
  if p_catalogue_version is not null
     and p_catalogue_version <> (select version from catalogue_version) then
    raise exception 'the catalogue changed since the add was judged' using errcode = 'FPQ02';
  end if;
  if p_mutation_id is not null then
    insert into applied_mutations (user_id, mutation_id) values (p_user_id, p_mutation_id)
      on conflict do nothing;
    v_applied := found;
  end if;
  if v_applied then
    insert into carts (user_id, vendor_id, version) values (p_user_id, p_vendor_id, 1)
      on conflict (user_id, vendor_id) do update set updated_at = now(), version = carts.version + 1
      returning id into v_cart_id;
    insert into cart_lines (cart_id, menu_item_id, quantity, allergy_information, config_key)
      values (v_cart_id, p_menu_item_id, p_quantity, p_allergy_information, p_config_key)
      on conflict (cart_id, config_key) do update set quantity = cart_lines.quantity + excluded.quantity
      returning id, quantity into v_line_id, v_quantity;
    if v_quantity > p_quantity_max then
      raise exception 'cart line above its limit' using errcode = 'FPQ01';
    end if;
    insert into cart_line_addons (cart_line_id, addon_id, group_id, quantity)
      select v_line_id, a.addon_id, a.group_id, 1
      from jsonb_to_recordset(coalesce(p_addons, '[]'::jsonb)) as a(addon_id integer, group_id integer)
      on conflict do nothing;
    if p_order_type is not null then
      update carts set order_type = p_order_type where id = v_cart_id;
    end if;
  end if;
  select to_jsonb(c) into v_cart from carts c where c.user_id = p_user_id and c.vendor_id = p_vendor_id;
  -- The lines and the version in one statement: the version is the one the lines' menu data was read at.
  return jsonb_build_object('applied', v_applied, 'cart', v_cart, 'lines', (
    select coalesce(jsonb_agg(to_jsonb(l) - 'created_at' order by l.created_at, l.id), '[]'::jsonb)
    from cart_lines_priced l where l.cart_id = (v_cart ->> 'id')::integer),
    'catalogue_version', (select version from catalogue_version));
end
$$;
