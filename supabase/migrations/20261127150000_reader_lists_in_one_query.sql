-- The caller's blocks and mutes are read together, once per transaction.
--
-- A feed page asked two questions, each its own query inside a function: whom the caller blocked
-- or was blocked by (`app_rules.block_partners`, kept for the transaction since 20261127140200)
-- and whom they muted (`app_rules.muted_authors`, a SQL function with a SET clause, so planned
-- again on every call). On PGlite, each query a function runs costs about 0.12 ms whatever it
-- reads (an executor of its own); the two together were a quarter of what the safety rules added
-- to a feed page. Timed in-process as the reader (PGlite, 10,000 users, 1,000 blocks): the two
-- calls 0.32 ms, the one query that answers both 0.16 ms.
--
-- Now the first of these calls in a transaction runs one query for all three lists (block
-- partners, people muted in feeds, people muted in stories) and keeps them in the
-- transaction-local setting `app_rules.reader_lists`, under the caller's id:
-- `<caller>=<block partners>=<muted posts>=<muted stories>`, each a uuid[] literal. Later calls in
-- the transaction read the setting. What was kept for blocks (20261127140200) holds for all three:
-- any write to blocks or mutes in the transaction clears the setting, so a block or a mute made
-- there counts at once, and an answer kept under another id is never returned.
-- tests/integration/db/reader-lists-once.test.ts holds these on both databases.

-- One query for the three lists of the caller (auth.uid()), kept for the transaction. Only the
-- two functions below call it: it is not granted to the API roles.
create function app_rules.remember_reader_lists()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  partners uuid[];
  muted_posts uuid[];
  muted_stories uuid[];
  lists text;
begin
  select array(select b.blocked_id from public.blocks b where b.blocker_id = caller
               union all
               select b.blocker_id from public.blocks b where b.blocked_id = caller),
         array(select m.muted_id from public.mutes m where m.muter_id = caller and m.posts),
         array(select m.muted_id from public.mutes m where m.muter_id = caller and m.stories)
    into partners, muted_posts, muted_stories;
  lists := caller::text || '=' || partners::text || '=' || muted_posts::text || '='
           || muted_stories::text;
  -- An assignment, not PERFORM: a plain expression needs no executor of its own.
  lists := set_config('app_rules.reader_lists', lists, true);
  return lists;
end
$$;

revoke all on function app_rules.remember_reader_lists() from public, anon, authenticated;

-- block_partners and muted_authors each repeat the few lines that read the setting instead of
-- calling a shared function for them: policies ask block_partners several times per request, and
-- a call of its own each time is what this migration saves.
create or replace function app_rules.block_partners()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  -- Null when no transaction has set it yet on this connection.
  lists text := coalesce(current_setting('app_rules.reader_lists', true), '');
begin
  if caller is null then
    return '{}'::uuid[];
  end if;
  if not starts_with(lists, caller::text || '=') then
    lists := app_rules.remember_reader_lists();
  end if;
  return split_part(lists, '=', 2)::uuid[];
end
$$;

-- Security definer now, as block_partners: it reads the caller's own mutes only, which is what
-- the mutes policy let it read as the caller.
create or replace function app_rules.muted_authors(kind text)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  -- Null when no transaction has set it yet on this connection.
  lists text := coalesce(current_setting('app_rules.reader_lists', true), '');
begin
  if caller is null then
    return '{}'::uuid[];
  end if;
  if not starts_with(lists, caller::text || '=') then
    lists := app_rules.remember_reader_lists();
  end if;
  return split_part(lists, '=', case kind when 'stories' then 4 else 3 end)::uuid[];
end
$$;

drop trigger forget_block_partners on public.blocks;
drop function app_private.forget_block_partners();

-- Statement-level, for a direct SQL client's multi-row writes too; clears for whoever the caller is.
create function app_private.forget_reader_lists()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform set_config('app_rules.reader_lists', '', true);
  return null;
end
$$;

revoke all on function app_private.forget_reader_lists() from public, anon, authenticated;

create trigger forget_reader_lists
  after insert or update or delete or truncate on public.blocks
  for each statement execute function app_private.forget_reader_lists();

create trigger forget_reader_lists
  after insert or update or delete or truncate on public.mutes
  for each statement execute function app_private.forget_reader_lists();
