-- People: follower counts kept by the database, search by name, suggestions, the Following
-- feed, followers/following lists, and avatars in storage.
--
-- 1. profiles.followers_count / following_count are kept by a trigger on follows, like
--    posts.likes_count: exact under concurrency, and not writable by clients (column grants).
-- 2. Search is case- and accent-insensitive on username and full name. full_name is folded
--    (lower + unaccent) into search_name by a trigger; prefix matches use btree pattern indexes,
--    substring matches (3+ characters) use trigram indexes, so no query scans the table.
-- 3. avatar_url may only point at the owner's own folder in this project's public storage, and
--    only the owner may upload under avatars/{uid}/ in the images bucket.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

------------------------------------------------------------------------------------------------
-- Columns and checks
------------------------------------------------------------------------------------------------

-- Avatars stored before this check existed and pointing elsewhere are dropped rather than kept
-- unvalidated: the app never wrote any (it had no avatar upload).
update public.profiles
set avatar_url = null
where avatar_url is not null
  and (char_length(avatar_url) > 2048
       or avatar_url !~ ('^https?://[^/?#\s]+/storage/v1/object/public/images/avatars/'
                         || id::text || '/[^?#\s]+$'));

alter table public.profiles
  add column followers_count integer not null default 0
    constraint profiles_followers_count_not_negative check (followers_count >= 0),
  add column following_count integer not null default 0
    constraint profiles_following_count_not_negative check (following_count >= 0),
  -- lower(unaccent(full_name)), kept by a trigger: clients cannot write it (no column grant).
  add column search_name text
    constraint profiles_search_name_length check (char_length(search_name) <= 200),
  -- A public URL of an object in the owner's own avatars folder, nothing else.
  add constraint profiles_avatar_url_own_storage check (
    char_length(avatar_url) <= 2048
    and avatar_url ~ ('^https?://[^/?#\s]+/storage/v1/object/public/images/avatars/'
                      || id::text || '/[^?#\s]+$')
  );

update public.profiles p
set followers_count = (select count(*) from public.follows f where f.following_id = p.id),
    following_count = (select count(*) from public.follows f where f.follower_id = p.id);

------------------------------------------------------------------------------------------------
-- Folding names for search
------------------------------------------------------------------------------------------------

-- The one definition of "folded" text, used for stored names and for queries alike (so it is
-- public: the search functions run as the caller). The dictionary is named with its schema so
-- the result never depends on a caller's search_path. Capped at 200 characters: a name is
-- matched on its beginning, and the stored column stays bounded whatever full_name holds.
create or replace function public.fold_search_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select left(lower(extensions.unaccent('extensions.unaccent'::regdictionary, btrim(value))), 200)
$$;

revoke all on function public.fold_search_text(text) from public;
grant execute on function public.fold_search_text(text) to anon, authenticated, service_role;

create or replace function app_private.set_profile_search_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.search_name := public.fold_search_text(new.full_name);
  return new;
end
$$;

create trigger on_profile_name_changed
  before insert or update of full_name on public.profiles
  for each row execute function app_private.set_profile_search_name();

update public.profiles set search_name = public.fold_search_text(full_name);

------------------------------------------------------------------------------------------------
-- Follower counts
------------------------------------------------------------------------------------------------

-- Both profile rows are locked in id order before either count changes, so A following B
-- while B follows A cannot deadlock, and concurrent follows of one person serialise on its
-- row, which keeps the counts exact. The lock is FOR NO KEY UPDATE, the one the UPDATEs take
-- anyway: it does not conflict with the key-share locks the foreign key checks of other
-- follows hold on the same rows (FOR UPDATE would, and deadlocks against them).
create or replace function app_private.update_follow_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  follower uuid := case when tg_op = 'INSERT' then new.follower_id else old.follower_id end;
  followed uuid := case when tg_op = 'INSERT' then new.following_id else old.following_id end;
  delta integer := case when tg_op = 'INSERT' then 1 else -1 end;
begin
  perform 1 from public.profiles where id in (follower, followed) order by id for no key update;
  update public.profiles
  set following_count = greatest(following_count + delta, 0)
  where id = follower;
  update public.profiles
  set followers_count = greatest(followers_count + delta, 0)
  where id = followed;
  return null;
end
$$;

create trigger on_follow_changed
  after insert or delete on public.follows
  for each row execute function app_private.update_follow_counts();

revoke all on all functions in schema app_private from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Indexes
------------------------------------------------------------------------------------------------

