-- Web push subscriptions: one row per browser endpoint, owned by the user who last subscribed it.
create table push_subscriptions (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  last_success_at timestamptz
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);
