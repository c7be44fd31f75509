-- Reels (docs/product.md, "Reels"): video posts one per screen, newest first, from the people the
-- reader follows and from strangers the rules let the reader see.
--
-- Visibility is the posts policy's (blocks, private accounts, suspensions; security invoker), plus:
-- - people the reader follows as the Following feed takes them (app_rules.following_feed_authors:
--   no muted or blocked person; a followed private account's posts, never a suspended one's);
-- - anyone else under Explore's rules for strangers (app_rules.stranger_post_allowed: no
--   restricted author, not the reader's own, no muted author, sensitive only with the reader's
--   setting, no caption with one of their hidden words);
-- - never an archived post.
--
-- Newest first, keyset-paged on (created_at, id) like the feeds: a page never repeats or skips a
-- reel as likes arrive, and posts_reels_order_idx answers any depth.

create index posts_reels_order_idx on public.posts (created_at desc, id desc)
  where video_url is not null and archived_at is null;

create function public.reels_page(
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 6
)
returns setof public.posts
language plpgsql
stable
set search_path = ''
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 6), 1), 30);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
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
  with followed as (select * from app_rules.following_feed_authors())
  select p.*
  from public.posts p
  left join followed a on a.id = p.user_id
  where p.video_url is not null
    and p.archived_at is null
    and (p.created_at, p.id) < (bound_at, bound_id)
    and case
          when a.id is not null then p.author_restricted = a.restricted
          else app_rules.stranger_post_allowed(p.user_id, p.author_restricted, p.is_sensitive,
                                               p.caption, me, sees_sensitive, words)
        end
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

comment on function public.reels_page(timestamptz, uuid, integer) is
  'Reels: video posts newest first, keyset-paged on (created_at, id): of the people the reader follows (as the Following feed takes them) and of strangers under app_rules.stranger_post_allowed; never archived. Security invoker: the posts policy applies.';

revoke all on function public.reels_page(timestamptz, uuid, integer) from public;
grant execute on function public.reels_page(timestamptz, uuid, integer)
  to anon, authenticated, service_role;
