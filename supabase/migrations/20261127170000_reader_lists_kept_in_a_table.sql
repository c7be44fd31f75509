-- Each person's lists are kept in a table, so a request reads them with one primary-key lookup.
--
-- Since 20261127160000 the statement that switches a request to its caller also reads the
-- caller's lists (block partners, muted people, the private people they follow) for the
-- policies to use. Read from their tables, that is five index scans on every signed-in request,
-- about 0.15 ms on PGlite, while a constant in the same place costs 0.02 ms. The lists change
-- only when their person blocks, is blocked, mutes, or follows or stops following a private
-- person (or one they follow goes private, public, or is suspended): far less often than they
-- are read.
--
-- Now:
-- - `app_private.reader_lists` holds each person's lists, in the form the setting
--   `app_rules.reader_lists` keeps them. A person with no row has four empty lists.
-- - Statement triggers on blocks, mutes and app_private.followed_private_people compute the
--   lists again for the people a statement touched, once per statement, with the query that
--   was `reader_lists_of` (now `app_private.reader_lists_computed`).
-- - `app_rules.reader_lists_of(person)` reads the row. The local backend's request settings
--   and remember_reader_lists call it as before.
-- - The kept setting is checked with fewer steps. A feed request reads it six or seven times (the
--   page, and the posts, profiles and photos policies), and each read was two calls of auth.uid()
--   and a comparison of its text before the list: timed in a request's transaction, reading the
--   setting with no check at all made a feed page 0.08 to 0.10 ms faster. The setting is now
--   keyed by the two settings auth.uid() reads, as they are (`request.jwt.claim.sub`, then
--   `request.jwt.claims`), followed by the unit separator (chr(31), which neither a uuid nor JSON
--   text holds): `<claim.sub><claims>\x1f=<block partners>=<muted in feeds>=<muted in stories>=
--   <followed private people>`. Any change of either setting changes the key, so lists kept for
--   another caller are still never returned; the lists are read from the end of the setting.
--
-- Two writers changing one person's lists at once: each locks the person's row before it
-- computes, and computes in a statement of its own. Under read committed that statement sees
-- what the other writer committed while it waited. tests/integration/db/reader-lists-kept.test.ts
-- holds the table's rules on both databases.

-- The lists query of 20261127160200, renamed, without the person in front: it reads the source
-- tables. `<block partners>=<muted in feeds>=<muted in stories>=<followed private people>`.
create function app_private.reader_lists_computed(person uuid)
returns text
language sql
stable
begin atomic
  select array(select b.blocked_id from public.blocks b where b.blocker_id = person
                    union all
                    select b.blocker_id from public.blocks b where b.blocked_id = person)::text
    || '=' || array(select m.muted_id from public.mutes m
                    where m.muter_id = person and m.posts)::text
    || '=' || array(select m.muted_id from public.mutes m
                    where m.muter_id = person and m.stories)::text
    || '=' || array(select p.following_id from app_private.followed_private_people p
                    where p.follower_id = person)::text;
end;

revoke all on function app_private.reader_lists_computed(uuid) from public, anon, authenticated;

-- The foreign key takes a person's row with their profile (and lets the tests' reset, which
-- empties every table that references the profiles, find it).
create table app_private.reader_lists (
  person uuid primary key references public.profiles (id) on delete cascade,
  lists text not null
);

comment on table app_private.reader_lists is
  'Each person''s block partners, muted people and followed private people, kept by triggers as app_private.reader_lists_computed gives them (read by app_rules.reader_lists_of).';

insert into app_private.reader_lists (person, lists)
select p.id, app_private.reader_lists_computed(p.id)
from public.profiles p
where exists (select 1 from public.blocks b where b.blocker_id = p.id or b.blocked_id = p.id)
   or exists (select 1 from public.mutes m where m.muter_id = p.id)
   or exists (select 1 from app_private.followed_private_people f where f.follower_id = p.id);

