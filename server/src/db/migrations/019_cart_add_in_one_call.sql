-- A cart's lines with their menu item's current data and their add-ons (in menu order): the one definition the
-- cart repository reads and the add below answers with.
create view cart_lines_priced as
select l.id, l.cart_id, l.menu_item_id, l.quantity, l.allergy_information, l.config_key, l.created_at,
  mi.name as item_name, mi.description as item_description, mi.image as item_image,
  mi.price_pence as item_price_pence,
  (mi.available and not mi.sold_out and not exists (
    select 1 from cart_line_addons sla join addons sa on sa.id = sla.addon_id
    where sla.cart_line_id = l.id and sa.sold_out)) as item_available,
  mi.sold_out as item_sold_out, mi.allergens as item_allergens, mi.vat_rate as item_vat_rate,
  coalesce((
    select json_agg(json_build_object('addon_id', la.addon_id, 'group_id', la.group_id,
             'quantity', la.quantity, 'addon_name', a.name, 'addon_price_pence', a.price_pence,
             'group_name', g.name, 'addon_allergens', a.allergens, 'addon_vat_rate', a.vat_rate)
           order by g.position, g.id, a.position, a.id)
    from cart_line_addons la
    join addons a on a.id = la.addon_id
    join addon_groups g on g.id = la.group_id
    where la.cart_line_id = l.id
  ), '[]'::json) as addons
from cart_lines l join menu_items mi on mi.id = l.menu_item_id;

-- Adding a configuration to a customer's cart as one call (one round trip, the cart row locked for microseconds):
-- the client's mutation id recorded (already applied: nothing changes), the cart created or touched (a new
-- version), the line added or merged (refused above `p_quantity_max` with SQLSTATE FPQ01, undoing the call), its
-- add-ons, the order type; answers whether it applied, the cart row and its priced lines. Whether the item may be
-- added at all (vendor open, item available, add-ons chosen) is decided by the cart service before the call.
create function cart_add_line(p_user_id integer, p_vendor_id integer, p_menu_item_id integer,
  p_quantity integer, p_allergy_information text, p_config_key text, p_addons jsonb, p_order_type text,
  p_mutation_id text, p_quantity_max integer)
returns jsonb
language plpgsql as $$
declare
  v_applied boolean := true;
  v_cart_id integer;
  v_line_id integer;
  v_quantity integer;
  v_cart jsonb;
begin
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
  return jsonb_build_object('applied', v_applied, 'cart', v_cart, 'lines', (
    select coalesce(jsonb_agg(to_jsonb(l) - 'created_at' order by l.created_at, l.id), '[]'::jsonb)
    from cart_lines_priced l where l.cart_id = (v_cart ->> 'id')::integer));
end
$$;
