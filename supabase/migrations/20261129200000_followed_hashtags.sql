-- Followed hashtags (docs/product.md, "Likes, saved, tags and suggestions"): a hashtag page's header (its post count
-- and whether the reader follows it), its top posts, the reader's followed tags, and the
-- Following feed with the posts that carry a followed tag, from anyone the rules let the reader
-- see as a stranger.
--
-- A followed tag is a row of its owner's: only they read, add or remove it (RLS), at most 100
-- (a trigger), so the feed's work per page stays bounded.
--
-- A tagged post reaches the Following feed under Explore's rules for strangers' posts: the posts
-- policy (blocks, private accounts, suspensions, archive), never a restricted author (private
-- or suspended) or the reader's own post, never a muted author, sensitive posts only with the
-- reader's setting, never a caption with one of their hidden words.

create table public.followed_tags (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  tag text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, tag),
  constraint followed_tags_tag_format check (tag ~ '^[a-z0-9_]{1,100}$')
);

comment on table public.followed_tags is
  'The hashtags a person follows: their Following feed adds posts carrying them. Private to their owner (RLS).';

alter table public.followed_tags enable row level security;

create policy "Users read their own followed tags" on public.followed_tags
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users follow tags for themselves" on public.followed_tags
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users unfollow their own tags" on public.followed_tags
  for delete to authenticated using (user_id = (select auth.uid()));
create policy "Second factor required once enrolled" on public.followed_tags
  as restrictive to authenticated
  using ((select app_rules.second_factor_satisfied()))
  with check ((select app_rules.second_factor_satisfied()));
create policy "Suspended accounts add nothing" on public.followed_tags
  as restrictive for insert to authenticated with check ((select app_rules.caller_may_write()));
create policy "Suspended accounts remove nothing" on public.followed_tags
  as restrictive for delete to authenticated using ((select app_rules.caller_may_write()));

create function app_private.limit_followed_tags() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One follower at a time, so two tabs following at once cannot both pass the count.
  perform 1 from public.profiles where id = new.user_id for no key update;
  if (select count(*) from public.followed_tags f where f.user_id = new.user_id) >= 100 then
    raise exception 'You can follow at most 100 hashtags'
      using errcode = '23514', hint = 'Unfollow a hashtag first.';
  end if;
  return new;
end
$$;

create trigger limit_followed_tags before insert on public.followed_tags
  for each row execute function app_private.limit_followed_tags();

revoke all on table public.followed_tags from public, anon, authenticated;
-- anon may read (no policy admits it: zero rows), so the functions that look up the reader's
-- tags (tag_summary, followed_tag) answer a visitor instead of failing.
grant select on table public.followed_tags to anon;
grant select, delete on table public.followed_tags to authenticated;
grant insert (user_id, tag) on public.followed_tags to authenticated;
grant all on table public.followed_tags to service_role;
revoke all on function app_private.limit_followed_tags() from public, anon, authenticated;

-- The reader's hidden words and sensitive setting, as Explore reads them (under their policies).
create function app_rules.stranger_post_allowed(
  author uuid,
  author_restricted boolean,
  is_sensitive boolean,
  caption text,
  me uuid,
  sees_sensitive boolean,
  words text[]
)
returns boolean
language sql
stable
set search_path = ''
as $$
  select not author_restricted
     and author is distinct from me
     and not (author = any ((select app_rules.muted_authors('posts'))::uuid[]))
     and (sees_sensitive or not is_sensitive)
     and (cardinality(words) = 0 or caption is null
          or not exists (select 1 from unnest(words) w where app_rules.text_has_word(caption, w)))
$$;

comment on function app_rules.stranger_post_allowed(uuid, boolean, boolean, text, uuid, boolean, text[]) is
  'Whether a post may be recommended to a reader who does not follow its author (tagged posts in the Following feed, top posts): on top of the posts policy, no restricted author, not the reader''s own, no muted author, sensitive only with the setting, no hidden word.';

-- The hashtag page's header: the posts the reader can see with the tag, and whether they follow it.
create function public.tag_summary(tag text)
returns table (tag text, posts integer, following boolean)
language sql
stable
set search_path = ''
as $$
  select lower(tag_summary.tag),
         (select count(*)::integer from public.post_tags t
          join public.posts p on p.id = t.post_id
          where t.tag = lower(tag_summary.tag) and p.archived_at is null),
         exists (select 1 from public.followed_tags f
                 where f.user_id = (select auth.uid()) and f.tag = lower(tag_summary.tag))
  where char_length(tag_summary.tag) between 1 and 100
$$;

-- Top posts: the tag's newest 360 posts the reader may be shown as a stranger's, best
-- engagement per hour of age first (Explore's rank), at most 30.
create function public.tag_top_posts(tag text, page_size integer default 9)
returns setof public.posts
language plpgsql
stable
set search_path = ''
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 9), 1), 30);
  wanted_tag text := lower(tag_top_posts.tag);
  moment timestamptz := date_trunc('second', now());
  me uuid := auth.uid();
  sees_sensitive boolean := false;
  words text[] := '{}';
