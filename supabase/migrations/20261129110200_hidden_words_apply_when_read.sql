-- Hidden words apply when comments are read, and no request rewrites old comments.
--
-- Before, `comments.hidden` was set as a comment was written, and adding or removing a hidden
-- word (or switching the offensive-words filter) rewrote every matching comment on the author's
-- posts in the same request: 20 words added one by one on a post with 4,600 comments held the
-- local backend for 158 s, and the rows committed after the client had given up. Matching
-- word by word with a regular expression cost about 50 µs per word and comment on PGlite.
--
-- Now the rule is read:
-- 1. `app_rules.comment_word_matchers` keeps, per person with hidden words (or the offensive-
--    words filter), their words in a form checked in one pass over a comment: `tokens`, a jsonb
--    object whose keys are whole words (runs of letters, digits and _), and `loose`, the few
--    words with no such run (a lone "(" or an emoji). A word made only of word characters
--    matches exactly when it is one of the comment's runs; a word with other characters
--    ("fat pig", "#cats") can only match where its longest run is one of the comment's runs,
--    so it is kept under that run and checked with app_rules.text_has_word only then. A comment
--    costs one split into runs and one `?|` (a binary search per run) however many words the
--    author has. Statement triggers on word_filters and content_settings rebuild the one row of
--    the person who changed them, after locking their profile row so that concurrent changes
--    are not lost.
-- 2. The restrictive policy "Comments hidden by the post author's words" (anon and signed-in
--    alike) passes one's own comments, then comments on posts whose author has no matcher (a
--    join Postgres plans with the read: most people hide no words), and only then asks
--    `app_rules.comment_hidden_by_words(post, writer, body, false)`: the comment matches the
--    words of its post's author, who is not its writer, and the caller is not that author.
--    About 0.1 ms per comment read on PGlite, paid only on such posts: a page of comments reads
--    a few dozen.
-- 3. `public.hidden(comments)`, a computed field (PostgREST's `select=hidden`), answers whether
--    the comment is hidden to the post's author, for the "Hidden comments" section; false to
--    anyone else, the writer included, who is never told.
-- 4. The column, its re-check functions and triggers are gone; the insert trigger only refuses
--    a comment on a post with commenting turned off.
-- 5. At most MAX_WORD_FILTERS (500) words per person and list (src/shared/limits.ts), so a
--    rebuild stays bounded.

create table app_rules.comment_word_matchers (
  author_id uuid primary key references public.profiles (id) on delete cascade,
  tokens jsonb not null,
  loose text[] not null
);

-- The policy asks first whether the post's author has a matcher at all, as a join it plans with
-- the read (most people hide no words), so the API roles read the ids; never the words. app_rules
-- is a schema PostgREST does not expose.
revoke all on table app_rules.comment_word_matchers from public, anon, authenticated;
grant select (author_id) on table app_rules.comment_word_matchers to anon, authenticated;

comment on table app_rules.comment_word_matchers is
  'Per person with hidden words: their words as whole-word keys (tokens) and word-less ones (loose), kept by triggers on word_filters and content_settings; read by app_rules.comment_hidden_by_words.';

-- A text's runs of word characters (letters, digits, _), lower-cased.
create or replace function app_private.word_runs(body text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_split_to_array(lower(body), '[^[:alnum:]_]+')
$$;

-- Rebuilds `author`'s matcher from their words now (none: no row). The caller holds the lock
-- on the author's profile row (app_private.lock_word_lists), so rebuilds follow one another.
create or replace function app_private.refresh_comment_word_matcher(author uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  words text[] := app_private.comment_hiding_words(author);
begin
  if cardinality(words) = 0 then
    delete from app_rules.comment_word_matchers m where m.author_id = author;
    return;
  end if;
  with listed as (
    select distinct w from unnest(words) w
  ),
  whole as (
    select w from listed where w ~ '^[[:alnum:]_]+$'
  ),
  -- Each other word under its longest run (null: it has none).
  keyed as (
    select l.w,
           (select r from unnest(app_private.word_runs(l.w)) r
            where r <> '' order by char_length(r) desc, r limit 1) as run
    from listed l
    where l.w !~ '^[[:alnum:]_]+$'
  )
  insert into app_rules.comment_word_matchers as m (author_id, tokens, loose)
  select author,
         coalesce((select jsonb_object_agg(k.run, k.value) from (
           -- A whole word matches by itself, whatever other words share its run.
           select w as run, 'true'::jsonb as value from whole
           union all
           select run, jsonb_agg(w order by w)
           from keyed
           where run is not null and run not in (select w from whole)
           group by run
         ) k), '{}'::jsonb),
         coalesce((select array_agg(w order by w) from keyed where run is null), '{}'::text[])
  on conflict (author_id) do update set tokens = excluded.tokens, loose = excluded.loose;
end
$$;

-- Locks the person's profile row: changes to one person's word lists take turns, and each
-- reads what the one before it committed (a new snapshot per statement, READ COMMITTED).
create or replace function app_private.lock_word_lists(person uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  select from public.profiles p where p.id = person for no key update
$$;

-- After a statement on word_filters, for each person it touched, in turn: the size of their
-- lists, then their matcher when their hidden words changed.
create or replace function app_private.word_filters_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  people uuid[];
  hiding uuid[];
  person uuid;
begin
  -- Each event names only the transition tables it has, so each reads its own.
  if tg_op = 'INSERT' then
    select array_agg(distinct w.user_id),
           array_agg(distinct w.user_id) filter (where w.kind = 'hide_comments')
      into people, hiding
    from changed_words w;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct w.user_id),
           array_agg(distinct w.user_id) filter (where w.kind = 'hide_comments')
      into people, hiding
    from earlier_words w;
  else
    select array_agg(distinct w.user_id),
           array_agg(distinct w.user_id) filter (where w.kind = 'hide_comments')
      into people, hiding
    from (select user_id, kind from changed_words
          union all
          select user_id, kind from earlier_words) w;
  end if;
  foreach person in array coalesce(people, '{}') loop
    perform app_private.lock_word_lists(person);
    if tg_op <> 'DELETE' and exists (
      select 1 from public.word_filters f
      where f.user_id = person
      group by f.kind
      having count(*) > 500
    ) then
      raise exception 'A word list holds at most 500 words' using errcode = '23514';
    end if;
    if person = any (hiding) then
      perform app_private.refresh_comment_word_matcher(person);
    end if;
  end loop;
  return null;
end
$$;

create or replace function app_private.offensive_filter_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and not new.hide_offensive_comments then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.hide_offensive_comments is not distinct from new.hide_offensive_comments then
    return null;
  end if;
  perform app_private.lock_word_lists(new.user_id);
  perform app_private.refresh_comment_word_matcher(new.user_id);
  return null;
end
$$;

revoke all on function app_private.word_runs(text) from public, anon, authenticated;
revoke all on function app_private.refresh_comment_word_matcher(uuid) from public, anon, authenticated;
revoke all on function app_private.lock_word_lists(uuid) from public, anon, authenticated;
revoke all on function app_private.word_filters_changed() from public, anon, authenticated;
revoke all on function app_private.offensive_filter_changed() from public, anon, authenticated;

drop trigger on_hiding_words_added on public.word_filters;
drop trigger on_hiding_words_removed on public.word_filters;
drop trigger on_hiding_words_changed on public.word_filters;
drop trigger on_offensive_filter_changed on public.content_settings;
drop function app_private.recheck_hidden_comments_for_words();
drop function app_private.recheck_hidden_comments_for_settings();
drop function app_private.recheck_hidden_comments(uuid);

create trigger on_words_added
  after insert on public.word_filters
  referencing new table as changed_words
  for each statement execute function app_private.word_filters_changed();

create trigger on_words_removed
  after delete on public.word_filters
  referencing old table as earlier_words
  for each statement execute function app_private.word_filters_changed();

create trigger on_words_changed
  after update on public.word_filters
  referencing old table as earlier_words new table as changed_words
  for each statement execute function app_private.word_filters_changed();

create trigger on_offensive_filter_changed
  after insert or update of hide_offensive_comments on public.content_settings
  for each row execute function app_private.offensive_filter_changed();

-- The people who hide words today.
select app_private.refresh_comment_word_matcher(person)
from (
  select distinct f.user_id as person from public.word_filters f where f.kind = 'hide_comments'
  union
  select s.user_id from public.content_settings s where s.hide_offensive_comments
) hiding;

------------------------------------------------------------------------------------------------
-- Reading: the policy and the "Hidden comments" field
------------------------------------------------------------------------------------------------

-- Whether the comment on `post` by `writer` is hidden by the words of the post's author, as
-- `to_post_author` asks: false, for the policy (hidden from a caller who is not the post's
-- author); true, for the "Hidden comments" section (hidden, asked by the post's author). Answers
-- only about the caller. One query (the post's author and their matcher, by primary key); the
-- rest are PL/pgSQL's plain expressions, which need no executor: the comment split into its runs
-- and one `?|` over them, then text_has_word only for the words kept under a run it has and for
-- the loose ones.
create or replace function app_rules.comment_hidden_by_words(
  post uuid,
  writer uuid,
  body text,
  to_post_author boolean
)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  author uuid;
  tokens jsonb;
  loose text[];
  runs text[];
  run text;
  word text;
begin
  select p.user_id, m.tokens, m.loose into author, tokens, loose
  from public.posts p
  join app_rules.comment_word_matchers m on m.author_id = p.user_id
  where p.id = post;
  if author is null or author = writer
     or coalesce(author = auth.uid(), false) <> to_post_author then
    return false;
  end if;
  runs := regexp_split_to_array(lower(body), '[^[:alnum:]_]+');
  if tokens ?| runs then
    foreach run in array runs loop
      if tokens -> run = 'true'::jsonb then
        return true;
      end if;
      if jsonb_typeof(tokens -> run) = 'array' then
        foreach word in array array(select jsonb_array_elements_text(tokens -> run)) loop
          if app_rules.text_has_word(body, word) then
            return true;
          end if;
        end loop;
      end if;
    end loop;
  end if;
  foreach word in array loose loop
    if strpos(lower(body), word) > 0 and app_rules.text_has_word(body, word) then
      return true;
    end if;
  end loop;
  return false;
end
$$;

revoke all on function app_rules.comment_hidden_by_words(uuid, uuid, text, boolean) from public;
grant execute on function app_rules.comment_hidden_by_words(uuid, uuid, text, boolean)
  to anon, authenticated, service_role;

drop policy "Comments hidden by the post author's words" on public.comments;
drop policy "Comments hidden by the post author's words, for visitors" on public.comments;

-- In order: one's own comment; a post whose author hides no words (two primary-key lookups,
-- planned with the read); only then the words.
create policy "Comments hidden by the post author's words" on public.comments
  as restrictive for select to anon, authenticated
  using (
    user_id = (select auth.uid())
    or not exists (
      select 1
      from public.posts p
      join app_rules.comment_word_matchers m on m.author_id = p.user_id
      where p.id = comments.post_id
    )
    or not app_rules.comment_hidden_by_words(post_id, user_id, body, false)
  );

-- Nothing hides by the column any more; the insert trigger keeps only "commenting is off".
create or replace function app_private.check_comment_controls()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.posts p where p.id = new.post_id and p.comments_disabled) then
    raise exception 'Commenting is turned off for this post' using errcode = '42501';
  end if;
  return new;
end
$$;

alter table public.comments drop column hidden;

-- `select=hidden` on comments (PostgREST's computed field): true only for the post's author.
create or replace function public.hidden(comment public.comments)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select app_rules.comment_hidden_by_words(comment.post_id, comment.user_id, comment.body, true)
$$;

comment on function public.hidden(public.comments) is
  'Whether the comment matches the hidden words of its post''s author: true only when the author asks.';

revoke all on function public.hidden(public.comments) from public;
grant execute on function public.hidden(public.comments) to anon, authenticated, service_role;
