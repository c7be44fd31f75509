-- The Following feed reads each followed author's posts only down to the page's floor.
--
-- Since 20261127170100 a Following page read each followed author's newest `page_size` posts past
-- the bound, then kept the newest `page_size` of them all: 240 posts for 20 followed authors and
-- a page of 12, each passed through the posts policy, to return 12. That was most of the page's
-- cost, and it grows with the number of people one follows.
--
-- The floor. Take each followed author's newest post past the bound (one index probe each, through
-- the policy as before). When at least `page_size` authors have one, the `page_size`-th newest of
-- those posts is the floor: those `page_size` posts are distinct and none is older than it, so no
-- post of the page is older either. Each author's posts are then read only down to the floor
-- (`created_at >= floor`, ties included); with fewer authors the floor is -infinity and nothing
-- changes. For 20 followed authors of the safety bench that reads 20 + about 12 posts instead of
-- 240, and a page took 2.67 ms instead of 3.02 in a request's transaction on PGlite.
--
-- The floor is a subquery of its own (an init plan, a parameter to the page's query) compared
-- without a function around it, so Postgres may use it as an index condition under the posts
-- policy: `coalesce`, which is not leakproof, would have made it a filter applied after the
-- policy, on every post (38 ms). following_feed_page_newer reads up to a ceiling the same way.
--
-- tests/integration/db/people-queries.test.ts pages through both directions against the order
-- the posts table gives, with more authors than a page, uneven activity and equal timestamps, on
-- both databases.

-- The people whose posts the caller's Following feed shows: followed, not across a block, not
-- muted in feeds; and whether their posts are restricted (a followed private person). Both
-- directions read it; a SQL function returning a table, so Postgres inlines it where it is read.
create function app_rules.following_feed_authors()
returns table (id uuid, restricted boolean)
language sql
stable
begin atomic
  select f.following_id,
         f.following_id = any ((select app_rules.followed_private_people())::uuid[])
  from public.follows f
  where f.follower_id = (select auth.uid())
    and not (f.following_id = any ((select app_rules.block_partners())::uuid[]))
    and not (f.following_id = any ((select app_rules.muted_authors('posts'))::uuid[]));
end;

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
set plan_cache_mode = 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  with followed as (select * from app_rules.following_feed_authors()),
  newest as (
    select n.created_at
    from followed a
    cross join lateral (
      select q.created_at
      from public.posts q
      where q.user_id = a.id
        and q.author_restricted = a.restricted
        and (q.created_at, q.id) < (bound_at, bound_id)
      order by q.created_at desc, q.id desc
      limit 1
    ) n
    order by n.created_at desc
    limit page_limit
  )
  select p.*
  from followed a
  cross join lateral (
    select q.*
    from public.posts q
    where q.user_id = a.id
      and q.author_restricted = a.restricted
      and (q.created_at, q.id) < (bound_at, bound_id)
      and q.created_at >= (
        select case when count(*) = page_limit then min(n.created_at) else '-infinity' end
        from newest n
      )
    order by q.created_at desc, q.id desc
    limit page_limit
  ) p
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
set plan_cache_mode = 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
  with followed as (select * from app_rules.following_feed_authors()),
  oldest as (
    select n.created_at
    from followed a
    cross join lateral (
      select q.created_at
      from public.posts q
      where q.user_id = a.id
        and q.author_restricted = a.restricted
        and (q.created_at, q.id) > (after_created_at, after_id)
      order by q.created_at asc, q.id asc
      limit 1
    ) n
    order by n.created_at asc
    limit page_limit
  )
  select p.*
  from followed a
  cross join lateral (
    select q.*
    from public.posts q
    where q.user_id = a.id
      and q.author_restricted = a.restricted
      and (q.created_at, q.id) > (after_created_at, after_id)
      and q.created_at <= (
        select case when count(*) = page_limit then max(n.created_at) else 'infinity' end
        from oldest n
      )
    order by q.created_at asc, q.id asc
    limit page_limit
  ) p
  order by p.created_at asc, p.id asc
  limit page_limit;
end
$$;
