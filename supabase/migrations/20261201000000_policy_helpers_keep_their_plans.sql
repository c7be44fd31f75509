-- The helpers the row-level security policies call keep their plans between statements.
--
-- A LANGUAGE sql function with SECURITY DEFINER or a SET clause is never inlined, and before
-- PostgreSQL 18 it plans its body again in every statement that calls it. The policies ask for
-- the reader's lists as `(select app_rules.block_partners())`, once per statement, but a Following
-- feed page asks in about ten places (each scan of posts, profiles and follows, and the feed's
-- own author list), so planning those small bodies was most of what the rules cost a read. As
-- PL/pgSQL, a body is planned once per connection and its plan reused; the queries, their
-- results and who may call them do not change. SQL-standard bodies (BEGIN ATOMIC) without
-- SECURITY DEFINER stay as they are: Postgres inlines them into the calling query.
--
-- The suggestions' candidate helpers (SECURITY DEFINER so that they apply the block and
-- suspension rules themselves) are planned in every call for the same reason and change alike.

-- The reader's lists ------------------------------------------------------------------------

-- One primary-key lookup of the caller's row (a definer: the lists tell who blocked the caller,
-- which no API role may read), split into the list asked for. Read directly, not through
-- app_rules.reader_lists_of, whose sub-select keeps it from being inlined.
create or replace function app_rules.reader_list(place integer)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  kept text;
begin
  select r.lists into kept from app_private.reader_lists r where r.person = auth.uid();
  return split_part(coalesce(kept, '{}={}={}={}'), '=', place - 1)::uuid[];
end
$$;

create or replace function app_rules.is_moderator()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.moderators m where m.user_id = auth.uid());
end
$$;

create or replace function app_rules.suspended_people_hidden()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if app_rules.is_moderator() then
    return '{}'::uuid[];
  end if;
  return coalesce(
    (select array_agg(p.id) from public.profiles p
     where p.suspended_at is not null and p.id is distinct from auth.uid()),
    '{}'::uuid[]);
end
$$;

-- Row checks the policies call per row --------------------------------------------------------

create or replace function app_rules.can_see_author(author uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  return can_see_author.author = me or exists (
    select 1
    from public.profiles p
    where p.id = can_see_author.author
      and p.suspended_at is null
      and case
        when me is null then not p.is_private
        else not exists (
               select 1 from public.blocks b
               where (b.blocker_id = me and b.blocked_id = can_see_author.author)
                  or (b.blocker_id = can_see_author.author and b.blocked_id = me)
             )
             and (not p.is_private
                  or exists (select 1 from public.follows f
                             where f.follower_id = me
                               and f.following_id = can_see_author.author))
      end
  );
end
$$;

create or replace function app_rules.is_close_friend_of(author uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.close_friends c
                 where c.user_id = is_close_friend_of.author and c.friend_id = auth.uid());
end
$$;

create or replace function app_rules.is_direct_participant(thread uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.direct_participants p
    where p.thread_id = is_direct_participant.thread and p.user_id = auth.uid()
      and p.left_at is null
  );
end
$$;

create or replace function app_rules.is_direct_room_member(topic text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- The uuid cast must only ever see a topic that has the shape.
  if is_direct_room_member.topic
     ~ '^direct:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return app_rules.is_direct_participant(substring(is_direct_room_member.topic from 8)::uuid);
  end if;
  return false;
end
$$;

create or replace function app_rules.can_send_direct(thread uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  return exists (
    select 1 from public.direct_participants p
    where p.thread_id = can_send_direct.thread and p.user_id = me
      and p.left_at is null and p.state = 'accepted'
  )
  and not exists (
    select 1
    from public.direct_participants other
    join public.direct_threads t on t.id = other.thread_id
    where other.thread_id = can_send_direct.thread and other.user_id <> me
      and (other.left_at is null or not t.is_group)
      and app_rules.direct_blocked_between(me, other.user_id)
  );
end
$$;

-- The stories' clock: SECURITY INVOKER, so a SQL-standard body Postgres inlines.
create or replace function public.story_clock()
returns timestamptz
language sql
stable
begin atomic
  select least(now(), coalesce(nullif(current_setting('app.story_now', true), '')::timestamptz,
                               now()));
end;

-- Suggestions' candidates ---------------------------------------------------------------------

create or replace function app_rules.followed_by_my_follows()
returns table (id uuid, n integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
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
  group by f.following_id;
end
$$;

create or replace function app_rules.recent_public_authors()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select r.user_id
  from (select p.user_id from public.posts p order by p.created_at desc, p.id desc limit 500) r
  join public.profiles a on a.id = r.user_id
  where not a.is_private and a.suspended_at is null
  group by r.user_id;
end
$$;

create or replace function app_rules.last_public_posts(people uuid[])
returns table (id uuid, last_post_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select a.id, (select max(q.created_at) from public.posts q where q.user_id = a.id)
  from public.profiles a
  where a.id = any (last_public_posts.people) and not a.is_private and a.suspended_at is null;
end
$$;

create or replace function app_rules.suggestion_candidates(max_rows integer)
returns table (id uuid, followed_by_count integer, last_post_at timestamptz)
language plpgsql
stable
security definer
rows 15
set search_path = ''
as $$
begin
  return query
  with me as (
    select auth.uid() as id, app_rules.block_partners() as hidden
  ),
  friends_follow as (
    select r.id, r.n from app_rules.followed_by_my_follows() r
  ),
  popular as (
    select p.id
    from public.profiles p
    cross join me
    where p.suspended_at is null and not (p.id = any (me.hidden))
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
  select p.id, coalesce(ff.n, 0), activity.last_post_at
  from public.profiles p
  cross join me
  left join friends_follow ff on ff.id = p.id
  left join activity on activity.id = p.id
  where p.id = any (array(select candidates.id from candidates))
    and p.suspended_at is null
    and not (p.id = any (me.hidden))
    and p.id is distinct from me.id
    and not exists (
      select 1 from public.follows f where f.follower_id = me.id and f.following_id = p.id
    )
  order by coalesce(ff.n, 0) desc, activity.last_post_at desc nulls last, p.followers_count desc,
           p.id
  limit suggestion_candidates.max_rows;
end
$$;
