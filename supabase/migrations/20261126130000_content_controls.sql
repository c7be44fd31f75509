-- Content controls: what a person chooses to see, and what an author allows on their own posts
-- and stories (docs/product.md, "Content controls").
--
-- 1. public.word_filters: a person's own words and hashtags, private to them (RLS), of two kinds.
--    'mute' hides posts and comments containing them from that person (the app filters what it
--    shows with the list; nobody else is affected, so nothing needs hiding from anyone else).
--    'hide_comments' hides new comments containing them on that person's posts from everyone
--    but the post's author and the comment's writer: a trigger marks the comment hidden when it
--    is written, and a restrictive policy keeps hidden comments out of every read (REST, rpc,
--    realtime) for anyone else.
-- 2. public.content_settings: per-person switches, private to them: show sensitive media
--    unblurred, hide like counts on others' posts, and the default offensive-words comment
--    filter (app_private.offensive_words()).
-- 3. posts gain is_sensitive (+ an optional reason), comments_disabled and hide_like_count, set
--    by the author. With comments off, writing a comment fails with a clear message (trigger).
--    hide_like_count is presentation: who liked a post stays readable as before (the likers
--    list), so the number is hidden from view, not secret.
-- 4. public.close_friends: an author's list, private to them; a story posted for close friends
--    is visible only to its author and the people on the list (restrictive policy on stories;
--    story_views only accept views of stories one can see, so they follow).

------------------------------------------------------------------------------------------------
-- Words
------------------------------------------------------------------------------------------------

create table public.word_filters (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  kind text not null constraint word_filters_kind check (kind in ('mute', 'hide_comments')),
  word text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, kind, word),
  -- Stored folded, so "Spoiler" and "spoiler" are one entry and matching is case-blind.
  constraint word_filters_word_format check (
    word = lower(btrim(word)) and char_length(word) between 1 and 100
  )
);

-- Whether `body` contains `word` as a whole word (or hashtag): not inside a longer word, case
-- blind. The word's every non-alphanumeric character is escaped, so it is matched literally.
-- src/shared/word-match.ts is the same rule for the lists the app filters with.
create or replace function public.text_has_word(body text, word text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(body) ~ ('(^|[^[:alnum:]_])'
                        || regexp_replace(lower(word), '([^[:alnum:]_])', '\\\1', 'g')
                        || '($|[^[:alnum:]_])')
$$;

grant execute on function public.text_has_word(text, text) to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Per-person switches
------------------------------------------------------------------------------------------------

create table public.content_settings (
  user_id uuid primary key default auth.uid() references public.profiles (id) on delete cascade,
  show_sensitive_media boolean not null default false,
  hide_like_counts boolean not null default false,
  hide_offensive_comments boolean not null default false,
  updated_at timestamptz not null default now()
);

-- A short default list of slurs and abuse for the opt-in filter; a person adds their own words.
create or replace function app_private.offensive_words()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['idiot', 'stupid', 'moron', 'loser', 'retard', 'retarded', 'dumbass', 'bitch',
               'bastard', 'asshole', 'fuck you', 'kill yourself', 'kys', 'ugly', 'fat pig',
               'whore', 'slut', 'scum', 'trash', 'hate you']
$$;

------------------------------------------------------------------------------------------------
-- Posts: sensitive media, comments off, like count hidden
------------------------------------------------------------------------------------------------

alter table public.posts
  add column is_sensitive boolean not null default false,
  add column sensitive_reason text,
  add column comments_disabled boolean not null default false,
  add column hide_like_count boolean not null default false,
  add constraint posts_sensitive_reason_valid check (
    sensitive_reason is null or (is_sensitive and char_length(sensitive_reason) between 1 and 100)
  );

-- The author sets them, on their own posts ("Users edit their own posts" decides whose).
grant update (is_sensitive, sensitive_reason, comments_disabled, hide_like_count)
  on public.posts to authenticated;

------------------------------------------------------------------------------------------------
-- Comments: refused when off, hidden when they match the post author's words
------------------------------------------------------------------------------------------------

alter table public.comments add column hidden boolean not null default false;

-- SECURITY DEFINER: it reads the post author's private word list and settings. The writer of
-- the comment never learns why it is hidden (they still see it, as on the network).
create or replace function app_private.check_comment_controls()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  author uuid;
  disabled boolean;
  words text[];
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
  select array_agg(f.word) into words
  from public.word_filters f where f.user_id = author and f.kind = 'hide_comments';
  if exists (select 1 from public.content_settings s
             where s.user_id = author and s.hide_offensive_comments) then
    words := coalesce(words, '{}') || app_private.offensive_words();
  end if;
  new.hidden := exists (select 1 from unnest(words) w where public.text_has_word(new.body, w));
  return new;
end
$$;

create trigger before_comment_checked_controls
  before insert on public.comments
  for each row execute function app_private.check_comment_controls();

revoke all on function app_private.check_comment_controls() from public, anon, authenticated;
revoke all on function app_private.offensive_words() from public, anon, authenticated;

-- Visitors never see hidden comments; a signed-in person sees one only on their own post (the
-- "Hidden comments" section) or when they wrote it.
create policy "Comments hidden by the post author's words, for visitors" on public.comments
  as restrictive for select to anon
  using (not hidden);

create policy "Comments hidden by the post author's words" on public.comments
  as restrictive for select to authenticated
  using (
    not hidden
    or user_id = (select auth.uid())
    or exists (select 1 from public.posts p
               where p.id = comments.post_id and p.user_id = (select auth.uid()))
  );

------------------------------------------------------------------------------------------------
-- Close friends
------------------------------------------------------------------------------------------------

create table public.close_friends (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  friend_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, friend_id),
  constraint close_friends_not_self check (user_id <> friend_id)
);