begin
  if me is not null then
    select coalesce(bool_or(s.show_sensitive_media), false) into sees_sensitive
    from public.content_settings s where s.user_id = me;
    select coalesce(array_agg(w.word), '{}') into words
    from public.word_filters w where w.user_id = me;
  end if;
  return query
  with pool as (
    select p.*
    from public.post_tags t
    join public.posts p on p.id = t.post_id
    where t.tag = wanted_tag
      and p.archived_at is null
    order by t.post_created_at desc, t.post_id desc
    limit 360
  )
  select pool.*
  from pool
  where app_rules.stranger_post_allowed(pool.user_id, pool.author_restricted, pool.is_sensitive,
                                        pool.caption, me, sees_sensitive, words)
  order by app_rules.explore_rank(pool.likes_count, pool.comments_count, pool.created_at, moment)
             desc,
           pool.id desc
  limit page_limit;
end
$$;

-- The Following feed's mark: the first tag the reader follows on a post whose author they do
-- not follow (a computed column: select=*,followed_tag). Null for everyone else.
create function public.followed_tag(post public.posts)
returns text
language sql
stable
set search_path = ''
as $$
  select t.tag
  from public.post_tags t
  join public.followed_tags f on f.tag = t.tag and f.user_id = (select auth.uid())
  where t.post_id = post.id
    and post.user_id is distinct from (select auth.uid())
    and not exists (select 1 from public.follows x
                    where x.follower_id = (select auth.uid()) and x.following_id = post.user_id)
  order by t.tag
  limit 1
$$;

comment on function public.followed_tag(public.posts) is
  'The first hashtag the reader follows on a post whose author they do not follow: why the post is in their Following feed.';

-- The Following feed: the posts of the people the reader follows (each author's newest, bounded
-- by the page's lower edge as before), and, when the reader follows tags, each tag's newest
-- posts allowed from strangers (post_tags_page_idx); the page is the newest of both, each post
-- once. A reader who follows no tag runs the people-only query unchanged.
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
  sees_sensitive boolean := false;
  words text[] := '{}';
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

  select coalesce(bool_or(s.show_sensitive_media), false) into sees_sensitive
  from public.content_settings s where s.user_id = me;
  select coalesce(array_agg(w.word), '{}') into words
  from public.word_filters w where w.user_id = me;

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
    select p.id, p.created_at
    from unnest(tags) as ft(tag)
    cross join lateral (
      select q.id, q.created_at
      from public.post_tags t
      join public.posts q on q.id = t.post_id
      where t.tag = ft.tag
        and (t.post_created_at, t.post_id) < (bound_at, bound_id)
        and app_rules.stranger_post_allowed(q.user_id, q.author_restricted, q.is_sensitive,
                                            q.caption, me, sees_sensitive, words)
      order by t.post_created_at desc, t.post_id desc
      limit page_limit
    ) p
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

-- Scrolling up: the same two sources, oldest first after the cursor.
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
  sees_sensitive boolean := false;
  words text[] := '{}';
begin
  if me is not null then
    select coalesce(array_agg(f.tag), '{}') into tags
    from public.followed_tags f where f.user_id = me;
    select coalesce(bool_or(s.show_sensitive_media), false) into sees_sensitive
    from public.content_settings s where s.user_id = me;
    select coalesce(array_agg(w.word), '{}') into words
    from public.word_filters w where w.user_id = me;
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
    select p.id, p.created_at
    from unnest(tags) as ft(tag)
    cross join lateral (
      select q.id, q.created_at
      from public.post_tags t
      join public.posts q on q.id = t.post_id
      where t.tag = ft.tag
        and (t.post_created_at, t.post_id) > (after_created_at, after_id)
        and app_rules.stranger_post_allowed(q.user_id, q.author_restricted, q.is_sensitive,
                                            q.caption, me, sees_sensitive, words)
      order by t.post_created_at asc, t.post_id asc
      limit page_limit
    ) p
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

comment on function public.following_feed_page(timestamptz, uuid, integer) is
  'The Following feed, newest first, keyset-paged on (created_at, id): posts of the people the reader follows, and of the tags they follow under app_rules.stranger_post_allowed. Security invoker: the posts policy applies.';

revoke all on function app_rules.stranger_post_allowed(uuid, boolean, boolean, text, uuid, boolean, text[])
  from public;
grant execute on function app_rules.stranger_post_allowed(uuid, boolean, boolean, text, uuid, boolean, text[])
  to anon, authenticated, service_role;
revoke all on function public.tag_summary(text) from public;
grant execute on function public.tag_summary(text) to anon, authenticated, service_role;
revoke all on function public.tag_top_posts(text, integer) from public;
grant execute on function public.tag_top_posts(text, integer) to anon, authenticated, service_role;
revoke all on function public.followed_tag(public.posts) from public;
grant execute on function public.followed_tag(public.posts) to anon, authenticated, service_role;
