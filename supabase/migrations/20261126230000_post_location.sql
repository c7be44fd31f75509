-- A post's location, typed as free text as on Instagram ("Lisbon, Portugal"), shown as a line
-- under the author's name in the post's header. There is no place table: the text is the
-- location (docs/product.md, "Location").
--
-- 1. posts.location: null, or one line of 1..100 characters with no space at either end
--    (MAX_LOCATION_LENGTH in src/shared/limits.ts). A trigger tidies what is written on every
--    path (create_post, edit_post, a direct insert or update): runs of white space, line breaks
--    included, become one space, the ends are trimmed, and a blank location is stored as null;
--    a longer one is refused in the app's words. The check is the invariant behind it.
-- 2. Written by the author only, exactly like the caption and the alt text: column grants on
--    insert and update, under the posts policies ("Users create their own posts", "Users edit
--    their own posts").
-- 3. create_post and edit_post take it. Every read of posts returns it without a change: the
--    feed, tag and tagged pages return setof posts, and the app selects * on posts.

alter table public.posts
  add column location text
    constraint posts_location_length
    check (location is null or (char_length(location) between 1 and 100
                                and location = btrim(location)));

grant insert (location), update (location) on public.posts to authenticated;

create or replace function app_private.tidy_post_location()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.location := nullif(btrim(regexp_replace(new.location, '\s+', ' ', 'g')), '');
  if char_length(new.location) > 100 then
    raise exception using
      errcode = '23514',
      message = 'A location can be at most 100 characters',
      detail = format('This one has %s', char_length(new.location)),
      hint = 'Shorten the location.';
  end if;
  return new;
end
$$;

revoke all on function app_private.tidy_post_location() from public, anon, authenticated;

create trigger tidy_post_location
  before insert or update of location on public.posts
  for each row execute function app_private.tidy_post_location();

------------------------------------------------------------------------------------------------
-- create_post(caption, images, post_id, location): as before, with the location
------------------------------------------------------------------------------------------------

-- A new parameter is a new signature: the old one goes, so PostgREST never has two to choose
-- from. import_post calls it with three arguments, which the default completes.
drop function public.create_post(text, jsonb, uuid);

create function public.create_post(caption text, images jsonb, post_id uuid default null,
                                   location text default null)
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

  -- The location is tidied (and a too-long one refused) by the tidy_post_location trigger.
  insert into public.posts (id, user_id, image_url, thumb_url, width, height, placeholder,
                            alt_text, caption, location)
  select new_id, uid, p.image_url, p.thumb_url, p.width, p.height, p.placeholder,
         nullif(btrim(p.alt_text), ''), nullif(btrim(create_post.caption), ''),
         create_post.location
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

revoke all on function public.create_post(text, jsonb, uuid, text) from public, anon;
grant execute on function public.create_post(text, jsonb, uuid, text) to authenticated, service_role;

------------------------------------------------------------------------------------------------
-- edit_post(post_id, caption, alt_texts, location): the location joins the one statement
------------------------------------------------------------------------------------------------

drop function public.edit_post(uuid, text, text[]);

-- SECURITY INVOKER: the posts and post_images policies decide, exactly as for direct updates.
-- alt_texts[1] is photo 0; a null array leaves the alt texts as they are. A null location
-- leaves the location as it is (a caller that does not know it changes nothing); a blank one
-- clears it.
create function public.edit_post(post_id uuid, caption text, alt_texts text[] default null,
                                 location text default null)
returns public.posts
language plpgsql
security invoker
set search_path = ''
as $$
declare
  edited public.posts;
begin
  update public.posts p
  set caption = nullif(btrim(edit_post.caption), ''),
      alt_text = case when alt_texts is null then p.alt_text
                      else nullif(btrim(alt_texts[1]), '') end,
      location = coalesce(edit_post.location, p.location)
  where p.id = edit_post.post_id
  returning * into edited;
  if not found then
    raise exception 'This post does not exist or is not yours' using errcode = '42501';
  end if;
  if alt_texts is not null then
    update public.post_images i
    set alt_text = nullif(btrim(alt_texts[i.position + 1]), '')
    where i.post_id = edit_post.post_id;
  end if;
  return edited;
end
$$;

revoke all on function public.edit_post(uuid, text, text[], text) from public, anon;
grant execute on function public.edit_post(uuid, text, text[], text) to authenticated, service_role;
