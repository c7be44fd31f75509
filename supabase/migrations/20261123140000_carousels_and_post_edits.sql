-- Posts of up to ten photos, alt text, and caption edits by the author.
--
-- 1. post_images holds every photo of a post made by create_post(), position 0..9. The post row
--    keeps a copy of photo 0 (image_url, thumb_url, width, height, placeholder, alt_text), so a
--    reader that knows nothing of carousels still shows the first photo. Single-photo posts made
--    before this migration have no post_images rows; readers fall back to the post row.
-- 2. create_post() inserts the post and all its photos in one transaction (all or nothing). It
--    runs as the caller (SECURITY INVOKER), so the posts and post_images policies apply as to any
--    insert; on top it checks that every URL is in the caller's own storage folder. It is the
--    only way to add photos: a trigger refuses a post_images row unless create_post is inserting
--    it in this transaction (a transaction-local setting no API request can set), so a post's
--    photos cannot change after it is published. image_count is kept by a trigger, not written
--    by clients.
-- 3. The author may edit the caption and the alt text (edit_post(), or a plain update of those
--    columns); edited_at is stamped by a trigger whenever the caption really changes.

alter table public.posts
  add column alt_text text constraint posts_alt_text_length check (char_length(alt_text) <= 1000),
  add column edited_at timestamptz,
  add column image_count smallint not null default 1
    constraint posts_image_count_range check (image_count between 1 and 10);

grant insert (alt_text), update (alt_text) on public.posts to authenticated;

create table public.post_images (
  post_id uuid not null references public.posts (id) on delete cascade,
  position smallint not null constraint post_images_position_range check (position between 0 and 9),
  image_url text not null,
  thumb_url text,
  width integer,
  height integer,
  placeholder text,
  alt_text text constraint post_images_alt_text_length check (char_length(alt_text) <= 1000),
  primary key (post_id, position),
  -- Public URLs of this project's storage only, never an arbitrary address to hotlink.
  constraint post_images_image_url_storage check (
    image_url ~ '^https?://[^/?#\s]+/storage/v1/object/public/' and char_length(image_url) <= 2048
  ),
  constraint post_images_thumb_url_storage check (
    thumb_url ~ '^https?://[^/?#\s]+/storage/v1/object/public/' and char_length(thumb_url) <= 2048
  ),
  constraint post_images_dimensions_valid check (
    (width is null) = (height is null)
    and (width is null or (width between 1 and 20000 and height between 1 and 20000))
  ),
  constraint post_images_placeholder_format check (placeholder ~ '^[A-Za-z0-9+/]{4,64}={0,2}$')
);

alter table public.post_images enable row level security;

revoke insert, update, delete on public.post_images from anon, authenticated;
grant insert (post_id, position, image_url, thumb_url, width, height, placeholder, alt_text)
  on public.post_images to authenticated;
grant update (alt_text) on public.post_images to authenticated;

create policy "Post images are readable by everyone" on public.post_images
  for select to anon, authenticated using (true);
create policy "Authors add photos to their own posts" on public.post_images
  for insert to authenticated
  with check (exists (select 1 from public.posts p
                      where p.id = post_images.post_id and p.user_id = (select auth.uid())));
create policy "Authors edit the alt text of their own photos" on public.post_images
  for update to authenticated
  using (exists (select 1 from public.posts p
                 where p.id = post_images.post_id and p.user_id = (select auth.uid())))
  with check (exists (select 1 from public.posts p
                      where p.id = post_images.post_id and p.user_id = (select auth.uid())));

------------------------------------------------------------------------------------------------
-- edited_at: stamped by the database, so a client can neither forget nor fake it
------------------------------------------------------------------------------------------------

create or replace function app_private.stamp_post_edit()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.caption is distinct from old.caption then
    new.edited_at := now();
  end if;
  return new;
end
$$;

create trigger on_post_edited
  before update on public.posts
  for each row execute function app_private.stamp_post_edit();

revoke all on function app_private.stamp_post_edit() from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Photos are added only by create_post, and image_count follows them
------------------------------------------------------------------------------------------------

-- The setting is transaction-local and named outside the request.* namespace, the only one
-- PostgREST lets a request set; so only create_post's own transaction can pass this check.
create or replace function app_private.guard_post_images()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_setting('app.creating_post', true) is distinct from new.post_id::text then
    raise exception 'Photos are added with their post, through create_post'
      using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger before_post_image_inserted
  before insert on public.post_images
  for each row execute function app_private.guard_post_images();

create or replace function app_private.count_post_images()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.posts p
  set image_count = greatest((select count(*) from public.post_images i where i.post_id = p.id), 1)
  where p.id = new.post_id;
  return null;
end
$$;

create trigger on_post_image_inserted
  after insert on public.post_images
  for each row execute function app_private.count_post_images();

revoke all on function app_private.guard_post_images() from public, anon, authenticated;
revoke all on function app_private.count_post_images() from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- create_post(caption, images): the whole post or nothing
------------------------------------------------------------------------------------------------

-- images: [{image_url, thumb_url?, width?, height?, placeholder?, alt_text?}, ...] in display
-- order. Table checks enforce each field's shape, the policies who may insert; this function
-- adds that every photo is in the caller's own folder.
create or replace function public.create_post(caption text, images jsonb)
returns public.posts
language plpgsql
security invoker
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  own_folder text;
  photo jsonb;
  created public.posts;
begin
  if uid is null then
    raise exception 'Sign in to post' using errcode = '42501';
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

  insert into public.posts (user_id, image_url, thumb_url, width, height, placeholder, alt_text,
                            caption)
  select uid, p.image_url, p.thumb_url, p.width, p.height, p.placeholder,
         nullif(btrim(p.alt_text), ''), nullif(btrim(caption), '')
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
  select * into created from public.posts where id = created.id;
  return created;
end
$$;

revoke all on function public.create_post(text, jsonb) from public, anon;
grant execute on function public.create_post(text, jsonb) to authenticated, service_role;

------------------------------------------------------------------------------------------------
-- edit_post(post_id, caption, alt_texts): caption and every photo's alt text in one statement
------------------------------------------------------------------------------------------------

-- SECURITY INVOKER: the posts and post_images policies decide, exactly as for direct updates.
-- alt_texts[1] is photo 0; a null array leaves the alt texts as they are.
create or replace function public.edit_post(post_id uuid, caption text, alt_texts text[] default null)
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
                      else nullif(btrim(alt_texts[1]), '') end
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

revoke all on function public.edit_post(uuid, text, text[]) from public, anon;
grant execute on function public.edit_post(uuid, text, text[]) to authenticated, service_role;
