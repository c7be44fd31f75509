-- A deleted row's stored files (photo, thumbnail, clip, captions) are queued for removal by one
-- trigger function, told which URL columns to read by its trigger's arguments, instead of one
-- function per column: one trigger per table queues all its files.

create function app_private.queue_removed_files() returns trigger
  language plpgsql security definer
  set search_path to ''
as $$
begin
  -- A trigger naming a column its table lacks would queue nothing, silently: refuse it.
  if exists (
    select 1 from unnest(tg_argv) as c(name)
    where not exists (
      select 1 from pg_catalog.pg_attribute a
      where a.attrelid = tg_relid and a.attname = c.name and a.attnum > 0 and not a.attisdropped
    )
  ) then
    raise exception 'queue_removed_files: % names a column % lacks', tg_name, tg_table_name;
  end if;
  insert into app_private.storage_removals (bucket_id, name)
  select split_part(p.path, '/', 1), substr(p.path, strpos(p.path, '/') + 1)
  from (
    select substring(app_rules.storage_path(to_jsonb(r) ->> c.name)
                     from '^/storage/v1/object/public/(.+)$') as path
    from removed r
    cross join unnest(tg_argv) as c(name)
  ) p
  where p.path is not null;
  if found then
    perform pg_notify('storage_removals', '');
  end if;
  return null;
end
$$;

revoke all on function app_private.queue_removed_files() from public;

drop trigger on_posts_deleted_queue_photos on public.posts;
drop trigger on_posts_deleted_queue_videos on public.posts;
create trigger on_posts_deleted_queue_files after delete on public.posts
  referencing old table as removed
  for each statement
  execute function app_private.queue_removed_files('image_url', 'thumb_url', 'video_url');

drop trigger on_post_images_deleted_queue_photos on public.post_images;
drop trigger on_post_images_deleted_queue_videos on public.post_images;
drop trigger on_post_images_deleted_queue_captions on public.post_images;
create trigger on_post_images_deleted_queue_files after delete on public.post_images
  referencing old table as removed
  for each statement
  execute function app_private.queue_removed_files('image_url', 'thumb_url', 'video_url',
                                                   'captions_url');

drop trigger on_stories_deleted_queue_photos on public.stories;
drop trigger on_stories_deleted_queue_videos on public.stories;
create trigger on_stories_deleted_queue_files after delete on public.stories
  referencing old table as removed
  for each statement
  execute function app_private.queue_removed_files('image_url', 'thumb_url', 'video_url');

drop function app_private.queue_removed_photos();
drop function app_private.queue_removed_videos();
drop function app_private.queue_removed_captions();
