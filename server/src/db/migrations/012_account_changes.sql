-- A removed account, or one whose role changed, is announced to every node (LISTEN foodpark_account_changed):
-- each forgets its cached copy at once, so a token of a removed account is refused on every route within
-- moments, however the account was removed (an operator's SQL included), not after the cache's 30 s.
-- The body stays on one line: migrations are split into statements at a ';' that ends a line (migrate.ts).
create or replace function foodpark_account_changed() returns trigger language plpgsql
  as $$ begin perform pg_notify('foodpark_account_changed', old.id::text); return null; end $$;

create trigger users_account_removed after delete on users
  for each row execute function foodpark_account_changed();

create trigger users_role_changed after update of role on users
  for each row when (old.role is distinct from new.role) execute function foodpark_account_changed();
