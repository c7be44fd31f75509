-- Muting a person's posts and/or stories (issue #25, point 2).
--
-- A mute is private to the muter (the muted person is not told and cannot read it) and hides
-- only from the muter's home feeds and story strip: the muted person's profile, posts and
-- stories stay reachable on purpose. So it is no policy (that would hide the profile too) but a
-- filter in the feed functions and the strip, which are otherwise unchanged (same plans, same
-- SECURITY INVOKER, same policies).

create table public.mutes (
  muter_id uuid not null references public.profiles (id) on delete cascade,
  muted_id uuid not null references public.profiles (id) on delete cascade,
  posts boolean not null default true,
  stories boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (muter_id, muted_id),
  constraint mutes_not_self check (muter_id <> muted_id),
  -- Unmuting both is deleting the row.
  constraint mutes_something check (posts or stories)
);

create index mutes_muted_id_idx on public.mutes (muted_id);

revoke insert, update, delete on public.mutes from anon, authenticated;
grant insert (muter_id, muted_id, posts, stories), update (posts, stories), delete
  on public.mutes to authenticated;

alter table public.mutes enable row level security;

create policy "Muters read their own mutes" on public.mutes
  for select to authenticated using (muter_id = (select auth.uid()));
create policy "Users mute as themselves" on public.mutes
  for insert to authenticated with check (muter_id = (select auth.uid()));
create policy "Muters change their own mutes" on public.mutes
  for update to authenticated
  using (muter_id = (select auth.uid())) with check (muter_id = (select auth.uid()));
create policy "Muters unmute" on public.mutes
  for delete to authenticated using (muter_id = (select auth.uid()));

-- The people whose posts (or stories) the caller muted, once per statement.
create or replace function app_rules.muted_authors(kind text)
returns uuid[]
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(array_agg(m.muted_id), '{}'::uuid[])
  from public.mutes m
  where m.muter_id = (select auth.uid())
    and case kind when 'stories' then m.stories else m.posts end
$$;

revoke all on function app_rules.muted_authors(text) from public;
grant execute on function app_rules.muted_authors(text) to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- The feeds (as 20261124120000_feed_page_plans.sql, less the muted authors)
------------------------------------------------------------------------------------------------

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
  muted uuid[] := app_rules.muted_authors('posts');
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) < (
    coalesce(before_created_at, 'infinity'::timestamptz),
    coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
  )
    and not (p.user_id = any (muted))
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
  muted uuid[] := app_rules.muted_authors('posts');
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) > (after_created_at, after_id)
    and not (p.user_id = any (muted))
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
  muted uuid[] := app_rules.muted_authors('posts');
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
    and not (f.following_id = any (muted))
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
  muted uuid[] := app_rules.muted_authors('posts');
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
    and not (f.following_id = any (muted))
  order by p.created_at asc, p.id asc
  limit page_limit;
end
$$;

------------------------------------------------------------------------------------------------
-- The story strip (as 20261123160000_stories.sql, less the muted authors; the caller's own
-- stories are never muted: nobody mutes themselves)
------------------------------------------------------------------------------------------------

create or replace function public.story_strip()
returns table (
  user_id uuid,
  username text,
  full_name text,
  avatar_url text,
  has_unseen boolean,
  story_count integer,
  latest_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.user_id, p.username, p.full_name, p.avatar_url,
         bool_or(v.story_id is null) as has_unseen,
         count(*)::integer as story_count,
         max(s.created_at) as latest_at
  from public.stories s
  join public.profiles p on p.id = s.user_id
  left join public.story_views v
    on v.story_id = s.id and v.viewer_id = (select auth.uid())
  where not (s.user_id = any ((select app_rules.muted_authors('stories'))::uuid[]))
  group by s.user_id, p.username, p.full_name, p.avatar_url
  order by s.user_id = (select auth.uid()) desc nulls last,
           bool_or(v.story_id is null) desc,
           max(s.created_at) desc,
           s.user_id
$$;
