-- The feed page functions keep their plans. A SQL function with a SET clause (here the
-- search_path the advisor lints ask for) is never inlined into the calling query, and before
-- PostgreSQL 18 such a function plans its body again on every call. Planning is most of what a
-- feed page costs on PGlite, where it also asks the file system for every relation's size. As
-- PL/pgSQL the body is planned once per connection and the plan reused; the queries, their
-- results and who may call them do not change (SECURITY INVOKER, so the posts policies apply).
-- The page size is bounded first, so the plan is made for a known small LIMIT.

create or replace function public.feed_page(
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) < (
    coalesce(before_created_at, 'infinity'::timestamptz),
    coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
  )
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

create or replace function public.feed_page_newer(
  after_created_at timestamptz,
  after_id uuid,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) > (after_created_at, after_id)
  order by p.created_at asc, p.id asc
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
security invoker
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
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
    limit page_limit
  ) p
  where f.follower_id = (select auth.uid())
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

create or replace function public.following_feed_page_newer(
  after_created_at timestamptz,
  after_id uuid,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
  select p.*
  from public.follows f
  cross join lateral (
    select q.*
    from public.posts q
    where q.user_id = f.following_id
      and (q.created_at, q.id) > (after_created_at, after_id)
    order by q.created_at asc, q.id asc
    limit page_limit
  ) p
  where f.follower_id = (select auth.uid())
  order by p.created_at asc, p.id asc
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
security invoker
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
  select p.*
  from public.post_tags t
  join public.posts p on p.id = t.post_id
  where t.tag = lower(tag_page.tag)
    and (t.post_created_at, t.post_id) < (
      coalesce(before_created_at, 'infinity'::timestamptz),
      coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
    )
  order by t.post_created_at desc, t.post_id desc
  limit page_limit;
end
$$;
