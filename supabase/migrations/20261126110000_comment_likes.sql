-- Likes on comments, and activity lines that quote the comment.
--
-- 1. comment_likes: one row per person per comment. Readable wherever the comment is (the
--    policy reads comments as the caller, so any rule that hides a comment hides its likes);
--    written only by the liker, for themselves; comments.likes_count kept exact by a trigger,
--    as posts.likes_count is. set_comment_like(comment, liked) sets (never toggles) and answers
--    with the new count, so the app reconciles its optimistic ±1 without a re-read.
-- 2. A like on a comment notifies the comment's author ('comment_like'), and unliking takes the
--    unread notification back, through the same app_private.sync_notification as post likes.
-- 3. activity_page() also answers the newest comment's text (comment_body), so a line reads
--    "ana commented: nice one"; likes on different comments of one post are separate lines.
--    comments.likes_count changes stream on the existing comments publication.

alter table public.comments
  add column likes_count integer not null default 0
    constraint comments_likes_count_not_negative check (likes_count >= 0);

-- Its own id, like public.likes: with (user_id, comment_id) as the primary key PostgREST would
-- see a many-to-many between comments and profiles through it, and embedding a comment's author
-- (`profiles(...)`) would become ambiguous (PGRST201).
create table public.comment_likes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  comment_id uuid not null references public.comments (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint comment_likes_user_comment_unique unique (user_id, comment_id)
);

create index comment_likes_comment_id_idx on public.comment_likes (comment_id);

------------------------------------------------------------------------------------------------
-- likes_count: the row lock taken by the UPDATE serialises concurrent likes on one comment
------------------------------------------------------------------------------------------------

create or replace function app_private.update_comment_likes_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.comments set likes_count = likes_count + 1 where id = new.comment_id;
    return new;
  end if;
  -- When the comment itself is being deleted this updates nothing, which is what we want.
  update public.comments set likes_count = greatest(likes_count - 1, 0)
  where id = old.comment_id;
  return old;
end
$$;

create trigger on_comment_like_changed
  after insert or delete on public.comment_likes
  for each row execute function app_private.update_comment_likes_count();

------------------------------------------------------------------------------------------------
-- Rights: anyone reads where the comment is visible; the liker alone adds or removes their like
------------------------------------------------------------------------------------------------

revoke insert, update on public.comment_likes from anon, authenticated;
grant insert (user_id, comment_id) on public.comment_likes to authenticated;

alter table public.comment_likes enable row level security;

-- The subquery runs as the caller, so the comments policies decide which likes show.
create policy "Comment likes are readable where the comment is" on public.comment_likes
  for select to anon, authenticated
  using (exists (select 1 from public.comments c where c.id = comment_likes.comment_id));
create policy "Users like comments as themselves" on public.comment_likes
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.comments c where c.id = comment_likes.comment_id)
  );
create policy "Users remove their own comment likes" on public.comment_likes
  for delete to authenticated using (user_id = (select auth.uid()));

------------------------------------------------------------------------------------------------
-- One request per like: set, not toggle
------------------------------------------------------------------------------------------------

create or replace function public.set_comment_like(target_comment_id uuid, should_like boolean)
returns table (liked boolean, likes_count integer)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to like comments' using errcode = '42501';
  end if;
  if should_like is null or target_comment_id is null then
    raise exception 'set_comment_like needs a comment and true or false' using errcode = '22004';
  end if;
  if should_like then
    insert into public.comment_likes (user_id, comment_id)
    values (caller, target_comment_id)
    on conflict on constraint comment_likes_user_comment_unique do nothing;
  else
    delete from public.comment_likes l
    where l.user_id = caller and l.comment_id = target_comment_id;
  end if;
  liked := should_like;
  select c.likes_count into likes_count from public.comments c where c.id = target_comment_id;
  if not found then
    raise exception 'This comment no longer exists' using errcode = 'P0002';
  end if;
  return next;
end
$$;

