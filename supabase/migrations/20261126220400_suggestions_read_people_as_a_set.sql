-- Suggestions decide visibility for a set of people at once, and read their candidates' last
-- post in one call.
--
-- They ran `app_rules.can_see_author` twice per row of "who my follows follow" (the follows
-- policy checks both ends) and once per candidate for its last post. For the people this read
-- is about, the rule reduces to joins: a friend (someone one follows) is visible unless
-- suspended or across a block; a follow row from a friend to someone one does not follow is
-- visible when that person is public, unsuspended and not across a block. The helpers only
-- choose candidates and counts; every row returned still passes the policies, and the safety
-- matrix holds the read to them.

-- How many of the caller's follows follow each person the caller does not follow, counting
-- only the follow rows the caller may see (see above).
create or replace function app_rules.followed_by_my_follows()
returns table (id uuid, n integer)
language sql
stable
security definer
set search_path = ''
as $$
  with me as (
    select auth.uid() as id, app_rules.block_partners() as hidden
  ),
  friends as (
    select v.id from app_rules.visible_followed_people() as v(id)
  )
  select f.following_id, count(*)::integer
  from public.follows f
  join friends on friends.id = f.follower_id
  join public.profiles t on t.id = f.following_id
  cross join me
  where not t.is_private
    and t.suspended_at is null
    and not (t.id = any (me.hidden))
    and t.id is distinct from me.id
  group by f.following_id
$$;

revoke all on function app_rules.followed_by_my_follows() from public;
grant execute on function app_rules.followed_by_my_follows() to anon, authenticated;

-- When each of `people` last posted, for the public, unsuspended ones (what anyone may see), in
-- one call for the whole candidate list rather than one call per candidate.
create or replace function app_rules.last_public_posts(people uuid[])
returns table (id uuid, last_post_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select a.id, (select max(q.created_at) from public.posts q where q.user_id = a.id)
  from public.profiles a
  where a.id = any (people) and not a.is_private and a.suspended_at is null
$$;

revoke all on function app_rules.last_public_posts(uuid[]) from public;
grant execute on function app_rules.last_public_posts(uuid[]) to anon, authenticated;

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
    select r.id, r.n from app_rules.followed_by_my_follows() r
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
  ),
  activity as (
    select a.id, a.last_post_at
    from app_rules.last_public_posts(array(select candidates.id from candidates)) a
  )
  select p.id, p.username, p.full_name, p.avatar_url, p.bio, p.followers_count, p.following_count,
         coalesce(ff.n, 0) as followed_by_count,
         activity.last_post_at
  from candidates c
  join public.profiles p on p.id = c.id
  left join friends_follow ff on ff.id = p.id
  left join activity on activity.id = p.id
  cross join me
  where p.id is distinct from me.id
    and not exists (select 1 from mine m where m.id = p.id)
  order by followed_by_count desc, last_post_at desc nulls last, p.followers_count desc, p.id
  limit least(greatest(coalesce(max_rows, 5), 1), 50)
$$;

-- Replaced by last_public_posts above; nothing calls it any more.
drop function app_rules.last_public_post_at(uuid);
