-- Activity and live data.
--
-- 1. notifications: one row per thing that happened to a user (a like on their post, a new
--    follower; comments, replies and mentions once the comments table exists). Written only by
--    triggers through app_private.notify(); the recipient reads its rows and marks them read.
-- 2. activity_page(): the activity panel's grouped read ("ana and 3 others liked your photo"),
--    keyset-paged; mark_activity_read() for when the panel opens.
-- 3. The app's tables join the supabase_realtime publication, so hosted Realtime streams their
--    changes (the local backend reads the same publication to know what to stream).

------------------------------------------------------------------------------------------------
-- Table
------------------------------------------------------------------------------------------------

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  actor_id uuid not null references public.profiles (id) on delete cascade,
  type text not null
    constraint notifications_type_valid
    check (type in ('like', 'comment', 'reply', 'mention', 'follow')),
  post_id uuid references public.posts (id) on delete cascade,
  -- No foreign key yet: the comments table arrives in a later migration, which can add one.
  comment_id uuid,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notifications_not_self check (recipient_id <> actor_id),
  -- A follow is about the recipient; everything else is about a post.
  constraint notifications_post_matches_type check ((type = 'follow') = (post_id is null))
);

-- The panel pages a recipient's rows newest first; the partial index answers "any unread?".
create index notifications_recipient_created_idx
  on public.notifications (recipient_id, created_at desc, id desc);
create index notifications_unread_idx
  on public.notifications (recipient_id) where read_at is null;
create index notifications_actor_id_idx on public.notifications (actor_id);
create index notifications_post_id_idx on public.notifications (post_id);
create index notifications_comment_id_idx on public.notifications (comment_id);

------------------------------------------------------------------------------------------------
-- Rights: only the recipient reads its rows and may set read_at; nobody inserts or deletes
------------------------------------------------------------------------------------------------

alter table public.notifications enable row level security;

revoke insert, update, delete, truncate on public.notifications from anon, authenticated;
grant update (read_at) on public.notifications to authenticated;

create policy "Recipients read their notifications" on public.notifications
  for select to authenticated using (recipient_id = (select auth.uid()));
create policy "Recipients mark their notifications read" on public.notifications
  for update to authenticated
  using (recipient_id = (select auth.uid())) with check (recipient_id = (select auth.uid()));

------------------------------------------------------------------------------------------------
-- Writing notifications (SECURITY DEFINER: the acting user has no insert right)
------------------------------------------------------------------------------------------------

-- The one entry point for creating a notification, for these triggers and for later ones
-- (comments, replies, mentions). Acting on your own things notifies nobody, and an identical
-- unread notification is not repeated (like, unlike, like again).
create or replace function app_private.notify(
  recipient uuid,
  actor uuid,
  kind text,
  post_id uuid,
  comment_id uuid
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if recipient is null or actor is null or recipient = actor then
    return;
  end if;
  if exists (
    select 1 from public.notifications n
    where n.recipient_id = recipient and n.actor_id = actor and n.type = kind
      and n.post_id is not distinct from notify.post_id
      and n.comment_id is not distinct from notify.comment_id
      and n.read_at is null
  ) then
    return;
  end if;
  insert into public.notifications (recipient_id, actor_id, type, post_id, comment_id)
  values (recipient, actor, kind, notify.post_id, notify.comment_id);
end
$$;

-- Undoing the action (unlike, unfollow, deleting a comment) takes back the notification the
-- recipient has not seen yet; one already read stays in their history.
create or replace function app_private.unnotify(
  recipient uuid,
  actor uuid,
  kind text,
  post_id uuid,
  comment_id uuid
)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.notifications n
  where n.recipient_id = recipient and n.actor_id = actor and n.type = kind
    and n.post_id is not distinct from unnotify.post_id
    and n.comment_id is not distinct from unnotify.comment_id
    and n.read_at is null
$$;

create or replace function app_private.notify_like()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  author uuid;
begin
  if tg_op = 'INSERT' then
    select p.user_id into author from public.posts p where p.id = new.post_id;
    perform app_private.notify(author, new.user_id, 'like', new.post_id, null);
    return new;
  end if;
  -- When the post itself is being deleted its notifications go with it (on delete cascade).
  select p.user_id into author from public.posts p where p.id = old.post_id;
  perform app_private.unnotify(author, old.user_id, 'like', old.post_id, null);
  return old;
end
$$;

create trigger on_like_notify
  after insert or delete on public.likes
  for each row execute function app_private.notify_like();

create or replace function app_private.notify_follow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.notify(new.following_id, new.follower_id, 'follow', null, null);
    return new;
  end if;
  perform app_private.unnotify(old.following_id, old.follower_id, 'follow', null, null);
  return old;
end
$$;

create trigger on_follow_notify
  after insert or delete on public.follows
  for each row execute function app_private.notify_follow();

revoke all on all functions in schema app_private from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Reading activity, grouped
------------------------------------------------------------------------------------------------

-- One row per (type, post): likes on one photo fold into "ana and 3 others liked your photo",
-- all follows into "ana and 3 others started following you". Newest group first, keyset-paged
-- on (latest_at, group_key): pass the last row's values to get the next page. SECURITY
-- INVOKER, so the notifications policy limits it to the caller's own rows.
create or replace function public.activity_page(
  before_latest_at timestamptz default null,
  before_group_key text default null,
  page_size integer default 20
)
returns table (
  group_key text,
  type text,
  post_id uuid,
  comment_id uuid,
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
    select n.type || ':' || coalesce(n.post_id::text, '') as group_key,
           n.type,
           n.post_id,
           (array_agg(n.comment_id order by n.created_at desc, n.id desc))[1] as comment_id,
           max(n.created_at) as latest_at,
           count(distinct n.actor_id)::integer as actor_count,
           count(*) filter (where n.read_at is null)::integer as unread_count,
           (array_agg(n.actor_id order by n.created_at desc, n.id desc))[1:3] as recent_actors
    from public.notifications n
    where n.recipient_id = (select auth.uid())
    group by n.type, n.post_id
  )
  select g.group_key, g.type, g.post_id, g.comment_id, g.latest_at, g.actor_count,
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
  where before_latest_at is null
     or (g.latest_at, g.group_key) < (before_latest_at, coalesce(before_group_key, ''))
  order by g.latest_at desc, g.group_key desc
  limit least(greatest(coalesce(page_size, 20), 1), 100)
$$;

revoke all on function public.activity_page(timestamptz, text, integer) from public, anon;
grant execute on function public.activity_page(timestamptz, text, integer)
  to authenticated, service_role;

-- Marks the caller's unread notifications read, those created up to `up_to` when given (what
-- the panel showed), so something arriving while it opens is not marked unseen. Returns how
-- many changed. Anon has no activity, so neither function is granted to it.
create or replace function public.mark_activity_read(up_to timestamptz default null)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with changed as (
    update public.notifications n
    set read_at = now()
    where n.recipient_id = (select auth.uid())
      and n.read_at is null
      and n.created_at <= coalesce(up_to, 'infinity'::timestamptz)
    returning 1
  )
  select count(*)::integer from changed
$$;

revoke all on function public.mark_activity_read(timestamptz) from public, anon;
grant execute on function public.mark_activity_read(timestamptz) to authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Realtime: stream the app's tables (hosted has the publication; plain Postgres may not)
------------------------------------------------------------------------------------------------

do $$
declare
  t text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach t in array array['posts', 'likes', 'follows', 'notifications'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
