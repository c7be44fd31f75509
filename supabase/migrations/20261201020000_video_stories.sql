-- Video stories: a story may be a clip of up to 60 seconds. As for a video post, the clip lives in
-- the `videos` bucket, here in videos/stories/<uid>/, and its poster frame and thumbnail are the
-- story's photo (image_url, thumb_url) in images/stories/<uid>/, so every reader that shows a
-- story's photo shows the poster. A row with a clip names its path and its length; media_type
-- says which kind it is. Who may see a story is unchanged: the clip follows its row's policies.
-- Deleting the row queues the clip for removal like its photos, and the removal queue counts a
-- story's video_url as a reference (the orphan sweep reads every *_url column already).

-- ----------------------------------------------------------------------------------------------
-- Who may upload a story clip where, and attach which
-- ----------------------------------------------------------------------------------------------

create policy "Users upload videos into their own stories folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'videos'
              and (storage.foldername(name))[1] = 'stories'
              and (storage.foldername(name))[2] = (select auth.uid()::text));

create function app_rules.is_own_story_video_url(url text, owner uuid) returns boolean
  language sql immutable parallel safe
begin atomic
  select coalesce(app_rules.storage_path(url)
                    ~ ('^/storage/v1/object/public/videos/stories/' || owner::text
                       || '/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$'),
                  false);
end;

comment on function app_rules.is_own_story_video_url(url text, owner uuid) is
  'True for a plain file directly in videos/stories/<owner>/, named by its path or by a canonical public URL: the only clips that owner may attach to a story.';

revoke all on function app_rules.is_own_story_video_url(url text, owner uuid) from public;
grant execute on function app_rules.is_own_story_video_url(url text, owner uuid)
  to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------------------------
-- Columns
-- ----------------------------------------------------------------------------------------------

alter table public.stories
  add column video_url text,
  add column duration_ms integer,
  add column media_type text not null
    generated always as (case when video_url is null then 'photo' else 'video' end) stored,
  add constraint stories_video_url_storage_path
    check (video_url is null or app_rules.is_storage_path(video_url)),
  add constraint stories_video_has_duration check ((video_url is null) = (duration_ms is null)),
  add constraint stories_duration_range check (duration_ms between 1 and 60000);

comment on column public.stories.media_type is
  'photo or video: a video story''s clip is video_url, its poster frame image_url.';

create trigger keep_video_paths before insert or update of video_url on public.stories
  for each row execute function app_private.keep_video_paths();

grant insert (video_url, duration_ms) on public.stories to authenticated;

create policy "Story clips come from the author's own folder" on public.stories
  as restrictive for insert to authenticated
  with check (video_url is null
              or app_rules.is_own_story_video_url(video_url, (select auth.uid())));

-- ----------------------------------------------------------------------------------------------
-- Removal: a deleted story's clip is queued like its photos, and is a reference until then
-- ----------------------------------------------------------------------------------------------

create trigger on_stories_deleted_queue_videos after delete on public.stories
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
                  or right(s.thumb_url, char_length(suffix)) = suffix
                  or right(s.video_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.profiles f
           where f.id = owner and right(f.avatar_url, char_length(suffix)) = suffix);
end
$_$;
