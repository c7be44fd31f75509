-- The safety rules (restrictive policies on posts and profiles) made some reads 2-10 times slower
-- (docs/performance.md, "Safety rules"), for two reasons:
-- 1. Under row-level security, a query's own condition is used as an index condition only when
--    Postgres can prove it leaks nothing (leakproof). `(created_at, id) < (coalesce($1, ...), ...)`
--    is not, so the keyset pages scanned the index from the newest post, running the posts policy
--    on every row until they reached the page (2,000 rows at depth 2,000). With the bounds in
--    variables the condition is a plain row comparison of parameters: an index condition again.
-- 2. LIKE is not leakproof either, so people search lost its trigram indexes, and suggestions
--    ran the posts policy over the 500 newest posts only to learn who posted lately.

create or replace function public.feed_page(
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  muted uuid[] := app_rules.muted_authors('posts');
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) < (bound_at, bound_id)
    and not (p.user_id = any (muted))
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

create or replace function public.following_feed_page(
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  muted uuid[] := app_rules.muted_authors('posts');
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  select p.*
  from public.follows f
  cross join lateral (
    select q.*
    from public.posts q
    where q.user_id = f.following_id
      and (q.created_at, q.id) < (bound_at, bound_id)
    order by q.created_at desc, q.id desc
    limit page_limit
  ) p
  where f.follower_id = (select auth.uid())
    and not (f.following_id = any (muted))
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

create or replace function public.tag_page(
  tag text,
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  wanted_tag text := lower(tag_page.tag);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  select p.*
  from public.post_tags t
  join public.posts p on p.id = t.post_id
  where t.tag = wanted_tag
    and (t.post_created_at, t.post_id) < (bound_at, bound_id)
  order by t.post_created_at desc, t.post_id desc
  limit page_limit;
end
$$;

-- People search matches with its trigram and prefix indexes again: the matching runs in a
-- SECURITY DEFINER helper, where LIKE may be an index condition, and applies the profiles policy
-- "Profiles hidden across a block or a suspension" itself so that the limit counts only rows the
-- caller may see. search_profiles stays SECURITY INVOKER, so the policy applies once more to the
-- (at most 50) rows it returns; tests/integration/db/safety-matrix.test.ts holds it to that.
create or replace function app_rules.profile_search_matches(query text, max_rows integer)
returns table (id uuid, rank bigint)
language plpgsql
stable
security definer
-- At most 50 rows: the planner then joins them to profiles by key instead of reading them all.
rows 50
set search_path = ''
as $$
declare
  folded text := coalesce(public.fold_search_text(left(query, 100)), '');
  pattern text;
  wanted integer := least(greatest(coalesce(max_rows, 10), 1), 50);
  hidden uuid[] := app_rules.block_partners();
  caller uuid := auth.uid();
  moderator boolean := app_rules.is_moderator();
begin
  if folded = '' then
    return;
  end if;
  pattern := replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_');
  if char_length(folded) < 3 then
    -- Too short for trigrams: prefix matches only, which the pattern indexes answer.
    return query
      select p.id, row_number() over (
               order by p.username = folded desc, p.username like pattern || '%' desc,
                        p.followers_count desc, p.username)
      from public.profiles p
      where (p.username like pattern || '%' or p.search_name like pattern || '%')
        and not (p.id = any (hidden))
        and (p.suspended_at is null or p.id = caller or moderator)
      order by 2
      limit wanted;
  else
    return query
      select p.id, row_number() over (
               order by p.username = folded desc, p.username like pattern || '%' desc,
                        coalesce(p.search_name like pattern || '%', false) desc,
                        p.followers_count desc, p.username)
      from public.profiles p
      where (p.username like '%' || pattern || '%' or p.search_name like '%' || pattern || '%')
        and not (p.id = any (hidden))
        and (p.suspended_at is null or p.id = caller or moderator)
      order by 2
      limit wanted;
  end if;
end
$$;

revoke all on function app_rules.profile_search_matches(text, integer) from public;
grant execute on function app_rules.profile_search_matches(text, integer) to anon, authenticated;

create or replace function public.search_profiles(query text, max_rows integer default 10)
returns setof public.profiles
language sql
stable
set search_path = ''
as $$
  select p.*
  from app_rules.profile_search_matches(query, max_rows) m
  join public.profiles p on p.id = m.id
  order by m.rank
$$;

-- Who posted lately, for suggestions: the authors of the 500 newest posts whose posts everyone
-- may see (public, not suspended). Private accounts are suggested for what people have in
-- common, never for when they last posted.
create or replace function app_rules.recent_public_authors()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select r.user_id
  from (select p.user_id from public.posts p order by p.created_at desc, p.id desc limit 500) r
  join public.profiles a on a.id = r.user_id
  where not a.is_private and a.suspended_at is null
  group by r.user_id
$$;

-- When a public account last posted (null for a private or suspended one, as the posts policy
-- would answer a caller who does not follow them: suggestions never list people one follows).
create or replace function app_rules.last_public_post_at(author uuid)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select max(q.created_at)
  from public.posts q
  where q.user_id = author
    and exists (select 1 from public.profiles a
                where a.id = author and not a.is_private and a.suspended_at is null)
$$;

revoke all on function app_rules.recent_public_authors() from public;
revoke all on function app_rules.last_public_post_at(uuid) from public;
grant execute on function app_rules.recent_public_authors() to anon, authenticated;
grant execute on function app_rules.last_public_post_at(uuid) to anon, authenticated;

create or replace function public.suggested_profiles(max_rows integer default 5)
returns table (
  id uuid, username text, full_name text, avatar_url text, bio text, followers_count integer,
  following_count integer, followed_by_count integer, last_post_at timestamptz
)
language sql
stable
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
  popular as (
    select p.id
    from public.profiles p
    order by p.followers_count desc, p.id
    limit 100
  ),
  candidates as (
    select friends_follow.id from friends_follow
    union
    select r.id from app_rules.recent_public_authors() as r(id)
    union
    select popular.id from popular
  )
  select p.id, p.username, p.full_name, p.avatar_url, p.bio, p.followers_count, p.following_count,
         coalesce(ff.n, 0) as followed_by_count,
         app_rules.last_public_post_at(p.id) as last_post_at
  from candidates c
  join public.profiles p on p.id = c.id
  left join friends_follow ff on ff.id = p.id
  cross join me
  where p.id is distinct from me.id
    and not exists (select 1 from mine m where m.id = p.id)
  order by followed_by_count desc, last_post_at desc nulls last, p.followers_count desc, p.id
  limit least(greatest(coalesce(max_rows, 5), 1), 50)
$$;
