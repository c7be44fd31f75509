-- Stories: photos that live 24 hours, seen only by their author and the author's followers.
--
-- - public.stories holds one photo each. The database, not the client, sets created_at and
--   expires_at (= created_at + 24 h), and every policy hides a story once expires_at has passed,
--   so an expired story disappears from every list for every API role even before the sweep
--   deletes it (src/backend/storage/sweep.ts locally, docs/stories-expiry.md on hosted Supabase).
-- - public.story_views records who has seen which story, once per person. A person marks only
--   their own views, and only on stories they can see; only a story's author reads who viewed.
-- - public.story_clock() is "now" for all of the above. Tests move it with the setting
--   app.story_now to check the 24-hour boundary without waiting; it can only move time back
--   (it is the earlier of the setting and now()), so even a session that could set it could not
--   make a story live longer than 24 hours.
-- - public.story_strip() answers the strip in one request: whose live stories the caller can
--   see, with whether any of them is still unseen.
-- - Story photos live in the images bucket under stories/{author id}/, writable by the author.

------------------------------------------------------------------------------------------------
-- The clock
------------------------------------------------------------------------------------------------

create or replace function public.story_clock()
returns timestamptz
language sql
stable
security invoker
set search_path = ''
as $$
  select least(now(), coalesce(nullif(current_setting('app.story_now', true), '')::timestamptz,
                               now()))
$$;

revoke all on function public.story_clock() from public;
grant execute on function public.story_clock() to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Tables
------------------------------------------------------------------------------------------------

create table public.stories (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  image_url text not null,
  thumb_url text,
  width integer not null,
  height integer not null,
  placeholder text,
  caption text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '24 hours',
  -- Only this project's public storage URLs of at most 2048 characters (the shape check of
  -- 20261123110000_column_limits.sql: no other path, no dot segments).
  constraint stories_image_url_storage check (public.is_storage_public_url(image_url)),
  constraint stories_thumb_url_storage check (
    thumb_url is null or public.is_storage_public_url(thumb_url)
  ),
  constraint stories_dimensions_valid check (
    width between 1 and 20000 and height between 1 and 20000
  ),
  constraint stories_placeholder_format check (placeholder ~ '^[A-Za-z0-9+/]{4,64}={0,2}$'),
  constraint stories_caption_length check (char_length(caption) <= 200)
);

create table public.story_views (
  story_id uuid not null references public.stories (id) on delete cascade,
  viewer_id uuid not null references public.profiles (id) on delete cascade,
  viewed_at timestamptz not null default now(),
  primary key (story_id, viewer_id)
);

-- The primary key covers story_views by story; the strip reads stories by author, newest first.
create index stories_user_id_created_at_idx on public.stories (user_id, created_at desc);
create index stories_expires_at_idx on public.stories (expires_at);
create index story_views_viewer_id_idx on public.story_views (viewer_id);

------------------------------------------------------------------------------------------------
-- The lifetime is the database's: whatever a client sends, a story starts now and lasts 24 h
------------------------------------------------------------------------------------------------

create or replace function app_private.set_story_lifetime()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.created_at := public.story_clock();
  new.expires_at := new.created_at + interval '24 hours';
  return new;
end
$$;

create trigger on_story_created
  before insert on public.stories
  for each row execute function app_private.set_story_lifetime();

revoke all on all functions in schema app_private from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Column rights: clients write the photo and its text, never ids, times or someone's views
------------------------------------------------------------------------------------------------

-- anon keeps select so the strip answers it with nothing (no policy lets anon see a row).
revoke insert, update, delete on public.stories from anon;
revoke insert, update on public.stories from authenticated;
grant insert (user_id, image_url, thumb_url, width, height, placeholder, caption)
  on public.stories to authenticated;

revoke insert, update, delete on public.story_views from anon;
revoke insert, update, delete on public.story_views from authenticated;
grant insert (story_id, viewer_id) on public.story_views to authenticated;

------------------------------------------------------------------------------------------------
-- Row-level security
------------------------------------------------------------------------------------------------

alter table public.stories enable row level security;
alter table public.story_views enable row level security;

create policy "Authors and their followers see live stories" on public.stories
  for select to authenticated
  using (
    expires_at > (select public.story_clock())
    and (
      user_id = (select auth.uid())
      or exists (
        select 1 from public.follows f
        where f.follower_id = (select auth.uid()) and f.following_id = stories.user_id
      )
    )
  );

-- The photo and its thumbnail must be the author's own uploads (their folder in the images
-- bucket), so nobody posts a story showing someone else's picture.
create policy "Users post their own stories" on public.stories
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and position('/storage/v1/object/public/images/stories/' || (select auth.uid()::text) || '/'
                 in image_url) > 0
    and (thumb_url is null
         or position('/storage/v1/object/public/images/stories/' || (select auth.uid()::text)
                     || '/' in thumb_url) > 0)
  );

create policy "Authors delete their own stories" on public.stories
  for delete to authenticated using (user_id = (select auth.uid()));

-- The stories subquery runs under the stories policy, so a view can only be recorded, as
-- oneself, on a live story one is allowed to see.
create policy "Users mark stories they can see as seen, as themselves" on public.story_views
  for insert to authenticated
  with check (
    viewer_id = (select auth.uid())
    and exists (select 1 from public.stories s where s.id = story_views.story_id)
  );

create policy "Viewers see their own views; authors see who viewed" on public.story_views
  for select to authenticated
  using (
    viewer_id = (select auth.uid())
    or exists (
      select 1 from public.stories s
      where s.id = story_views.story_id and s.user_id = (select auth.uid())
    )
  );

------------------------------------------------------------------------------------------------
-- Functions the app calls
------------------------------------------------------------------------------------------------

-- Idempotent: a retried or repeated call keeps the first time it was seen. SECURITY INVOKER,
-- so the policies above decide; the check first answers a story that has expired, been deleted
-- or is not the caller's to see with a readable message and a 404 (PostgREST maps SQLSTATE
-- PTnnn to HTTP status nnn; any other P0 code would be a 500).
create or replace function public.mark_story_seen(target_story_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to watch stories' using errcode = '42501';
  end if;
  if not exists (select 1 from public.stories s where s.id = target_story_id) then
    raise exception 'This story is no longer available' using errcode = 'PT404';
  end if;
  insert into public.story_views (story_id, viewer_id)
  values (target_story_id, caller)
  on conflict (story_id, viewer_id) do nothing;
end
$$;

revoke all on function public.mark_story_seen(uuid) from public, anon;
grant execute on function public.mark_story_seen(uuid) to authenticated;

-- The strip: one row per person with live stories the caller can see (the policies decide who),
-- the caller first, then people with an unseen story, then the rest, newest first in each group.
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
  group by s.user_id, p.username, p.full_name, p.avatar_url
  order by s.user_id = (select auth.uid()) desc nulls last,
           bool_or(v.story_id is null) desc,
           max(s.created_at) desc,
           s.user_id
$$;

revoke all on function public.story_strip() from public;
grant execute on function public.story_strip() to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Storage: story photos under stories/{own uid}/ (the bucket's select and delete policies
-- already limit those to the owner)
------------------------------------------------------------------------------------------------

create policy "Users upload story photos into their own stories folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] = 'stories'
    and (storage.foldername(name))[2] = (select auth.uid()::text)
  );
