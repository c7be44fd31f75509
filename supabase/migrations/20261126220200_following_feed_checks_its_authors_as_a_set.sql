-- The Following feed checks its authors as a set, not each of their posts.
--
-- following_feed_page read up to a page of posts per followed author through the posts
-- policy, so `app_rules.can_see_author` (a block, a private account, a suspension) ran on every
-- one of them: 1,200 calls for a reader who follows 100 people, to show 12 posts (+130 % over
-- the feed before the safety rules in `npm run bench:safety`). Whether a post may be seen
-- depends only on its author, and for an author one follows the rule reduces to a join: visible
-- unless suspended or across a block (being followed settles a private account). So the
-- candidates are picked without the policy from those authors, and the page is then read
-- through the policy as before: the policy still guards every row returned, the helper only
-- decides which ids to ask for, and it returns nothing the caller could not read.
-- The people the caller follows whose work the caller may see: for someone one follows the
-- visibility rule reduces to "not suspended and not across a block". One definition for the
-- Following feed here and for suggestions (20261126220400).
create or replace function app_rules.visible_followed_people()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select f.following_id
  from public.follows f
  join public.profiles a on a.id = f.following_id
  where f.follower_id = auth.uid()
    and a.suspended_at is null
    and not (f.following_id = any (app_rules.block_partners()))
$$;

revoke all on function app_rules.visible_followed_people() from public;
grant execute on function app_rules.visible_followed_people() to anon, authenticated;

create or replace function app_rules.following_feed_post_ids(
  bound_at timestamptz,
  bound_id uuid,
  newer boolean,
  page_limit integer
)
returns setof uuid
language plpgsql
stable
security definer
rows 12
set search_path = ''
as $$
declare
  muted uuid[] := app_rules.muted_authors('posts');
  authors uuid[];
begin
  select coalesce(array_agg(v.id), '{}') into authors
  from app_rules.visible_followed_people() as v(id)
  where not (v.id = any (muted));
  if newer then
    return query
    select p.id
    from unnest(authors) as a(id)
    cross join lateral (
      select q.id, q.created_at
      from public.posts q
      where q.user_id = a.id and (q.created_at, q.id) > (bound_at, bound_id)
      order by q.created_at asc, q.id asc
      limit page_limit
    ) p
    order by p.created_at asc, p.id asc
    limit page_limit;
  else
    return query
    select p.id
    from unnest(authors) as a(id)
    cross join lateral (
      select q.id, q.created_at
      from public.posts q
      where q.user_id = a.id and (q.created_at, q.id) < (bound_at, bound_id)
      order by q.created_at desc, q.id desc
      limit page_limit
    ) p
    order by p.created_at desc, p.id desc
    limit page_limit;
  end if;
end
$$;

-- Visitors call the page too (it is empty for them: they follow nobody).
revoke all on function app_rules.following_feed_post_ids(timestamptz, uuid, boolean, integer)
  from public;
grant execute on function app_rules.following_feed_post_ids(timestamptz, uuid, boolean, integer)
  to anon, authenticated;

create or replace function public.following_feed_page(
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
set search_path = ''
as $$
  select p.*
  from public.posts p
  where p.id = any (array(
    select app_rules.following_feed_post_ids(
      coalesce(before_created_at, 'infinity'::timestamptz),
      coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid),
      false,
      least(greatest(coalesce(page_size, 12), 1), 100)
    )
  ))
  order by p.created_at desc, p.id desc
$$;

create or replace function public.following_feed_page_newer(
  after_created_at timestamptz,
  after_id uuid,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
set search_path = ''
as $$
  select p.*
  from public.posts p
  where p.id = any (array(
    select app_rules.following_feed_post_ids(
      after_created_at,
      after_id,
      true,
      least(greatest(coalesce(page_size, 12), 1), 100)
    )
  ))
  order by p.created_at asc, p.id asc
$$;
