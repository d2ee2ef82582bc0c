-- Customers and park staff.
create table users (
  id serial primary key,
  email text not null,
  password_hash text not null,
  name text not null,
  phone text,
  role text not null default 'customer' check (role in ('customer', 'staff')),
  created_at timestamptz not null default now()
);
create unique index users_email_lower_key on users (lower(email));

-- Food trailers. `active` is the park's switch (status=active in the API); `trading_status` is open/closed.
create table vendors (
  id serial primary key,
  slug text not null unique,
  name text not null,
  description text not null,
  logo text not null,
  image text not null,
  trading_status text not null default 'open' check (trading_status in ('open', 'closed')),
  active boolean not null default true,
  rating numeric(2, 1) not null default 0,
  preparation_time_min integer not null default 15 check (preparation_time_min > 0),
  preparation_time_max integer not null default 20 check (preparation_time_max >= preparation_time_min),
  price_category text not null,
  phone text,
  email text,
  position integer not null default 0
);

create table menu_items (
  id serial primary key,
  vendor_id integer not null references vendors (id) on delete cascade,
  category text not null,
  category_position integer not null default 0,
  position integer not null default 0,
  name text not null,
  description text not null,
  price_pence integer not null check (price_pence >= 0),
  image text,
  allergens text[] not null default '{}',
  badges text[] not null default '{}',
  available boolean not null default true
);
create index menu_items_vendor_idx on menu_items (vendor_id, category_position, position);

create table addon_groups (
  id serial primary key,
  menu_item_id integer not null references menu_items (id) on delete cascade,
  name text not null,
  min_quantity integer not null default 0 check (min_quantity >= 0),
  max_quantity integer not null default 1 check (max_quantity >= 1),
  is_required boolean not null default false,
  position integer not null default 0,
  check (max_quantity >= min_quantity)
);
create index addon_groups_item_idx on addon_groups (menu_item_id, position);

create table addons (
  id serial primary key,
  group_id integer not null references addon_groups (id) on delete cascade,
  name text not null,
  description text not null default '',
  price_pence integer not null default 0 check (price_pence >= 0),
  is_default boolean not null default false,
  allergens text[] not null default '{}',
  position integer not null default 0
);
create index addons_group_idx on addons (group_id, position);
