-- Bounds on every text a user can write, so one row cannot make every feed read megabytes:
-- a length limit on each user-writable text column, and image and avatar URLs restricted to
-- this project's own public storage URLs (enforced here, so a hosted project is protected as
-- well as the local backend).
--
-- The database cannot know its public host (the local backend's port changes between runs and
-- the client rebases URLs onto the current origin; hosted is https://<ref>.supabase.co), so
-- the check is on the shape of a storage public URL. Later migrations reuse the function.

create or replace function public.is_storage_public_url(url text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select url is not null
     and char_length(url) <= 2048
     and url ~ '^https?://[^/?#\s\\]+/storage/v1/object/public/[^\s\\]+$'
     -- No dot segments: they would resolve to another path on the same host.
     and url !~ '/\.\.?(/|\?|#|$)'
$$;

comment on function public.is_storage_public_url(text) is
  'True for an http(s) URL of an object in a public storage bucket of this API (any host), at most 2048 characters.';

revoke all on function public.is_storage_public_url(text) from public;
-- Check constraints run with the rights of the role that writes the row.
grant execute on function public.is_storage_public_url(text)
  to anon, authenticated, service_role;

-- Rows written before these limits existed: optional values that break them are cleared (an
-- avatar or a grid thumbnail is optional; the app falls back to the default avatar and the
-- full image), over-long names are shortened, and then every constraint is checked in full.
update public.profiles set avatar_url = null
  where avatar_url is not null and not public.is_storage_public_url(avatar_url);
update public.profiles set full_name = left(full_name, 100)
  where char_length(full_name) > 100;
update public.posts set thumb_url = null
  where thumb_url is not null and not public.is_storage_public_url(thumb_url);

alter table public.profiles
  add constraint profiles_full_name_length check (char_length(full_name) <= 100),
  add constraint profiles_avatar_url_storage check (
    avatar_url is null or public.is_storage_public_url(avatar_url)
  );

alter table public.posts
  add constraint posts_thumb_url_storage check (
    thumb_url is null or public.is_storage_public_url(thumb_url)
  ),
  -- NOT VALID: enforced for every new or changed row, without failing this migration on a
  -- project that already holds posts with other URLs (a post's image cannot be cleared).
  add constraint posts_image_url_storage check (public.is_storage_public_url(image_url)) not valid;

-- Where every existing post already qualifies (always, for data the app wrote), check them all
-- now, so the constraint is a full guarantee there.
do $$
begin
  if not exists (
    select 1 from public.posts where not public.is_storage_public_url(image_url)
  ) then
    alter table public.posts validate constraint posts_image_url_storage;
  end if;
end
$$;
