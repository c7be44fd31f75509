-- The caller's kept lists are read where they are asked for, without a function call, and a
-- request can bring them along.
--
-- Since 20261127150000 the caller's block partners and muted people are read by one query per
-- transaction and kept in the setting `app_rules.reader_lists`. Asking for them still cost a
-- call each time: `block_partners` and `muted_authors` were PL/pgSQL security-definer functions
-- with a SET clause, and a feed page asks four times (its own muted people, then the posts,
-- profiles and photos policies). On PGlite such a call costs about 0.03 ms however little it
-- does, and the one query behind the first call about 0.12 ms more, as any query run from
-- inside a function does.
--
-- Now:
-- - `app_rules.reader_lists_of(person)` is the lists query, written once. It is a plain SQL
--   function, so Postgres inlines it into the statement that calls it.
-- - `block_partners()` and `muted_authors(kind)` are plain SQL functions too (no definer, no
--   SET clause, a body bound when it was created), over `app_rules.reader_list(place)`. Postgres
--   inlines them into each policy and feed as an expression that reads the kept setting; only
--   when the setting does not hold the caller's lists yet do they call the security-definer
--   `remember_reader_lists()`, which runs the lists query once and keeps its answer, as before.
-- - The local backend's request settings (src/backend/db/as-role.ts) fill the setting in the
--   statement that switches to the caller, running the lists query there as a subquery instead
--   of from inside a function. PostgREST on a hosted project does not, and gets the same lists
--   from the first call in each transaction.
--
-- What was kept holds: a write to blocks or mutes clears the setting (20261127150000), so a block
-- or a mute made in the transaction counts at once, and lists kept under another id are never
-- returned. tests/integration/db/reader-lists-once.test.ts holds these on both databases.

-- The three lists of `person`, as kept in `app_rules.reader_lists`:
-- `<person>=<block partners>=<muted in feeds>=<muted in stories>`. It reads anyone's lists, so
-- no API role may call it: it runs for the caller only, from the security-definer
-- remember_reader_lists and from the local backend's request settings, which run it as the
-- server's own user before switching to the caller.
create function app_rules.reader_lists_of(person uuid)
returns text
language sql
stable
begin atomic
  select person::text
    || '=' || array(select b.blocked_id from public.blocks b where b.blocker_id = person
                    union all
                    select b.blocker_id from public.blocks b where b.blocked_id = person)::text
    || '=' || array(select m.muted_id from public.mutes m
                    where m.muter_id = person and m.posts)::text
    || '=' || array(select m.muted_id from public.mutes m
                    where m.muter_id = person and m.stories)::text;
end;

revoke all on function app_rules.reader_lists_of(uuid) from public, anon, authenticated;

create or replace function app_rules.remember_reader_lists()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    return '';
  end if;
  -- An assignment, not PERFORM: a plain expression needs no executor of its own.
  return set_config('app_rules.reader_lists', app_rules.reader_lists_of(caller), true);
end
$$;

-- block_partners and muted_authors call it now as the caller (they are no longer definers). It
-- reads the caller's own lists only, which block_partners has always told any caller.
grant execute on function app_rules.remember_reader_lists() to anon, authenticated, service_role;

-- One of the kept lists of the caller, by its place in the setting (2 to 4 here). No definer and
-- no SET clause, so that Postgres inlines it, and the functions below that call it, into the
-- statement that asks: a SET clause or a definer would make each use a function call again. The
-- bodies are bound when created (BEGIN ATOMIC), so the caller's search_path cannot change what
-- they call.
create function app_rules.reader_list(place integer)
returns uuid[]
language sql
stable
begin atomic
  select case
    when auth.uid() is null then '{}'::uuid[]
    when starts_with(coalesce(current_setting('app_rules.reader_lists', true), ''),
                     auth.uid()::text || '=')
      then split_part(current_setting('app_rules.reader_lists', true), '=', place)::uuid[]
    else split_part(app_rules.remember_reader_lists(), '=', place)::uuid[]
  end;
end;

create or replace function app_rules.block_partners()
returns uuid[]
language sql
stable
begin atomic
  select app_rules.reader_list(2);
end;

create or replace function app_rules.muted_authors(kind text)
returns uuid[]
language sql
stable
begin atomic
  select app_rules.reader_list(case kind when 'stories' then 4 else 3 end);
end;