-- Computes the lists of `people` again. A person whose profile is gone (a deletion cascading to
-- their blocks) gets no row.
create function app_private.refresh_reader_lists(people uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into app_private.reader_lists (person, lists)
  select p.id, '' from public.profiles p where p.id = any (people) order by p.id
  on conflict do nothing;
  -- Locked first, in one order, then computed by a statement of its own: a writer that waited
  -- here for another sees what that one committed.
  perform 1 from app_private.reader_lists r where r.person = any (people) order by r.person
  for update;
  update app_private.reader_lists r
  set lists = app_private.reader_lists_computed(r.person)
  where r.person = any (people);
end
$$;

revoke all on function app_private.refresh_reader_lists(uuid[]) from public, anon, authenticated;

-- After a statement on blocks, mutes or followed_private_people: the people whose lists it
-- changed, from its transition tables (`changed_rows`, and `old_rows` for an update).
create function app_private.refresh_changed_reader_lists()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  people uuid[];
begin
  if tg_table_name = 'blocks' then
    people := array(select b.blocker_id from changed_rows b
                    union select b.blocked_id from changed_rows b);
    if tg_op = 'UPDATE' then
      people := people || array(select b.blocker_id from old_rows b
                                union select b.blocked_id from old_rows b);
    end if;
  elsif tg_table_name = 'mutes' then
    people := array(select m.muter_id from changed_rows m);
    if tg_op = 'UPDATE' then
      people := people || array(select m.muter_id from old_rows m);
    end if;
  else
    people := array(select f.follower_id from changed_rows f);
    if tg_op = 'UPDATE' then
      people := people || array(select f.follower_id from old_rows f);
    end if;
  end if;
  if cardinality(people) > 0 then
    perform app_private.refresh_reader_lists(people);
  end if;
  return null;
end
$$;

revoke all on function app_private.refresh_changed_reader_lists() from public, anon, authenticated;

-- TRUNCATE has no transition tables: every kept row is computed again.
create function app_private.refresh_all_reader_lists()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.refresh_reader_lists(array(select r.person from app_private.reader_lists r));
  return null;
end
$$;

revoke all on function app_private.refresh_all_reader_lists() from public, anon, authenticated;

create trigger refresh_reader_lists_after_insert
  after insert on public.blocks referencing new table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_update
  after update on public.blocks referencing old table as old_rows new table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_delete
  after delete on public.blocks referencing old table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_truncate
  after truncate on public.blocks
  for each statement execute function app_private.refresh_all_reader_lists();

create trigger refresh_reader_lists_after_insert
  after insert on public.mutes referencing new table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_update
  after update on public.mutes referencing old table as old_rows new table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_delete
  after delete on public.mutes referencing old table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_truncate
  after truncate on public.mutes
  for each statement execute function app_private.refresh_all_reader_lists();

create trigger refresh_reader_lists_after_insert
  after insert on app_private.followed_private_people referencing new table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_update
  after update on app_private.followed_private_people
  referencing old table as old_rows new table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_delete
  after delete on app_private.followed_private_people referencing old table as changed_rows
  for each statement execute function app_private.refresh_changed_reader_lists();
create trigger refresh_reader_lists_after_truncate
  after truncate on app_private.followed_private_people
  for each statement execute function app_private.refresh_all_reader_lists();

-- The read: one row, or four empty lists, also for no one (null): the one place the empty lists
-- are written. (`person` alone would name the column here.) Still a plain SQL function, inlined
-- into the request settings' statement; still no API role may call it.
create or replace function app_rules.reader_lists_of(person uuid)
returns text
language sql
stable
begin atomic
  select coalesce((select r.lists from app_private.reader_lists r
                   where r.person = reader_lists_of.person),
                  '{}={}={}={}');
end;

-- The key of the caller's kept lists: the two settings auth.uid() reads, as they are, and the
-- separator.
create function app_rules.reader_key()
returns text
language sql
stable
begin atomic
  select coalesce(current_setting('request.jwt.claim.sub', true), '')
    || coalesce(current_setting('request.jwt.claims', true), '')
    || chr(31);
end;

-- One of the caller's kept lists, by its place (2 to 5, as since 20261127160000): read from the
-- end of the setting, since the key before it is JSON and may hold '='. Still inlined wherever
-- it is asked; only when the setting is not the caller's does it call the definer
-- remember_reader_lists.
create or replace function app_rules.reader_list(place integer)
returns uuid[]
language sql
stable
begin atomic
  select case
    when starts_with(current_setting('app_rules.reader_lists', true), app_rules.reader_key())
      then split_part(current_setting('app_rules.reader_lists', true), '=', place - 6)::uuid[]
    else split_part(app_rules.remember_reader_lists(), '=', place - 6)::uuid[]
  end;
end;

-- Keeps the caller's lists under their key; a visitor's are empty (reader_lists_of(null)).
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
  -- An assignment, not PERFORM: a plain expression needs no executor of its own.
  return set_config('app_rules.reader_lists',
                    app_rules.reader_key() || '=' || app_rules.reader_lists_of(caller),
                    true);
end
$$;