revoke all on function public.set_comment_like(uuid, boolean) from public, anon;
grant execute on function public.set_comment_like(uuid, boolean) to authenticated;

------------------------------------------------------------------------------------------------
-- Notifications: "ana liked your comment"
------------------------------------------------------------------------------------------------

alter table public.notifications drop constraint notifications_type_valid;
alter table public.notifications add constraint notifications_type_valid
  check (type in ('like', 'comment', 'reply', 'mention', 'follow', 'comment_like'));

create or replace function app_private.notify_comment_like()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.comment_likes := case when tg_op = 'DELETE' then old else new end;
  liked_comment record;
begin
  -- When the comment is being deleted it is not found: its unread notifications are taken
  -- back by comment id (app_private.unnotify_comment).
  select c.user_id, c.post_id into liked_comment
  from public.comments c where c.id = changed.comment_id;
  if found then
    perform app_private.sync_notification(
      tg_op, liked_comment.user_id, changed.user_id, 'comment_like', liked_comment.post_id,
      changed.comment_id
    );
  end if;
  return null;
end
$$;

create trigger on_comment_like_notify
  after insert or delete on public.comment_likes
  for each row execute function app_private.notify_comment_like();

revoke all on function app_private.update_comment_likes_count() from public, anon, authenticated;
revoke all on function app_private.notify_comment_like() from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- activity_page: the comment's text, and one line per liked comment
------------------------------------------------------------------------------------------------

drop function public.activity_page(timestamptz, text, integer);

create function public.activity_page(
  before_latest_at timestamptz default null,
  before_group_key text default null,
  page_size integer default 20
)
returns table (
  group_key text,
  type text,
  post_id uuid,
  comment_id uuid,
  comment_body text,
  latest_at timestamptz,
  actor_count integer,
  unread_count integer,
  actors jsonb,
  post_image_url text,
  post_thumb_url text
)
language sql
stable
security invoker
set search_path = ''
as $$
  with grouped as (
    select n.type || ':' || coalesce(n.post_id::text, '')
             || coalesce(':' || (case when n.type = 'comment_like' then n.comment_id end)::text, '')
             as group_key,
           n.type,
           n.post_id,
           (array_agg(n.comment_id order by n.created_at desc, n.id desc))[1] as comment_id,
           max(n.created_at) as latest_at,
           count(distinct n.actor_id)::integer as actor_count,
           count(*) filter (where n.read_at is null)::integer as unread_count,
           (array_agg(n.actor_id order by n.created_at desc, n.id desc))[1:3] as recent_actors
    from public.notifications n
    where n.recipient_id = (select auth.uid())
    group by n.type, n.post_id, (case when n.type = 'comment_like' then n.comment_id end)
  )
  select g.group_key, g.type, g.post_id, g.comment_id, c.body, g.latest_at, g.actor_count,
         g.unread_count,
         coalesce((
           select jsonb_agg(jsonb_build_object('id', pr.id, 'username', pr.username,
                                               'full_name', pr.full_name,
                                               'avatar_url', pr.avatar_url)
                            order by a.ord)
           from (select distinct on (x.actor) x.actor, x.ord
                 from unnest(g.recent_actors) with ordinality as x(actor, ord)
                 order by x.actor, x.ord) a
           join public.profiles pr on pr.id = a.actor
         ), '[]'::jsonb) as actors,
         p.image_url, p.thumb_url
  from grouped g
  left join public.posts p on p.id = g.post_id
  -- Read as the caller: a comment they may not see is not quoted.
  left join public.comments c on c.id = g.comment_id
  where before_latest_at is null
     or (g.latest_at, g.group_key) < (before_latest_at, coalesce(before_group_key, ''))
  order by g.latest_at desc, g.group_key desc
  limit least(greatest(coalesce(page_size, 20), 1), 100)
$$;

revoke all on function public.activity_page(timestamptz, text, integer) from public, anon;
grant execute on function public.activity_page(timestamptz, text, integer)
  to authenticated, service_role;
