-- Captions for a post's clips: a WebVTT file given with a clip is stored beside it in the videos
-- bucket (posts/<uid>/<post>-<position>.vtt, served as text/vtt) and named by the item's
-- captions_url. The app checks the file (size and cues) before uploading; here only a file in the
-- author's own videos/posts/<uid>/ folder, ending in .vtt, on an item that has a clip, may be
-- named, by create_post or a direct insert, and never changed after (no update grant). Deleting
-- the row queues the file for removal like its clip, and the orphan sweep counts it as a
-- reference.

-- ----------------------------------------------------------------------------------------------
-- The bucket takes WebVTT beside the clips
-- ----------------------------------------------------------------------------------------------

update storage.buckets
set allowed_mime_types = array['video/mp4', 'video/webm', 'text/vtt']
where id = 'videos';

-- ----------------------------------------------------------------------------------------------
-- The column, and who may name which file
-- ----------------------------------------------------------------------------------------------

create function app_private.keep_captions_paths() returns trigger
  language plpgsql
  set search_path to ''
as $$
begin
  new.captions_url := coalesce(app_rules.storage_path(new.captions_url), new.captions_url);
  return new;
end
$$;

revoke all on function app_private.keep_captions_paths() from public;

alter table public.post_images
  add column captions_url text,
  add constraint post_images_captions_url_storage_path
    check (captions_url is null
           or (app_rules.is_storage_path(captions_url) and captions_url like '%.vtt')),
  add constraint post_images_captions_need_a_clip
    check (captions_url is null or video_url is not null);

comment on column public.post_images.captions_url is
  'A clip''s WebVTT captions in the videos bucket, beside the clip; null for none.';

create trigger keep_captions_paths before insert or update of captions_url on public.post_images
  for each row execute function app_private.keep_captions_paths();

grant insert (captions_url) on public.post_images to authenticated;

create policy "Captions come from the author's own folder" on public.post_images
  as restrictive for insert to authenticated
  with check (captions_url is null
              or app_rules.is_own_video_url(captions_url, (select auth.uid())));

-- ----------------------------------------------------------------------------------------------
-- create_post takes a captions_url with a clip
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
    if (photo ->> 'video_url' is not null
        and not app_rules.is_own_video_url(photo ->> 'video_url', uid))
       or (photo ->> 'captions_url' is not null
           and not app_rules.is_own_video_url(photo ->> 'captions_url', uid)) then
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
                                  placeholder, alt_text, video_url, duration_ms, captions_url)
  select created.id, (e.ordinality - 1)::smallint, p.image_url, p.thumb_url, p.width, p.height,
         p.placeholder, nullif(btrim(p.alt_text), ''), p.video_url, p.duration_ms, p.captions_url
  from jsonb_array_elements(images) with ordinality as e(value, ordinality)
  cross join lateral jsonb_to_record(e.value)
    as p(image_url text, thumb_url text, width integer, height integer, placeholder text,
         alt_text text, video_url text, duration_ms integer, captions_url text);
  perform set_config('app.creating_post', '', true);

  -- Read back: image_count was set by the photos' trigger after the insert above.
  select * into created from public.posts p where p.id = created.id;
  return created;
end
$$;

-- ----------------------------------------------------------------------------------------------
-- Removal: a deleted item's captions are queued like its clip, and count as a reference
-- ----------------------------------------------------------------------------------------------

create function app_private.queue_removed_captions() returns trigger
  language plpgsql security definer
  set search_path to ''
as $$
begin
  insert into app_private.storage_removals (bucket_id, name)
  select split_part(p.path, '/', 1), substr(p.path, strpos(p.path, '/') + 1)
  from (
    select substring(app_rules.storage_path(r.captions_url)
                     from '^/storage/v1/object/public/(.+)$') as path
    from removed r
  ) p
  where p.path is not null;
  if found then
    perform pg_notify('storage_removals', '');
  end if;
  return null;
end
$$;

revoke all on function app_private.queue_removed_captions() from public;

create trigger on_post_images_deleted_queue_captions after delete on public.post_images
  referencing old table as removed
  for each statement execute function app_private.queue_removed_captions();

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
                  or right(i.video_url, char_length(suffix)) = suffix
                  or right(i.captions_url, char_length(suffix)) = suffix))
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