create index close_friends_friend_id_idx on public.close_friends (friend_id);

alter table public.stories add column close_friends_only boolean not null default false;
grant insert (close_friends_only) on public.stories to authenticated;

-- SECURITY DEFINER because the list is private to its owner: the friend cannot read it, yet it
-- decides what they see. Only answers about the caller, never about anyone else.
create or replace function public.is_close_friend_of(author uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.close_friends c
                 where c.user_id = author and c.friend_id = (select auth.uid()))
$$;

revoke all on function public.is_close_friend_of(uuid) from public, anon;
grant execute on function public.is_close_friend_of(uuid) to authenticated, service_role;

create policy "Close friends stories only for the list" on public.stories
  as restrictive for select to authenticated
  using (
    not close_friends_only
    or user_id = (select auth.uid())
    or public.is_close_friend_of(user_id)
  );

------------------------------------------------------------------------------------------------
-- Rights and row-level security of the new tables: each person's own rows only
------------------------------------------------------------------------------------------------

revoke all on public.word_filters, public.content_settings, public.close_friends from anon;
revoke insert, update on public.word_filters, public.content_settings, public.close_friends
  from authenticated;
grant insert (user_id, kind, word) on public.word_filters to authenticated;
grant insert (user_id, show_sensitive_media, hide_like_counts, hide_offensive_comments),
      update (show_sensitive_media, hide_like_counts, hide_offensive_comments, updated_at)
  on public.content_settings to authenticated;
grant insert (user_id, friend_id) on public.close_friends to authenticated;

alter table public.word_filters enable row level security;
alter table public.content_settings enable row level security;
alter table public.close_friends enable row level security;

create policy "Users read their own word filters" on public.word_filters
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users add their own word filters" on public.word_filters
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users remove their own word filters" on public.word_filters
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "Users read their own content settings" on public.content_settings
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users create their own content settings" on public.content_settings
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users change their own content settings" on public.content_settings
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "Users read their own close friends" on public.close_friends
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users add their own close friends" on public.close_friends
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users remove their own close friends" on public.close_friends
  for delete to authenticated using (user_id = (select auth.uid()));

------------------------------------------------------------------------------------------------
-- The story strip says whose visible stories include one for close friends (the green ring)
------------------------------------------------------------------------------------------------

drop function public.story_strip();

create function public.story_strip()
returns table (
  user_id uuid,
  username text,
  full_name text,
  avatar_url text,
  has_unseen boolean,
  story_count integer,
  latest_at timestamptz,
  close_friends boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.user_id, p.username, p.full_name, p.avatar_url,
         bool_or(v.story_id is null) as has_unseen,
         count(*)::integer as story_count,
         max(s.created_at) as latest_at,
         bool_or(s.close_friends_only) as close_friends
  from public.stories s
  join public.profiles p on p.id = s.user_id
  left join public.story_views v
    on v.story_id = s.id and v.viewer_id = (select auth.uid())
  group by s.user_id, p.username, p.full_name, p.avatar_url
  order by s.user_id = (select auth.uid()) desc nulls last,
           bool_or(v.story_id is null) desc,
           max(s.created_at) desc,
           s.user_id
$$;

revoke all on function public.story_strip() from public;
grant execute on function public.story_strip() to anon, authenticated, service_role;