-- Prefix search (any length) and substring search (trigrams, 3+ characters). The trigram
-- indexes take new entries directly (fastupdate off): with a pending list, every search scans
-- the not-yet-merged entries until a vacuum, and PGlite has no autovacuum. Profiles change
-- rarely, so the slower insert costs nothing noticeable.
create index profiles_username_prefix_idx on public.profiles (username text_pattern_ops);
create index profiles_search_name_prefix_idx on public.profiles (search_name text_pattern_ops);
create index profiles_username_trgm_idx on public.profiles
  using gin (username extensions.gin_trgm_ops) with (fastupdate = off);
create index profiles_search_name_trgm_idx on public.profiles
  using gin (search_name extensions.gin_trgm_ops) with (fastupdate = off);

-- Followers and following lists, newest first, keyset on (created_at, other id). They replace
-- the plain index on following_id (the new one leads with it, so it still covers the key).
drop index if exists public.follows_following_id_idx;
create index follows_following_id_created_at_idx
  on public.follows (following_id, created_at desc, follower_id desc);
create index follows_follower_id_created_at_idx
  on public.follows (follower_id, created_at desc, following_id desc);

-- One person's posts newest first with the id tie-break, so the Following feed seeks straight
-- to a cursor in each followed person's posts. Replaces (user_id, created_at desc).
drop index if exists public.posts_user_id_created_at_idx;
create index posts_user_id_created_at_id_idx
  on public.posts (user_id, created_at desc, id desc);

------------------------------------------------------------------------------------------------
-- Search
------------------------------------------------------------------------------------------------

-- Up to max_rows people whose username or full name contains the query (folded), best first:
-- exact username, then username prefix, then full-name prefix, then the most followed.
-- LIKE wildcards in the query are matched literally. SECURITY INVOKER: profiles' own policies
-- apply.
create or replace function public.search_profiles(query text, max_rows integer default 10)
returns setof public.profiles
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  folded text := coalesce(public.fold_search_text(left(query, 100)), '');
  pattern text;
  wanted integer := least(greatest(coalesce(max_rows, 10), 1), 50);
begin
  if folded = '' then
    return;
  end if;
  pattern := replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_');
  if char_length(folded) < 3 then
    -- Too short for trigrams: prefix matches only, which the pattern indexes answer.
    return query
      select p.*
      from public.profiles p
      where p.username like pattern || '%' or p.search_name like pattern || '%'
      order by p.username = folded desc, p.username like pattern || '%' desc,
               p.followers_count desc, p.username
      limit wanted;
  else
    return query
      select p.*
      from public.profiles p
      where p.username like '%' || pattern || '%' or p.search_name like '%' || pattern || '%'
      order by p.username = folded desc, p.username like pattern || '%' desc,
               coalesce(p.search_name like pattern || '%', false) desc,
               p.followers_count desc, p.username
      limit wanted;
  end if;
end
$$;

revoke all on function public.search_profiles(text, integer) from public;
grant execute on function public.search_profiles(text, integer)
  to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Suggestions
------------------------------------------------------------------------------------------------

