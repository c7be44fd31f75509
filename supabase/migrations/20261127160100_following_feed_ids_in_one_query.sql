-- The Following feed picks its page's posts in one query.
--
-- following_feed_page ran five queries from inside functions for one page: the call of
-- `following_feed_post_ids` as a set, inside it the caller's visible followed people (a function
-- of its own with its own query) gathered into an array, then each of those people's newest
-- posts, and last the page read through the posts policy. On PGlite each query run from inside
-- a function costs about 0.1 ms whatever it reads, which made the Following feed the read the
-- safety rules slowed most (+24 % in `npm run bench:safety`).
--
-- `app_rules.following_feed_ids` returns the page's post ids as an array, so following_feed_page
-- calls it as a plain expression, and it picks them in one query: the caller's follows whose
-- author is not suspended, not across a block and not muted, each with their newest posts past
-- the bound. The rule for whom one follows is the one `visible_followed_people` states (and
-- suggestions still call): visible unless suspended or across a block, since being followed
-- settles a private account. The page itself is still read through the posts policy, which
-- guards every row returned; the helper only decides which ids to ask for.

create function app_rules.following_feed_ids(
  bound_at timestamptz,
  bound_id uuid,
  newer boolean,
  page_limit integer
)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
declare
  caller uuid := auth.uid();
  hidden uuid[] := app_rules.block_partners();
  muted uuid[] := app_rules.muted_authors('posts');
  ids uuid[];
begin
  -- Two statements rather than one with the direction as a parameter: each keeps the index
  -- order of its own direction, so neither sorts more than a page per author.
  if newer then
    select array(
      select p.id
      from public.follows f
      join public.profiles a on a.id = f.following_id
      cross join lateral (
        select q.id, q.created_at
        from public.posts q
        where q.user_id = f.following_id and (q.created_at, q.id) > (bound_at, bound_id)
        order by q.created_at asc, q.id asc
        limit page_limit
      ) p
      where f.follower_id = caller
        and a.suspended_at is null
        and not (f.following_id = any (hidden))
        and not (f.following_id = any (muted))
      order by p.created_at asc, p.id asc
      limit page_limit
    ) into ids;
  else
    select array(
      select p.id
      from public.follows f
      join public.profiles a on a.id = f.following_id
      cross join lateral (
        select q.id, q.created_at
        from public.posts q
        where q.user_id = f.following_id and (q.created_at, q.id) < (bound_at, bound_id)
        order by q.created_at desc, q.id desc
        limit page_limit
      ) p
      where f.follower_id = caller
        and a.suspended_at is null
        and not (f.following_id = any (hidden))
        and not (f.following_id = any (muted))
      order by p.created_at desc, p.id desc
      limit page_limit
    ) into ids;
  end if;
  return ids;
end
$$;

-- Visitors call the page too (it is empty for them: they follow nobody).
revoke all on function app_rules.following_feed_ids(timestamptz, uuid, boolean, integer)
  from public;
grant execute on function app_rules.following_feed_ids(timestamptz, uuid, boolean, integer)
  to anon, authenticated;

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
  ids uuid[] := app_rules.following_feed_ids(
    coalesce(before_created_at, 'infinity'::timestamptz),
    coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid),
    false,
    least(greatest(coalesce(page_size, 12), 1), 100)
  );
begin
  return query
  select p.*
  from public.posts p
  where p.id = any (ids)
  order by p.created_at desc, p.id desc;
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
  ids uuid[] := app_rules.following_feed_ids(
    after_created_at,
    after_id,
    true,
    least(greatest(coalesce(page_size, 12), 1), 100)
  );
begin
  return query
  select p.*
  from public.posts p
  where p.id = any (ids)
  order by p.created_at asc, p.id asc;
end
$$;

drop function app_rules.following_feed_post_ids(timestamptz, uuid, boolean, integer);
