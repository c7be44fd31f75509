-- Hidden words reach the comments already there: adding "spoiler" to one's hidden words (or
-- switching on the offensive-words filter) hides the matching comments on one's posts at once,
-- and removing it shows them again, as a person who adds a word because of a comment expects.
-- Before, the rule ran only as a comment was written.
--
-- One definition of "the words that hide comments on this person's posts" serves both the
-- insert trigger and the re-check, so the two can never disagree.
create or replace function app_private.comment_hiding_words(author uuid)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(f.word), '{}')
    || case
         when exists (select 1 from public.content_settings s
                      where s.user_id = author and s.hide_offensive_comments)
         then app_private.offensive_words()
         else '{}'::text[]
       end
  from public.word_filters f
  where f.user_id = author and f.kind = 'hide_comments'
$$;

create or replace function app_private.check_comment_controls()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  author uuid;
  disabled boolean;
begin
  select p.user_id, p.comments_disabled into author, disabled
  from public.posts p where p.id = new.post_id;
  if disabled then
    raise exception 'Commenting is turned off for this post' using errcode = '42501';
  end if;
  new.hidden := false;
  if author is null or author = new.user_id then
    return new;
  end if;
  new.hidden := exists (
    select 1 from unnest(app_private.comment_hiding_words(author)) w
    where app_rules.text_has_word(new.body, w)
  );
  return new;
end
$$;

-- Re-checks every comment others wrote on the author's posts, touching only those whose
-- answer changes (so realtime sends an update for exactly those).
create or replace function app_private.recheck_hidden_comments(author uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  words text[] := app_private.comment_hiding_words(author);
begin
  update public.comments c
  set hidden = matched.hide
  from (
    select c2.id,
      exists (select 1 from unnest(words) w where app_rules.text_has_word(c2.body, w)) as hide
    from public.comments c2
    join public.posts p on p.id = c2.post_id
    where p.user_id = author and c2.user_id <> author
  ) matched
  where c.id = matched.id and c.hidden is distinct from matched.hide;
end
$$;

create or replace function app_private.recheck_hidden_comments_for_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owners uuid[];
begin
  -- Each event names only the transition tables it has, so each reads its own.
  if tg_op = 'INSERT' then
    select array_agg(distinct user_id) into owners
    from changed_words where kind = 'hide_comments';
  elsif tg_op = 'DELETE' then
    select array_agg(distinct user_id) into owners
    from earlier_words where kind = 'hide_comments';
  else
    select array_agg(distinct author_id) into owners from (
      select user_id as author_id from changed_words where kind = 'hide_comments'
      union all
      select user_id from earlier_words where kind = 'hide_comments'
    ) both_sides;
  end if;
  perform app_private.recheck_hidden_comments(author_id) from unnest(owners) as author_id;
  return null;
end
$$;

create or replace function app_private.recheck_hidden_comments_for_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.hide_offensive_comments then
      perform app_private.recheck_hidden_comments(new.user_id);
    end if;
  elsif old.hide_offensive_comments is distinct from new.hide_offensive_comments then
    perform app_private.recheck_hidden_comments(new.user_id);
  end if;
  return null;
end
$$;

revoke all on function app_private.comment_hiding_words(uuid) from public, anon, authenticated;
revoke all on function app_private.recheck_hidden_comments(uuid) from public, anon, authenticated;
revoke all on function app_private.recheck_hidden_comments_for_words() from public, anon, authenticated;
revoke all on function app_private.recheck_hidden_comments_for_settings() from public, anon, authenticated;

-- Statement triggers with transition tables: a list of words pasted at once re-checks the
-- author's comments once, not once per word.
create trigger on_hiding_words_added
  after insert on public.word_filters
  referencing new table as changed_words
  for each statement execute function app_private.recheck_hidden_comments_for_words();

create trigger on_hiding_words_removed
  after delete on public.word_filters
  referencing old table as earlier_words
  for each statement execute function app_private.recheck_hidden_comments_for_words();

create trigger on_hiding_words_changed
  after update on public.word_filters
  referencing old table as earlier_words new table as changed_words
  for each statement execute function app_private.recheck_hidden_comments_for_words();

create trigger on_offensive_filter_changed
  after insert or update of hide_offensive_comments on public.content_settings
  for each row execute function app_private.recheck_hidden_comments_for_settings();
