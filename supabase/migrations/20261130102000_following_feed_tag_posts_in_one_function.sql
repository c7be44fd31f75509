-- The Following feed's two functions (following_feed_page and following_feed_page_newer) read
-- the posts of followed tags through one function, app_rules.followed_tag_posts, instead of each
-- repeating the block. Both functions are otherwise as in 20261129200000_followed_hashtags.sql;
-- what they return is unchanged.

-- The Following feed's followed-tag posts, shared by its two functions (the page and the page
-- above): each followed tag's posts beyond the cursor in the page's direction, at most
-- page_limit per tag (post_tags_page_idx), allowed from strangers as
-- app_rules.stranger_post_allowed says for the reader's own sensitive-media setting and words.
-- Security invoker: the post_tags and posts policies apply. Behaviour is that of the block
-- each function repeated before (20261129200000_followed_hashtags.sql).
create function app_rules.followed_tag_posts(
  tags text[],
  edge_at timestamptz,
  edge_id uuid,
  newer boolean,
  page_limit integer
)
returns table (id uuid, created_at timestamptz)
language plpgsql
stable
set search_path to ''
as $$
declare
  me uuid := auth.uid();
  sees_sensitive boolean := false;
  words text[] := '{}';
begin
  if cardinality(tags) = 0 then
    return;
  end if;
  if me is not null then
    select coalesce(bool_or(s.show_sensitive_media), false) into sees_sensitive
    from public.content_settings s where s.user_id = me;
    select coalesce(array_agg(w.word), '{}') into words
    from public.word_filters w where w.user_id = me;
  end if;

  if newer then
    return query
    select p.id, p.created_at
    from unnest(tags) as ft(tag)
    cross join lateral (
      select q.id, q.created_at
      from public.post_tags t
      join public.posts q on q.id = t.post_id
      where t.tag = ft.tag
        and (t.post_created_at, t.post_id) > (edge_at, edge_id)
        and app_rules.stranger_post_allowed(q.user_id, q.author_restricted, q.is_sensitive,
                                            q.caption, me, sees_sensitive, words)
      order by t.post_created_at asc, t.post_id asc
      limit page_limit
    ) p;
  else
    return query
    select p.id, p.created_at
    from unnest(tags) as ft(tag)
    cross join lateral (
      select q.id, q.created_at
      from public.post_tags t
      join public.posts q on q.id = t.post_id
      where t.tag = ft.tag
        and (t.post_created_at, t.post_id) < (edge_at, edge_id)
        and app_rules.stranger_post_allowed(q.user_id, q.author_restricted, q.is_sensitive,
                                            q.caption, me, sees_sensitive, words)
      order by t.post_created_at desc, t.post_id desc
      limit page_limit
    ) p;
  end if;
end
$$;

comment on function app_rules.followed_tag_posts(text[], timestamptz, uuid, boolean, integer) is
  'The Following feed''s posts of followed tags beyond a cursor (newer: after it, oldest first; else before it, newest first), at most page_limit per tag, under app_rules.stranger_post_allowed for the reader. Security invoker.';

create or replace function public.following_feed_page(
  before_created_at timestamp with time zone default null::timestamp with time zone,
  before_id uuid default null::uuid,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
set search_path to ''
set plan_cache_mode to 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
  me uuid := auth.uid();
  tags text[] := '{}';
begin
  if me is not null then
    select coalesce(array_agg(f.tag), '{}') into tags
    from public.followed_tags f where f.user_id = me;
  end if;

  if cardinality(tags) = 0 then
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
    return;
  end if;

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
  ),
  from_people as (
    select p.id, p.created_at
    from followed a
    cross join lateral (
      select q.id, q.created_at
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
  ),
  from_tags as (
    select t.id, t.created_at
    from app_rules.followed_tag_posts(tags, bound_at, bound_id, false, page_limit) t
  ),
  page as (
    select c.id, c.created_at from from_people c
    union
    select c.id, c.created_at from from_tags c
    order by created_at desc, id desc
    limit page_limit
  )
  select p.*
  from page
  join public.posts p on p.id = page.id
  order by page.created_at desc, page.id desc;
end
$$;

create or replace function public.following_feed_page_newer(
  after_created_at timestamp with time zone,
  after_id uuid,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
set search_path to ''
set plan_cache_mode to 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  me uuid := auth.uid();
  tags text[] := '{}';
begin
  if me is not null then
    select coalesce(array_agg(f.tag), '{}') into tags
    from public.followed_tags f where f.user_id = me;
  end if;

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
  ),
  from_people as (
    select p.id, p.created_at
    from followed a
    cross join lateral (
      select q.id, q.created_at
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
  ),
  from_tags as (
    select t.id, t.created_at
    from app_rules.followed_tag_posts(tags, after_created_at, after_id, true, page_limit) t
  ),
  page as (
    select c.id, c.created_at from from_people c
    union
    select c.id, c.created_at from from_tags c
    order by created_at asc, id asc
    limit page_limit
  )
  select p.*
  from page
  join public.posts p on p.id = page.id
  order by page.created_at asc, page.id asc;
end
$$;

revoke all on function app_rules.followed_tag_posts(text[], timestamptz, uuid, boolean, integer)
  from public;
grant execute on function app_rules.followed_tag_posts(text[], timestamptz, uuid, boolean, integer)
  to anon, authenticated, service_role;
