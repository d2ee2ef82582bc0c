-- Secrets every node must agree on (the JWT signing secret, the VAPID key pair) when several nodes share one
-- PostgreSQL and they are not given in the environment. The first node to start writes them; the rest read them.
create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
