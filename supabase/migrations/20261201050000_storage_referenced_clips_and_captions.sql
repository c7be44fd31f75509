-- Stories' clips and posts' captions came in side by side, each redefining which stored objects
-- are still in use; this is the two together, so the orphan sweep keeps a story's clip and a
-- post item's captions file alike.
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
                  or right(s.thumb_url, char_length(suffix)) = suffix
                  or right(s.video_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.profiles f
           where f.id = owner and right(f.avatar_url, char_length(suffix)) = suffix);
end
$_$;
