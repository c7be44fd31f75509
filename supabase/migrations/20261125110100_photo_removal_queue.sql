-- A photo goes when its row goes (issue #23, item 5).
--
-- Before, a deleted post's photo stayed public until the client removed it (other clients than
-- ours leave it) or the hourly orphan sweep; an expired story's photo likewise. Now the
-- database itself notes every photo a delete leaves behind, and a job drains the note:
-- 1. Deleting rows of posts, post_images or stories (directly, by cascade from a deleted
--    account, or the story expiry) queues the object paths of their photos in
--    app_private.storage_removals, in the same transaction, and NOTIFYs `storage_removals`.
--    Only canonical public URLs (is_storage_public_url) are queued: nothing else names an
--    object of this project.
-- 2. public.take_storage_removals(max_count) takes up to max_count queued paths (oldest first)
--    and says for each whether a remaining row still shows it (a post and its carousel's first
--    photo share one object; a user may have put one photo in two posts). Only the service role
--    may call it. The caller removes the unreferenced objects through the Storage API:
--    - the local backend on the notification and on a short interval (src/backend/storage/
--      removals.ts), with its own storage layer;
--    - a hosted project from a scheduled Edge Function (docs/stories-expiry.md), because there
--      the bytes live in the object store and must be removed through the Storage API.
--    Paths taken but not removed (a crash in between) are still caught by the orphan sweep.

create table app_private.storage_removals (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  name text not null,
  queued_at timestamptz not null default now()
);

comment on table app_private.storage_removals is
  'Storage objects whose rows were deleted; drained through public.take_storage_removals.';

revoke all on table app_private.storage_removals from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Queueing: one statement-level trigger per table, over the deleted rows
------------------------------------------------------------------------------------------------

-- Every table it serves has image_url and thumb_url columns; PL/pgSQL plans the function per
-- table it fires on, so `removed` is that table's deleted rows.
create or replace function app_private.queue_removed_photos()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into app_private.storage_removals (bucket_id, name)
  select split_part(p.path, '/', 1), substr(p.path, strpos(p.path, '/') + 1)
  from (
    select substring(u.url from '^https?://[^/]+/storage/v1/object/public/(.+)$') as path
    from removed r
    cross join lateral (values (r.image_url), (r.thumb_url)) as u(url)
    where public.is_storage_public_url(u.url)
  ) p;
  if found then
    perform pg_notify('storage_removals', '');
  end if;
  return null;
end
$$;

revoke all on function app_private.queue_removed_photos() from public, anon, authenticated;

create trigger on_posts_deleted_queue_photos
  after delete on public.posts
  referencing old table as removed
  for each statement execute function app_private.queue_removed_photos();

create trigger on_post_images_deleted_queue_photos
  after delete on public.post_images
  referencing old table as removed
  for each statement execute function app_private.queue_removed_photos();

create trigger on_stories_deleted_queue_photos
  after delete on public.stories
  referencing old table as removed
  for each statement execute function app_private.queue_removed_photos();

------------------------------------------------------------------------------------------------
-- Draining
------------------------------------------------------------------------------------------------

-- Whether a remaining row shows the object. Every client-written photo URL is in its owner's
-- folder (20261125110000), so only that owner's rows need looking at: indexed lookups by user,
-- never a scan of every post. A path without an owner's id is reported as referenced, so it is
-- left to the orphan sweep, which compares against every row.
create or replace function app_private.storage_object_referenced(bucket text, object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  owner_text text := split_part(object_name, '/', 2);
  suffix text := '/storage/v1/object/public/' || bucket || '/' || object_name;
  owner uuid;
begin
  if owner_text !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return true;
  end if;
  owner := owner_text::uuid;
  return exists (
           select 1 from public.posts p
           where p.user_id = owner
             and (right(p.image_url, char_length(suffix)) = suffix
                  or right(p.thumb_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.post_images i
           join public.posts p on p.id = i.post_id
           where p.user_id = owner
             and (right(i.image_url, char_length(suffix)) = suffix
                  or right(i.thumb_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.stories s
           where s.user_id = owner
             and (right(s.image_url, char_length(suffix)) = suffix
                  or right(s.thumb_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.profiles f
           where f.id = owner and right(f.avatar_url, char_length(suffix)) = suffix);
end
$$;

revoke all on function app_private.storage_object_referenced(text, text)
  from public, anon, authenticated;

create or replace function public.take_storage_removals(max_count integer default 100)
returns table (bucket_id text, name text, still_referenced boolean)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with taken as (
    delete from app_private.storage_removals q
    where q.id in (
      select r.id from app_private.storage_removals r
      order by r.id
      limit greatest(1, least(max_count, 1000))
      for update skip locked
    )
    returning q.bucket_id, q.name
  )
  select distinct t.bucket_id, t.name,
         app_private.storage_object_referenced(t.bucket_id, t.name)
  from taken t;
end
$$;

comment on function public.take_storage_removals(integer) is
  'Takes up to max_count (at most 1000) queued object paths whose rows were deleted; remove '
  'those not still_referenced through the Storage API. Service role only.';

revoke all on function public.take_storage_removals(integer) from public, anon, authenticated;
grant execute on function public.take_storage_removals(integer) to service_role;
