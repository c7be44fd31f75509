-- Ownership of photos that no URL trick can talk around (issue #23, item 4).
--
-- Before this migration create_post and the stories policy only asked that the caller's folder
-- appear *somewhere* in a URL (`…/posts/B/b1.png?/…/posts/A/` passed), `%2e%2e` passed the dot
-- segment test, and a direct insert into posts or post_images took anyone's exact URL.
--
-- 1. public.is_storage_public_url (the shape every *_url column already checks) becomes one
--    anchored, canonical form: http(s), a plain host name, IPv4 or [IPv6] with an optional port
--    (no user info), /storage/v1/object/public/, then plain path segments only: letters,
--    digits, `.`, `_` and `-`, never starting with a dot (so no `.`/`..` segment and no hidden
--    file), and nowhere a `%`, `?`, `#`, `\` or empty segment. The database cannot know its
--    public host (the local backend's port changes between runs and the client rebases
--    loopback URLs onto the current one; hosted is https://<ref>.supabase.co or a custom
--    domain), so the host is held to a strict pattern and the path does the rest.
-- 2. public.is_own_storage_url(url, folder, owner) adds that the object is a plain file directly
--    in images/<folder>/<owner's id>/. It decides who may attach a photo:
--    - posts and post_images: the insert policies (so direct REST inserts, create_post, which
--      runs as the caller, and any later path for clients all meet it); clients cannot update
--      these URL columns at all (column grants);
--    - stories: the insert policy;
--    - avatars: a check constraint (it already pinned the owner's folder; now canonically).
--    The service role and the database owner bypass policies by design, as on hosted Supabase,
--    but still meet the canonical shape (1), which is a check constraint on every URL column.
-- 3. create_post answers a photo outside the caller's folder with its readable 42501 message,
--    now from the same function.

------------------------------------------------------------------------------------------------
-- The two checks
------------------------------------------------------------------------------------------------

create or replace function public.is_storage_public_url(url text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select url is not null
     and char_length(url) <= 2048
     and url ~ ('^https?://'
                -- host: dot-separated labels, or a bracketed IPv6 address; then an optional port
                || '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*'
                || '|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?'
                || '/storage/v1/object/public'
                -- bucket, folders and file: plain segments that never start with a dot
                || '(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$')
$$;

comment on function public.is_storage_public_url(text) is
  'True for a canonical http(s) URL of an object in a public storage bucket of this API (any '
  'plain host): plain path segments only, no %, ?, #, dot segments or user info; at most 2048 '
  'characters.';

create or replace function public.is_own_storage_url(url text, folder text, owner uuid)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select public.is_storage_public_url(url)
     and folder ~ '^[a-z]+$'
     and owner is not null
     -- The canonical form above has no ?, # or %, so the path is everything after the host.
     and substring(url from '^https?://[^/]+(/.*)$')
         ~ ('^/storage/v1/object/public/images/' || folder || '/' || owner::text || '/[^/]+$')
$$;

comment on function public.is_own_storage_url(text, text, uuid) is
  'True for a canonical public URL (is_storage_public_url) of a plain file directly in '
  'images/<folder>/<owner>/: the only photos that owner may attach to a row.';

revoke all on function public.is_own_storage_url(text, text, uuid) from public;
-- Policies and check constraints run with the rights of the role that writes the row.
grant execute on function public.is_own_storage_url(text, text, uuid)
  to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- The canonical shape on every URL column (all roles)
------------------------------------------------------------------------------------------------

-- posts.image_url/thumb_url and stories' columns already check is_storage_public_url, which
-- is now canonical. The carousel's columns had their own looser pattern.
alter table public.post_images
  add constraint post_images_image_url_canonical check (public.is_storage_public_url(image_url))
    not valid,
  add constraint post_images_thumb_url_canonical check (
    thumb_url is null or public.is_storage_public_url(thumb_url)
  ) not valid;

-- Avatars are optional: one that no longer qualifies is cleared (the app shows the default).
update public.profiles set avatar_url = null
  where avatar_url is not null and not public.is_own_storage_url(avatar_url, 'avatars', id);

alter table public.profiles
  add constraint profiles_avatar_url_own_canonical check (
    avatar_url is null or public.is_own_storage_url(avatar_url, 'avatars', id)
  );

-- As in 20261123110000: checked in full wherever every existing photo qualifies (always, for
-- data the app wrote), and enforced for every new row either way.
do $$
begin
  if not exists (
    select 1 from public.post_images
    where not public.is_storage_public_url(image_url)
       or (thumb_url is not null and not public.is_storage_public_url(thumb_url))
  ) then
    alter table public.post_images validate constraint post_images_image_url_canonical;
    alter table public.post_images validate constraint post_images_thumb_url_canonical;
  end if;
end
$$;

------------------------------------------------------------------------------------------------
-- Who may attach which photo (client roles)
------------------------------------------------------------------------------------------------

drop policy "Users create their own posts" on public.posts;
create policy "Users create their own posts" on public.posts
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and public.is_own_storage_url(image_url, 'posts', user_id)
    and (thumb_url is null or public.is_own_storage_url(thumb_url, 'posts', user_id))
  );

drop policy "Authors add photos to their own posts" on public.post_images;
create policy "Authors add photos to their own posts" on public.post_images
  for insert to authenticated
  with check (
    exists (select 1 from public.posts p
            where p.id = post_images.post_id and p.user_id = (select auth.uid()))
    and public.is_own_storage_url(image_url, 'posts', (select auth.uid()))
    and (thumb_url is null or public.is_own_storage_url(thumb_url, 'posts', (select auth.uid())))
  );

drop policy "Users post their own stories" on public.stories;
create policy "Users post their own stories" on public.stories
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and public.is_own_storage_url(image_url, 'stories', user_id)
    and (thumb_url is null or public.is_own_storage_url(thumb_url, 'stories', user_id))
  );

------------------------------------------------------------------------------------------------
-- create_post: the same check, with its readable message
------------------------------------------------------------------------------------------------

create or replace function public.create_post(caption text, images jsonb, post_id uuid default null)
returns public.posts
language plpgsql
security invoker
set search_path = ''
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
  end loop;

  insert into public.posts (id, user_id, image_url, thumb_url, width, height, placeholder,
                            alt_text, caption)
  select new_id, uid, p.image_url, p.thumb_url, p.width, p.height, p.placeholder,
         nullif(btrim(p.alt_text), ''), nullif(btrim(create_post.caption), '')
  from jsonb_to_record(images -> 0)
    as p(image_url text, thumb_url text, width integer, height integer, placeholder text,
         alt_text text)
  returning * into created;

  perform set_config('app.creating_post', created.id::text, true);
  insert into public.post_images (post_id, position, image_url, thumb_url, width, height,
                                  placeholder, alt_text)
  select created.id, (e.ordinality - 1)::smallint, p.image_url, p.thumb_url, p.width, p.height,
         p.placeholder, nullif(btrim(p.alt_text), '')
  from jsonb_array_elements(images) with ordinality as e(value, ordinality)
  cross join lateral jsonb_to_record(e.value)
    as p(image_url text, thumb_url text, width integer, height integer, placeholder text,
         alt_text text);
  perform set_config('app.creating_post', '', true);

  -- Read back: image_count was set by the photos' trigger after the insert above.
  select * into created from public.posts p where p.id = created.id;
  return created;
end
$$;

revoke all on function public.create_post(text, jsonb, uuid) from public, anon;
grant execute on function public.create_post(text, jsonb, uuid) to authenticated, service_role;
