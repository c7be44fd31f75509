-- The reader's lists (block partners, muted people, followed private people) are read by the
-- schema alone, the same way on the local backend and on a hosted project.
--
-- Until now the local backend's request prelude copied the caller's row of
-- app_private.reader_lists into session settings (and on PGlite kept it there between
-- requests), and app_rules.reader_list read those settings, falling back to
-- remember_reader_lists, a STABLE function that wrote settings. PostgREST never runs that
-- prelude, so the local numbers did not predict hosted ones, and the server had to know this
-- app's tables. Now:
-- - app_rules.reader_list reads the caller's row with one primary-key lookup, as a definer
--   (the lists tell who blocked the caller, which no API role may read);
-- - every policy and function asks for the lists as `(select app_rules.block_partners())` and
--   the like, so Postgres evaluates each once per statement (an InitPlan), as Supabase's RLS
--   performance guide recommends, never once per row;
-- - nothing keeps them in settings, so nothing has to forget them when a block or a mute is
--   written: a change made earlier in the transaction is read by the next statement.

create or replace function app_rules.reader_list(place integer)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select split_part(app_rules.reader_lists_of(auth.uid()), '=', place - 1)::uuid[]
$$;

revoke all on function app_rules.reader_list(integer) from public, anon, authenticated;
grant execute on function app_rules.reader_list(integer) to anon, authenticated, service_role;

drop function app_rules.remember_reader_lists();
drop function app_private.reader_lists_kept_in_session(uuid);

drop trigger count_reader_lists_write on app_private.reader_lists;
drop function app_private.count_reader_lists_write();

drop trigger forget_reader_lists on public.blocks;
drop trigger forget_reader_lists on public.mutes;
drop trigger forget_reader_lists on app_private.followed_private_people;
drop function app_private.forget_reader_lists();