-- People the caller does not follow (and not the caller), ranked by how many of the people
-- the caller follows follow them, then by their latest post, then by followers. Candidates
-- come from three bounded sources (followed by the people you follow; authors of the latest
-- posts; the most followed), so the cost does not grow with the number of users.
create or replace function public.suggested_profiles(max_rows integer default 5)
returns table (
  id uuid,
  username text,
  full_name text,
  avatar_url text,
  bio text,
  followers_count integer,
  following_count integer,
  followed_by_count integer,
  last_post_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  with me as (
    select (select auth.uid()) as id
  ),
  mine as (
    select f.following_id as id
    from public.follows f, me
    where f.follower_id = me.id
  ),
  friends_follow as (
    select f.following_id as id, count(*)::integer as n
    from public.follows f
    join mine m on f.follower_id = m.id
    group by f.following_id
  ),
  recent_authors as (
    select r.user_id as id
    from (select p.user_id from public.posts p order by p.created_at desc, p.id desc limit 500) r
    group by r.user_id
  ),
  popular as (
    select p.id
    from public.profiles p
    order by p.followers_count desc, p.id
    limit 100
  ),
  candidates as (
    select friends_follow.id from friends_follow
    union
    select recent_authors.id from recent_authors
    union
    select popular.id from popular
  )
  select p.id, p.username, p.full_name, p.avatar_url, p.bio, p.followers_count, p.following_count,
         coalesce(ff.n, 0) as followed_by_count,
         (select max(q.created_at) from public.posts q where q.user_id = p.id) as last_post_at
  from candidates c
  join public.profiles p on p.id = c.id
  left join friends_follow ff on ff.id = p.id
  cross join me
  where p.id is distinct from me.id
    and not exists (select 1 from mine m where m.id = p.id)
  order by followed_by_count desc, last_post_at desc nulls last, p.followers_count desc, p.id
  limit least(greatest(coalesce(max_rows, 5), 1), 50)
$$;

revoke all on function public.suggested_profiles(integer) from public;
grant execute on function public.suggested_profiles(integer) to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- The Following feed
------------------------------------------------------------------------------------------------

-- The caller's Following feed, keyset-paged on (created_at, id) like feed_page. For each person
-- followed, the index on (user_id, created_at, id) yields at most one page below the cursor;
-- the newest page of those is the answer. The cost is (people followed × page size), whatever
-- the depth. Empty for anon.
create or replace function public.following_feed_page(
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
security invoker
set search_path = ''
as $$
  select p.*
  from public.follows f
  cross join lateral (
    select q.*
    from public.posts q
    where q.user_id = f.following_id
      and (q.created_at, q.id) < (
        coalesce(before_created_at, 'infinity'::timestamptz),
        coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
      )
    order by q.created_at desc, q.id desc
    limit least(greatest(coalesce(page_size, 12), 1), 100)
  ) p
  where f.follower_id = (select auth.uid())
  order by p.created_at desc, p.id desc
  limit least(greatest(coalesce(page_size, 12), 1), 100)
$$;

revoke all on function public.following_feed_page(timestamptz, uuid, integer) from public;
grant execute on function public.following_feed_page(timestamptz, uuid, integer)
  to anon, authenticated, service_role;

-- The page just above a post of the Following feed, oldest first (the client reverses it), for
-- a feed that scrolls back up after dropping posts it scrolled past, like feed_page_newer.
create or replace function public.following_feed_page_newer(
  after_created_at timestamptz,
  after_id uuid,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
security invoker
set search_path = ''
as $$
  select p.*
  from public.follows f
  cross join lateral (
    select q.*
    from public.posts q
    where q.user_id = f.following_id
      and (q.created_at, q.id) > (after_created_at, after_id)
    order by q.created_at asc, q.id asc
    limit least(greatest(coalesce(page_size, 12), 1), 100)
  ) p
  where f.follower_id = (select auth.uid())
  order by p.created_at asc, p.id asc
  limit least(greatest(coalesce(page_size, 12), 1), 100)
$$;

revoke all on function public.following_feed_page_newer(timestamptz, uuid, integer) from public;
grant execute on function public.following_feed_page_newer(timestamptz, uuid, integer)
  to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Followers and following lists
------------------------------------------------------------------------------------------------

-- One page of the people who follow profile_id (or whom it follows), newest follow first,
-- keyset on (followed_at, id); optionally only those whose username or full name contains
-- the query (folded, wildcards literal).
create or replace function public.profile_connections(
  profile_id uuid,
  direction text,
  query text default null,
  before_followed_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 20
)
returns table (
  id uuid,
  username text,
  full_name text,
  avatar_url text,
  bio text,
  followers_count integer,
  following_count integer,
  followed_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  folded text := coalesce(public.fold_search_text(left(query, 100)), '');
  pattern text := '%' || replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  cursor_at timestamptz := coalesce(before_followed_at, 'infinity'::timestamptz);
  cursor_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
  wanted integer := least(greatest(coalesce(page_size, 20), 1), 100);
begin
  if direction = 'followers' then
    return query
      select p.id, p.username, p.full_name, p.avatar_url, p.bio, p.followers_count,
             p.following_count, f.created_at
      from public.follows f
      join public.profiles p on p.id = f.follower_id
      where f.following_id = profile_id
        and (f.created_at, f.follower_id) < (cursor_at, cursor_id)
        and (folded = '' or p.username like pattern or p.search_name like pattern)
      order by f.created_at desc, f.follower_id desc
      limit wanted;
  elsif direction = 'following' then
    return query
      select p.id, p.username, p.full_name, p.avatar_url, p.bio, p.followers_count,
             p.following_count, f.created_at
      from public.follows f
      join public.profiles p on p.id = f.following_id
      where f.follower_id = profile_id
        and (f.created_at, f.following_id) < (cursor_at, cursor_id)
        and (folded = '' or p.username like pattern or p.search_name like pattern)
      order by f.created_at desc, f.following_id desc
      limit wanted;
  else
    raise exception 'direction must be followers or following' using errcode = '22023';
  end if;
end
$$;

revoke all on function public.profile_connections(uuid, text, text, timestamptz, uuid, integer)
  from public;
grant execute on function public.profile_connections(uuid, text, text, timestamptz, uuid, integer)
  to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Storage: avatars under avatars/{own uid}/ in the images bucket
------------------------------------------------------------------------------------------------

-- Reading and deleting are already limited to the owner by the bucket's existing policies.
create policy "Users upload avatars into their own avatars folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] = 'avatars'
    and (storage.foldername(name))[2] = (select auth.uid()::text)
  );
