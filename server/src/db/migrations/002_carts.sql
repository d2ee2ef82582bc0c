-- One cart per customer and vendor, kept on the server so it follows the customer across devices.
create table carts (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  vendor_id integer not null references vendors (id) on delete cascade,
  order_type text check (order_type in ('dine_in', 'takeaway', 'delivery')),
  delivery_instructions text not null default '',
  updated_at timestamptz not null default now(),
  unique (user_id, vendor_id)
);
create index carts_user_recent_idx on carts (user_id, updated_at desc);

-- A line is one configuration: item + add-ons + allergy note. `config_key` makes identical ones merge.
create table cart_lines (
  id serial primary key,
  cart_id integer not null references carts (id) on delete cascade,
  menu_item_id integer not null references menu_items (id) on delete cascade,
  quantity integer not null check (quantity > 0),
  allergy_information text not null default '',
  config_key text not null,
  created_at timestamptz not null default now(),
  unique (cart_id, config_key)
);

create table cart_line_addons (
  cart_line_id integer not null references cart_lines (id) on delete cascade,
  addon_id integer not null references addons (id) on delete cascade,
  group_id integer not null references addon_groups (id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0),
  primary key (cart_line_id, addon_id)
);

-- Client mutation ids already applied, so a replayed offline change applies once.
create table applied_mutations (
  user_id integer not null references users (id) on delete cascade,
  mutation_id text not null,
  applied_at timestamptz not null default now(),
  primary key (user_id, mutation_id)
);
