-- On PGlite, a reader's lists are kept in the session from one request to the next.
--
-- Since 20261127170000 every signed-in request reads the caller's lists (block partners, muted
-- people, followed private people) with one primary-key lookup of app_private.reader_lists, in
-- the statement that switches it to the caller. On PGlite that lookup is most of what the rules
-- still cost a request: opening and locking one more table and index, 0.04 to 0.06 ms of a
-- 1.5 ms feed page in a request's transaction, while the lists change far less often than they
-- are read.
--
-- PGlite is one session, and every request and every write of the local backend runs in it, one
-- transaction at a time. So:
-- - `app_rules.reader_lists_generation`, a session setting, counts the writes to
--   app_private.reader_lists: a statement trigger on the table adds one after every insert,
--   update, delete or truncate, whoever makes it. Unset or empty, it reads as 0.
-- - `app_private.reader_lists_kept_in_session(person)` reads the person's row and keeps it in
--   the session setting `app_rules.kept_<person, hex>` as `<generation>\x1e<lists>`.
-- - An entry is current only while it starts with the generation. A setting first made in a
--   transaction that rolls back stays defined, empty: an empty entry is never current.
-- - The local backend's request settings on PGlite take a signed-in caller's lists from their
--   entry while it is current, and otherwise call the function above. The table is not named
--   in that statement, so it is not opened unless the function runs.
-- Session settings follow the transaction: those set or counted in a transaction that rolls back
-- (or in a savepoint rolled back to) return to what they were. So a kept entry is current only
-- while the table holds what it copied, in every transaction that can see it.
--
-- PostgreSQL keeps reading the table on every request: the local backend holds several
-- connections there, and a write through one would not count in the others. PostgREST on a
-- hosted project never calls the function (its lists come from remember_reader_lists).
-- tests/integration/db/reader-lists-in-session.test.ts holds this on both databases.

create function app_private.count_reader_lists_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- An assignment, not PERFORM: a plain expression needs no executor of its own.
  generation text := set_config(
    'app_rules.reader_lists_generation',
    (coalesce(nullif(current_setting('app_rules.reader_lists_generation', true), ''), '0')::bigint
      + 1)::text,
    false
  );
begin
  return null;
end
$$;

revoke all on function app_private.count_reader_lists_write() from public, anon, authenticated;

create trigger count_reader_lists_write
  after insert or update or delete or truncate on app_private.reader_lists
  for each statement execute function app_private.count_reader_lists_write();

-- `person`'s lists as app_rules.reader_lists_of reads them, kept in the session under the
-- current generation. Called only by the local backend's request settings on PGlite, as the
-- server's own user.
create function app_private.reader_lists_kept_in_session(person uuid)
returns text
language plpgsql
set search_path = ''
as $$
declare
  lists text := app_rules.reader_lists_of(person);
  kept text := set_config(
    'app_rules.kept_' || replace(person::text, '-', ''),
    coalesce(nullif(current_setting('app_rules.reader_lists_generation', true), ''), '0')
      || chr(30) || lists,
    false
  );
begin
  return lists;
end
$$;

revoke all on function app_private.reader_lists_kept_in_session(uuid)
  from public, anon, authenticated;
