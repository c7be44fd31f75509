-- A feed that stays fast at any depth, and photos sized for the screen.
--
-- 1. Renditions: the feed image is a ≤ 1080 px re-encode of the photo; a small square thumbnail
--    serves the profile grid. width/height let cards reserve their space before the image loads,
--    and a thumbhash placeholder (base64, ~30 bytes) paints a blurred preview meanwhile. Posts made
--    before this migration have none of these and render as squares.
-- 2. feed_page(): keyset pagination on (created_at, id). PostgREST's
--    `or=(created_at.lt.X,and(created_at.eq.X,id.lt.Y))` is planned as a filter over an index
--    scan from the top (cost grows with depth); the row comparison below is an index condition,
--    so every page costs the same.

alter table public.posts
  add column width integer,
  add column height integer,
  add column thumb_url text,
  add column placeholder text,
  -- Both or neither (written so a null in one never lets the check pass as unknown).
  add constraint posts_dimensions_valid check (
    (width is null) = (height is null)
    and (width is null or (width between 1 and 20000 and height between 1 and 20000))
  ),
  add constraint posts_thumb_url_length check (char_length(thumb_url) <= 2048),
  add constraint posts_placeholder_format check (placeholder ~ '^[A-Za-z0-9+/]{4,64}={0,2}$');

grant insert (width, height, thumb_url, placeholder) on public.posts to authenticated;

-- SECURITY INVOKER, so the posts policies apply exactly as for a plain select. The coalesce
-- keeps one plan for the first page and the rest: with no cursor, start above everything.
create or replace function public.feed_page(
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
security invoker
set search_path = ''
as $$
  select p.*
  from public.posts p
  where (p.created_at, p.id) < (
    coalesce(before_created_at, 'infinity'::timestamptz),
    coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
  )
  order by p.created_at desc, p.id desc
  limit least(greatest(coalesce(page_size, 12), 1), 100)
$$;

revoke all on function public.feed_page(timestamptz, uuid, integer) from public;
grant execute on function public.feed_page(timestamptz, uuid, integer)
  to anon, authenticated, service_role;

-- The page just above a post, for a feed that scrolls back up after dropping the posts it
-- scrolled past (long sessions keep a bounded window in memory). Oldest first, as the index is
-- walked backwards; the client reverses it.
create or replace function public.feed_page_newer(
  after_created_at timestamptz,
  after_id uuid,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
security invoker
set search_path = ''
as $$
  select p.*
  from public.posts p
  where (p.created_at, p.id) > (after_created_at, after_id)
  order by p.created_at asc, p.id asc
  limit least(greatest(coalesce(page_size, 12), 1), 100)
$$;

revoke all on function public.feed_page_newer(timestamptz, uuid, integer) from public;
grant execute on function public.feed_page_newer(timestamptz, uuid, integer)
  to anon, authenticated, service_role;
