-- The key of the caller's kept lists sits in a setting of its own, and is compared whole.
--
-- Since 20261127170000 the setting `app_rules.reader_lists` held the key and the lists in one
-- text, `<key>=<lists>`, and each read of a list checked the key with `starts_with`. Timed on
-- PGlite in a request's transaction, one `app_rules.block_partners()` took 15.6 µs, of which the
-- check took about 8: `starts_with` cuts the setting's first characters before it compares them,
-- and with UTF-8 text it must walk them one by one, 350 bytes of JWT claims each time. A feed
-- page reads a list four or five times (the page's muted people, the posts policy's block
-- partners and followed private people, the profiles policy's block partners).
--
-- Now:
-- - `app_rules.reader_lists_key` holds the key, as before the claim.sub and claims settings that
--   auth.uid() reads, then chr(31);
-- - `app_rules.reader_lists` holds the four lists alone:
--   `<block partners>=<muted in feeds>=<muted in stories>=<followed private people>`;
-- - a list is read from the setting when the key setting equals `app_rules.reader_key()`: text
--   equality compares the bytes. The same read took 6.3 µs, most of it the text-to-uuid[] cast.
--
-- Both settings are only ever set together (the local backend's request settings, and
-- remember_reader_lists), so lists kept for another caller are still never returned; forgetting
-- the lists (a write to blocks, mutes or app_private.followed_private_people) clears both.
-- tests/integration/db/reader-lists-once.test.ts and reader-lists-kept.test.ts hold this on both
-- databases.

-- One of the caller's kept lists, by its place (2 to 5, as since 20261127160000).
create or replace function app_rules.reader_list(place integer)
returns uuid[]
language sql
stable
begin atomic
  select case
    when current_setting('app_rules.reader_lists_key', true) = app_rules.reader_key()
      then split_part(current_setting('app_rules.reader_lists', true), '=', place - 1)::uuid[]
    else split_part(app_rules.remember_reader_lists(), '=', place - 1)::uuid[]
  end;
end;

-- Keeps the caller's lists and their key; a visitor's lists are empty (reader_lists_of(null)).
-- Returns the lists.
create or replace function app_rules.remember_reader_lists()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  -- Assignments, not PERFORM: a plain expression needs no executor of its own.
  lists text := set_config('app_rules.reader_lists', app_rules.reader_lists_of(caller), true);
  key text := set_config('app_rules.reader_lists_key', app_rules.reader_key(), true);
begin
  return lists;
end
$$;

create or replace function app_private.forget_reader_lists()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  key text := set_config('app_rules.reader_lists_key', '', true);
  lists text := set_config('app_rules.reader_lists', '', true);
begin
  return null;
end
$$;
