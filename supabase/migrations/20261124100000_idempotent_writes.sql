-- Idempotent writes for the offline outbox: a client names its new post or comment with an id it
-- generated (a v4 uuid), so a retry after a lost response finds the row it already made instead
-- of making a second one.
-- 1. Clients may insert the id of posts and comments. It is the primary key, so choosing an id
--    that is already taken (by anyone) fails with a unique violation; the RLS insert policies
--    still make the row the caller's own. Nothing else about the rows changes.
-- 2. create_post() takes the post's id. When a post with that id is already the caller's, it is
--    returned as it is (the earlier attempt reached the server); when it is somebody else's, the
--    call fails and reveals nothing but that the id is taken.

grant insert (id) on public.posts to authenticated;
grant insert (id) on public.comments to authenticated;

drop function public.create_post(text, jsonb);

create or replace function public.create_post(caption text, images jsonb, post_id uuid default null)
returns public.posts
language plpgsql
security invoker
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  new_id uuid := coalesce(create_post.post_id, gen_random_uuid());
  own_folder text;
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
  own_folder := '/storage/v1/object/public/images/posts/' || uid::text || '/';
  for photo in select value from jsonb_array_elements(images) loop
    if jsonb_typeof(photo) is distinct from 'object'
       or position(own_folder in coalesce(photo ->> 'image_url', '')) = 0
       or (photo ? 'thumb_url' and jsonb_typeof(photo -> 'thumb_url') <> 'null'
           and position(own_folder in coalesce(photo ->> 'thumb_url', '')) = 0) then
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
