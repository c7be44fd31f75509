-- Stored photo URLs name this backend's storage and nothing else: the database keeps only the
-- object's path on the API (`/storage/v1/object/public/images/<kind>/<writer>/<file>`), never a
-- host.
--
-- Before, every photo column (posts and their carousel photos, avatars, stories, direct-message
-- photos) took a storage-shaped URL on any host, so `http://10.0.0.1/storage/v1/object/public/
-- images/posts/<me>/x.png` or a tracking server that answers that path was stored and loaded by
-- every viewer. The database cannot check a host against its own: it does not know it (the
-- desktop app's backend takes a new loopback port at each start, a shared server is reached by
-- whatever name each machine uses, a hosted project by its ref or a custom domain). So it keeps
-- no host at all, and each client resolves the path against the backend it talks to (the data
-- layer, src/shared/data/storage-urls.ts), which is the only host it ever loads photos from.
--
-- 1. app_rules.storage_path(url): the canonical path of a storage reference, from the path
--    itself or from a canonical public URL on any plain host (the shape
--    public.is_storage_public_url held before: http(s), no user info, plain path segments, no
--    %, ?, #, dot segments); null for anything else.
-- 2. A trigger on each photo column keeps that path when a write names the photo by its full
--    public URL (the upload pipeline, imports, queued offline writes and older clients send
--    supabase-js's getPublicUrl): whatever host was written is dropped, so it is never stored.
-- 3. A check constraint on each photo column, for every role: the value is a canonical path.
--    Whose folder it is stays as before: the insert policies (posts, carousel photos, stories,
--    messages) and create_post take only the writer's own folder (public.is_own_storage_url,
--    which now reads either form), and an avatar must be in the person's own avatars folder
--    (a constraint). The service role and the database owner bypass policies by design, as on
--    hosted Supabase, but meet the path constraint.
-- 4. Existing rows are rewritten to their paths; the photo-removal queue reads paths.

------------------------------------------------------------------------------------------------
-- The checks
------------------------------------------------------------------------------------------------

-- Bodies are SQL-standard (BEGIN ATOMIC, no SET clause), so the planner inlines them into the
-- policies, constraints and triggers that ask them, and each is one anchored match without
-- capture groups: a trigger, a policy and a constraint ask them for every photo written.

-- The canonical path of a storage reference: the path itself, or the path of a canonical public
-- URL on any plain host (http(s), a host name, IPv4 or [IPv6] and an optional port, no user
-- info); plain segments only (letters, digits, `.`, `_`, `-`, never starting with a dot: no
-- `%`, `?`, `#`, `\`, dot or empty segment). Null for anything else.
create or replace function app_rules.storage_path(url text)
returns text
language sql
immutable
parallel safe
begin atomic
  select case
    when char_length(url) > 2048 then null
    when url ~ '^/storage/v1/object/public(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$' then url
    when url ~ ('^https?://'
                || '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?'
                || '/storage/v1/object/public(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$')
      -- The host holds no slash, so the path starts at the first /storage/.
      then substr(url, strpos(url, '/storage/v1/object/public/'))
  end;
end;

comment on function app_rules.storage_path(text) is
  'The canonical path (/storage/v1/object/public/<bucket>/...) of a storage object named by '
  'that path or by its public URL on any plain host; null for anything else.';

-- What a photo column stores: exactly a canonical path, no host. (coalesce: a check
-- constraint lets null through, and null here means "not a path".)
create or replace function app_rules.is_storage_path(value text)
returns boolean
language sql
immutable
parallel safe
begin atomic
  select coalesce(char_length(value) <= 2048
                  and value ~ '^/storage/v1/object/public(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$', false);
end;

-- A plain file directly in images/<folder>/<owner>/, as a path.
create or replace function app_rules.is_own_storage_path(value text, folder text, owner uuid)
returns boolean
language sql
immutable
parallel safe
begin atomic
  select coalesce(char_length(value) <= 2048
                  and folder ~ '^[a-z]+$'
                  and value ~ ('^/storage/v1/object/public/images/' || folder || '/'
                               || owner::text || '/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$'), false);
end;

revoke all on function app_rules.storage_path(text) from public;
revoke all on function app_rules.is_storage_path(text) from public;
revoke all on function app_rules.is_own_storage_path(text, text, uuid) from public;
-- Policies and check constraints run with the rights of the role that writes the row.
grant execute on function app_rules.storage_path(text) to anon, authenticated, service_role;
grant execute on function app_rules.is_storage_path(text) to anon, authenticated, service_role;
grant execute on function app_rules.is_own_storage_path(text, text, uuid)
  to anon, authenticated, service_role;

-- The two public checks read either form: a write names the photo by path or by public URL,
-- and the policies see the path the trigger below kept.
create or replace function public.is_storage_public_url(url text)
returns boolean
language sql
immutable
parallel safe
begin atomic
  select coalesce(char_length(url) <= 2048
                  and url ~ ('^(?:https?://'
                             || '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?'
                             || ')?/storage/v1/object/public(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$'), false);
end;

comment on function public.is_storage_public_url(text) is
  'True for a storage object of this API named by its path or by a canonical public URL (any '
  'plain host, which is never stored): plain path segments only, at most 2048 characters.';

create or replace function public.is_own_storage_url(url text, folder text, owner uuid)
returns boolean
language sql
immutable
parallel safe
begin atomic
  select coalesce(char_length(url) <= 2048
                  and folder ~ '^[a-z]+$'
                  and url ~ ('^(?:https?://'
                             || '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?'
                             || ')?/storage/v1/object/public/images/' || folder || '/'
                             || owner::text || '/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$'), false);
end;

comment on function public.is_own_storage_url(text, text, uuid) is
  'True for a plain file directly in images/<folder>/<owner>/, named by its path or by a '
  'canonical public URL: the only photos that owner may attach to a row.';

------------------------------------------------------------------------------------------------
-- Only the path is kept
------------------------------------------------------------------------------------------------

-- A value that is no storage reference is left as it is, for the constraint below to refuse
-- with its name. Every table with photos has image_url and thumb_url, except profiles
-- (avatar_url); PL/pgSQL plans the function per table it fires on.
create or replace function app_private.keep_photo_paths()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.image_url := coalesce(app_rules.storage_path(new.image_url), new.image_url);
  new.thumb_url := coalesce(app_rules.storage_path(new.thumb_url), new.thumb_url);
  return new;
end
$$;

create or replace function app_private.keep_avatar_path()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.avatar_url := coalesce(app_rules.storage_path(new.avatar_url), new.avatar_url);
  return new;
end
$$;

revoke all on function app_private.keep_photo_paths() from public, anon, authenticated;
revoke all on function app_private.keep_avatar_path() from public, anon, authenticated;

create trigger keep_photo_paths
  before insert or update of image_url, thumb_url on public.posts
  for each row execute function app_private.keep_photo_paths();
create trigger keep_photo_paths
  before insert or update of image_url, thumb_url on public.post_images
  for each row execute function app_private.keep_photo_paths();
create trigger keep_photo_paths
  before insert or update of image_url, thumb_url on public.stories
  for each row execute function app_private.keep_photo_paths();
create trigger keep_photo_paths
  before insert or update of image_url, thumb_url on public.direct_messages
  for each row execute function app_private.keep_photo_paths();
create trigger keep_avatar_path
  before insert or update of avatar_url on public.profiles
  for each row execute function app_private.keep_avatar_path();

------------------------------------------------------------------------------------------------
-- Existing rows keep their paths, under the path constraint (all roles)
------------------------------------------------------------------------------------------------

-- The host-bearing checks go first: the rewrite below would break them.
alter table public.posts
  drop constraint posts_image_url_storage,
  drop constraint posts_thumb_url_storage;
alter table public.post_images
  drop constraint post_images_image_url_canonical,
  drop constraint post_images_image_url_storage,
  drop constraint post_images_thumb_url_canonical,
  drop constraint post_images_thumb_url_storage;
alter table public.stories
  drop constraint stories_image_url_storage,
  drop constraint stories_thumb_url_storage;
alter table public.direct_messages
  drop constraint direct_messages_image_url_storage,
  drop constraint direct_messages_thumb_url_storage;
alter table public.profiles
  drop constraint profiles_avatar_url_own_canonical,
  drop constraint profiles_avatar_url_own_storage,
  drop constraint profiles_avatar_url_storage;

-- A value that names no storage object is left for the NOT VALID constraints below.
update public.posts
set image_url = coalesce(app_rules.storage_path(image_url), image_url),
    thumb_url = coalesce(app_rules.storage_path(thumb_url), thumb_url)
where image_url !~ '^/' or thumb_url !~ '^/';
update public.post_images
set image_url = coalesce(app_rules.storage_path(image_url), image_url),
    thumb_url = coalesce(app_rules.storage_path(thumb_url), thumb_url)
where image_url !~ '^/' or thumb_url !~ '^/';
update public.stories
set image_url = coalesce(app_rules.storage_path(image_url), image_url),
    thumb_url = coalesce(app_rules.storage_path(thumb_url), thumb_url)
where image_url !~ '^/' or thumb_url !~ '^/';
update public.direct_messages
set image_url = coalesce(app_rules.storage_path(image_url), image_url),
    thumb_url = coalesce(app_rules.storage_path(thumb_url), thumb_url)
where image_url !~ '^/' or thumb_url !~ '^/';
-- An avatar is optional: one that cannot be kept is cleared (the app shows the default).
update public.profiles
set avatar_url = app_rules.storage_path(avatar_url)
where avatar_url is distinct from app_rules.storage_path(avatar_url);
update public.profiles
set avatar_url = null
where avatar_url is not null and not app_rules.is_own_storage_path(avatar_url, 'avatars', id);

alter table public.posts
  add constraint posts_image_url_storage_path check (app_rules.is_storage_path(image_url))
    not valid,
  add constraint posts_thumb_url_storage_path check (
    thumb_url is null or app_rules.is_storage_path(thumb_url)
  ) not valid;
alter table public.post_images
  add constraint post_images_image_url_storage_path check (app_rules.is_storage_path(image_url))
    not valid,
  add constraint post_images_thumb_url_storage_path check (
    thumb_url is null or app_rules.is_storage_path(thumb_url)
  ) not valid;
alter table public.stories
  add constraint stories_image_url_storage_path check (app_rules.is_storage_path(image_url))
    not valid,
  add constraint stories_thumb_url_storage_path check (
    thumb_url is null or app_rules.is_storage_path(thumb_url)
  ) not valid;
alter table public.direct_messages
  add constraint direct_messages_image_url_storage_path check (
    image_url is null or app_rules.is_storage_path(image_url)
  ) not valid,
  add constraint direct_messages_thumb_url_storage_path check (
    thumb_url is null or app_rules.is_storage_path(thumb_url)
  ) not valid;
alter table public.profiles
  add constraint profiles_avatar_url_own_storage_path check (
    avatar_url is null or app_rules.is_own_storage_path(avatar_url, 'avatars', id)
  );

-- As in 20261125110000: checked in full wherever every existing photo qualifies (always, for
-- data the app wrote), and enforced for every new row either way.
do $$
declare
  photos text;
  clean boolean;
begin
  foreach photos in array array['posts', 'post_images', 'stories', 'direct_messages'] loop
    execute format(
      'select not exists (select 1 from public.%I
                          where (image_url is not null and not app_rules.is_storage_path(image_url))
                             or (thumb_url is not null and not app_rules.is_storage_path(thumb_url)))',
      photos)
      into clean;
    if clean then
      execute format('alter table public.%I validate constraint %I',
                     photos, photos || '_image_url_storage_path');
      execute format('alter table public.%I validate constraint %I',
                     photos, photos || '_thumb_url_storage_path');
    end if;
  end loop;
end
$$;

------------------------------------------------------------------------------------------------
-- Photo removal reads paths
------------------------------------------------------------------------------------------------

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
    select substring(app_rules.storage_path(u.url) from '^/storage/v1/object/public/(.+)$') as path
    from removed r
    cross join lateral (values (r.image_url), (r.thumb_url)) as u(url)
  ) p
  where p.path is not null;
  if found then
    perform pg_notify('storage_removals', '');
  end if;
  return null;
end
$$;
