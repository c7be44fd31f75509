-- Video posts: a post (or one item of a carousel) may be a video clip of up to three minutes.
-- The clip lives in its own public `videos` bucket (MP4 or WebM, 150 MiB each); its poster frame
-- and grid thumbnail are photos in `images`, kept in image_url and thumb_url as for any photo, so
-- every reader that shows a photo shows the poster. A row with a video names its path and its
-- length; the post row mirrors its first item and says which kind it is (media_type).
-- Who may attach which video follows the photos' rules: only a file in the author's own
-- videos/posts/<uid>/ folder, checked by RESTRICTIVE insert policies and by create_post.
-- Deleting the row queues the video for removal like its photos, and the orphan sweep and the
-- removal queue both count a video_url as a reference.

-- ----------------------------------------------------------------------------------------------
-- The bucket and who may upload where
-- ----------------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('videos', 'videos', true, 157286400, array['video/mp4', 'video/webm'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Users upload videos into their own posts folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'videos'
              and (storage.foldername(name))[1] = 'posts'
              and (storage.foldername(name))[2] = (select auth.uid()::text));

create policy "Users see their own videos" on storage.objects
  for select to authenticated
  using (bucket_id = 'videos' and owner_id = (select auth.uid()::text));

create policy "Users delete their own videos" on storage.objects
  for delete to authenticated
  using (bucket_id = 'videos' and owner_id = (select auth.uid()::text));

-- ----------------------------------------------------------------------------------------------
-- Paths
-- ----------------------------------------------------------------------------------------------

create function app_rules.is_own_video_url(url text, owner uuid) returns boolean
  language sql immutable parallel safe
begin atomic
  select coalesce(app_rules.storage_path(url)
                    ~ ('^/storage/v1/object/public/videos/posts/' || owner::text
                       || '/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$'),
                  false);
end;

comment on function app_rules.is_own_video_url(url text, owner uuid) is
  'True for a plain file directly in videos/posts/<owner>/, named by its path or by a canonical public URL: the only videos that owner may attach to a post.';

revoke all on function app_rules.is_own_video_url(url text, owner uuid) from public;
grant execute on function app_rules.is_own_video_url(url text, owner uuid)
  to anon, authenticated, service_role;

create function app_private.keep_video_paths() returns trigger
  language plpgsql
  set search_path to ''
as $$
begin
  new.video_url := coalesce(app_rules.storage_path(new.video_url), new.video_url);
  return new;
end
$$;

revoke all on function app_private.keep_video_paths() from public;

-- ----------------------------------------------------------------------------------------------
-- Columns
-- ----------------------------------------------------------------------------------------------

alter table public.post_images
  add column video_url text,
  add column duration_ms integer,
  add constraint post_images_video_url_storage_path
    check (video_url is null or app_rules.is_storage_path(video_url)),
  add constraint post_images_video_has_duration check ((video_url is null) = (duration_ms is null)),
  add constraint post_images_duration_range check (duration_ms between 1 and 180000);

alter table public.posts
  add column video_url text,
  add column duration_ms integer,
  add column media_type text not null
    generated always as (case when video_url is null then 'photo' else 'video' end) stored,
  add constraint posts_video_url_storage_path
    check (video_url is null or app_rules.is_storage_path(video_url)),
  add constraint posts_video_has_duration check ((video_url is null) = (duration_ms is null)),
  add constraint posts_duration_range check (duration_ms between 1 and 180000);

comment on column public.posts.media_type is
  'photo or video: what the post''s first item is (a video''s poster is its image_url).';

create trigger keep_video_paths before insert or update of video_url on public.posts
  for each row execute function app_private.keep_video_paths();
create trigger keep_video_paths before insert or update of video_url on public.post_images
  for each row execute function app_private.keep_video_paths();

grant insert (video_url, duration_ms) on public.posts to authenticated;
grant insert (video_url, duration_ms) on public.post_images to authenticated;

create policy "Videos come from the author's own folder" on public.posts
  as restrictive for insert to authenticated
  with check (video_url is null or app_rules.is_own_video_url(video_url, (select auth.uid())));

create policy "Videos come from the author's own folder" on public.post_images
  as restrictive for insert to authenticated
  with check (video_url is null or app_rules.is_own_video_url(video_url, (select auth.uid())));

-- ----------------------------------------------------------------------------------------------
-- create_post takes a video_url and duration_ms with any item
-- ----------------------------------------------------------------------------------------------

create or replace function public.create_post(caption text, images jsonb, post_id uuid default null,
                                              location text default null)
returns public.posts
language plpgsql
set search_path to ''
as $$
declare
  uid uuid := auth.uid();
  new_id uuid := coalesce(create_post.post_id, gen_random_uuid());
  photo jsonb;
  created public.posts;
begin
  if uid is null then
    raise exception 'Sign in to post' using errcode = '42501';
  end if;

  select * into created from public.posts p where p.id = new_id;
  if found then
    if created.user_id = uid then
      return created;
    end if;
    raise exception 'This post id is already taken' using errcode = '23505';
  end if;

  if jsonb_typeof(images) is distinct from 'array'
     or jsonb_array_length(images) not between 1 and 10 then
    raise exception 'A post has from 1 to 10 photos' using errcode = '22023';
  end if;
  for photo in select value from jsonb_array_elements(images) loop
    if jsonb_typeof(photo) is distinct from 'object'
       -- ->> gives null for a missing or JSON-null value, which the check refuses
       or not public.is_own_storage_url(photo ->> 'image_url', 'posts', uid)
       or (photo ->> 'thumb_url' is not null
           and not public.is_own_storage_url(photo ->> 'thumb_url', 'posts', uid)) then
      raise exception 'Every photo must be uploaded to your own folder first' using errcode = '42501';
    end if;
    if photo ->> 'video_url' is not null
       and not app_rules.is_own_video_url(photo ->> 'video_url', uid) then
      raise exception 'Every video must be uploaded to your own folder first' using errcode = '42501';
    end if;
  end loop;

  -- The location is tidied (and a too-long one refused) by the tidy_post_location trigger.
  insert into public.posts (id, user_id, image_url, thumb_url, width, height, placeholder,
                            alt_text, caption, location, video_url, duration_ms)
  select new_id, uid, p.image_url, p.thumb_url, p.width, p.height, p.placeholder,
         nullif(btrim(p.alt_text), ''), nullif(btrim(create_post.caption), ''),
         create_post.location, p.video_url, p.duration_ms
  from jsonb_to_record(images -> 0)
    as p(image_url text, thumb_url text, width integer, height integer, placeholder text,
         alt_text text, video_url text, duration_ms integer)
  returning * into created;

  perform set_config('app.creating_post', created.id::text, true);
  insert into public.post_images (post_id, position, image_url, thumb_url, width, height,
                                  placeholder, alt_text, video_url, duration_ms)
  select created.id, (e.ordinality - 1)::smallint, p.image_url, p.thumb_url, p.width, p.height,
         p.placeholder, nullif(btrim(p.alt_text), ''), p.video_url, p.duration_ms
  from jsonb_array_elements(images) with ordinality as e(value, ordinality)
  cross join lateral jsonb_to_record(e.value)
    as p(image_url text, thumb_url text, width integer, height integer, placeholder text,
         alt_text text, video_url text, duration_ms integer);
  perform set_config('app.creating_post', '', true);

  -- Read back: image_count was set by the photos' trigger after the insert above.
  select * into created from public.posts p where p.id = created.id;
  return created;
end
$$;

-- ----------------------------------------------------------------------------------------------
-- Removal: a deleted row's video is queued like its photos, and a video_url is a reference
-- ----------------------------------------------------------------------------------------------

create function app_private.queue_removed_videos() returns trigger
  language plpgsql security definer
  set search_path to ''
as $$
begin
  insert into app_private.storage_removals (bucket_id, name)
  select split_part(p.path, '/', 1), substr(p.path, strpos(p.path, '/') + 1)
  from (
    select substring(app_rules.storage_path(r.video_url) from '^/storage/v1/object/public/(.+)$')
             as path
    from removed r
  ) p
  where p.path is not null;
  if found then
    perform pg_notify('storage_removals', '');
  end if;
  return null;
end
$$;

revoke all on function app_private.queue_removed_videos() from public;

create trigger on_posts_deleted_queue_videos after delete on public.posts
  referencing old table as removed
  for each statement execute function app_private.queue_removed_videos();
create trigger on_post_images_deleted_queue_videos after delete on public.post_images
  referencing old table as removed
  for each statement execute function app_private.queue_removed_videos();

create or replace function app_private.storage_object_referenced(bucket text, object_name text)
returns boolean
language plpgsql stable security definer
set search_path to ''
as $_$
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
                  or right(p.thumb_url, char_length(suffix)) = suffix
                  or right(p.video_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.post_images i
           join public.posts p on p.id = i.post_id
           where p.user_id = owner
             and (right(i.image_url, char_length(suffix)) = suffix
                  or right(i.thumb_url, char_length(suffix)) = suffix
                  or right(i.video_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.stories s
           where s.user_id = owner
             and (right(s.image_url, char_length(suffix)) = suffix
                  or right(s.thumb_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.profiles f
           where f.id = owner and right(f.avatar_url, char_length(suffix)) = suffix);
end
$_$;
