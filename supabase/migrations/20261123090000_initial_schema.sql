-- The app's schema: profiles, posts, likes and follows, with row-level security, the triggers
-- that keep profiles and like counts right, and the images bucket with its policies.
-- Valid on PostgreSQL 15 as hosted Supabase runs it, and on the local backend (PGlite).

-- Functions that must run with elevated rights live outside the exposed schema, so PostgREST
-- never offers them as rpc endpoints.
create schema if not exists app_private;
revoke all on schema app_private from public;

------------------------------------------------------------------------------------------------
-- Tables
------------------------------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null unique
    constraint profiles_username_format check (username ~ '^[a-z0-9._]{3,30}$'),
  full_name text,
  avatar_url text,
  bio text constraint profiles_bio_length check (char_length(bio) <= 150),
  created_at timestamptz not null default now()
);

create table public.posts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  image_url text not null,
  caption text constraint posts_caption_length check (char_length(caption) <= 500),
  likes_count integer not null default 0 constraint posts_likes_count_not_negative check (likes_count >= 0),
  comments_count integer not null default 0
    constraint posts_comments_count_not_negative check (comments_count >= 0),
  created_at timestamptz not null default now()
);

create table public.likes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  post_id uuid not null references public.posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint likes_user_post_unique unique (user_id, post_id)
);

create table public.follows (
  follower_id uuid not null references public.profiles (id) on delete cascade,
  following_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, following_id),
  constraint follows_not_self check (follower_id <> following_id)
);

------------------------------------------------------------------------------------------------
-- Indexes (the unique and primary keys above cover likes by user and follows by follower)
------------------------------------------------------------------------------------------------

create index posts_feed_order_idx on public.posts (created_at desc, id desc);
create index posts_user_id_created_at_idx on public.posts (user_id, created_at desc);
create index likes_post_id_idx on public.likes (post_id);
create index follows_following_id_idx on public.follows (following_id);

------------------------------------------------------------------------------------------------
-- Triggers
------------------------------------------------------------------------------------------------

-- Creates the profile from the sign-up metadata. SECURITY DEFINER because the auth server
-- inserts users as supabase_auth_admin, which has no rights on public tables.
create or replace function app_private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted text := lower(trim(coalesce(new.raw_user_meta_data ->> 'username', '')));
begin
  if wanted !~ '^[a-z0-9._]{3,30}$' then
    wanted := 'user_' || left(replace(new.id::text, '-', ''), 12);
  end if;
  insert into public.profiles (id, username, full_name)
  values (new.id, wanted, nullif(trim(new.raw_user_meta_data ->> 'full_name'), ''));
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function app_private.handle_new_user();

-- Keeps posts.likes_count equal to the number of likes rows. The row lock taken by the
-- UPDATE serialises concurrent likes on one post, so the count stays exact.
create or replace function app_private.update_likes_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.posts set likes_count = likes_count + 1 where id = new.post_id;
    return new;
  end if;
  update public.posts set likes_count = greatest(likes_count - 1, 0) where id = old.post_id;
  return old;
end
$$;

create trigger on_like_changed
  after insert or delete on public.likes
  for each row execute function app_private.update_likes_count();

revoke all on all functions in schema app_private from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Column rights: clients never write counters, ids or owners
------------------------------------------------------------------------------------------------

revoke insert, update on public.profiles from anon, authenticated;
grant update (username, full_name, avatar_url, bio) on public.profiles to authenticated;

revoke insert, update on public.posts from anon, authenticated;
grant insert (user_id, image_url, caption) on public.posts to authenticated;
grant update (caption) on public.posts to authenticated;

revoke insert, update on public.likes from anon, authenticated;
grant insert (user_id, post_id) on public.likes to authenticated;

revoke insert, update on public.follows from anon, authenticated;
grant insert (follower_id, following_id) on public.follows to authenticated;

------------------------------------------------------------------------------------------------
-- Row-level security: anyone reads; a signed-in user writes only their own rows
------------------------------------------------------------------------------------------------

alter table public.profiles enable row level security;
alter table public.posts enable row level security;
alter table public.likes enable row level security;
alter table public.follows enable row level security;

create policy "Profiles are readable by everyone" on public.profiles
  for select to anon, authenticated using (true);
create policy "Users update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

create policy "Posts are readable by everyone" on public.posts
  for select to anon, authenticated using (true);
create policy "Users create their own posts" on public.posts
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users edit their own posts" on public.posts
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Users delete their own posts" on public.posts
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "Likes are readable by everyone" on public.likes
  for select to anon, authenticated using (true);
create policy "Users like as themselves" on public.likes
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users remove their own likes" on public.likes
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "Follows are readable by everyone" on public.follows
  for select to anon, authenticated using (true);
create policy "Users follow as themselves" on public.follows
  for insert to authenticated with check (follower_id = (select auth.uid()));
create policy "Users unfollow as themselves" on public.follows
  for delete to authenticated using (follower_id = (select auth.uid()));

------------------------------------------------------------------------------------------------
-- Storage: a public images bucket; uploads only under posts/{own uid}/
------------------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('images', 'images', true, 10485760,
        array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Users upload images into their own posts folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] = 'posts'
    and (storage.foldername(name))[2] = (select auth.uid()::text)
  );

-- Public URLs bypass RLS; through the API a user sees (and can list) only their own objects.
create policy "Users see their own images" on storage.objects
  for select to authenticated
  using (bucket_id = 'images' and owner_id = (select auth.uid()::text));

create policy "Users delete their own images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'images' and owner_id = (select auth.uid()::text));
