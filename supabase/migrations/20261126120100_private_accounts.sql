-- Private accounts and follow requests (issue #25, point 4).
--
-- 1. profiles.is_private, set by the owner. Who may see a private account's posts, stories,
--    lists, likes and comments is in 20261126120300_visibility.sql; its header and counts stay
--    readable by everyone.
-- 2. follow_requests (requester_id, target_id): following a private account asks first. The
--    requester and the target read the request; the requester cancels it, the target declines
--    it (both a delete) or approves it (approve_follow_request, which makes the follow). The
--    target is told ('follow_request' in the activity panel).
-- 3. follow_profile(target) is the one way to follow: it follows a public account and asks a
--    private one, and says which ('following' or 'requested'). A plain insert into follows
--    towards a private account is refused (a trigger, with a readable message).
-- 4. Going private keeps the existing followers; going public approves every pending request.

alter table public.profiles
  add column is_private boolean not null default false;

grant update (is_private) on public.profiles to authenticated;

create table public.follow_requests (
  requester_id uuid not null references public.profiles (id) on delete cascade,
  target_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (requester_id, target_id),
  constraint follow_requests_not_self check (requester_id <> target_id)
);

create index follow_requests_target_idx on public.follow_requests (target_id, created_at desc);

revoke insert, update, delete on public.follow_requests from anon, authenticated;
grant insert (requester_id, target_id) on public.follow_requests to authenticated;
grant delete on public.follow_requests to authenticated;

alter table public.follow_requests enable row level security;

create policy "Requesters and targets read follow requests" on public.follow_requests
  for select to authenticated
  using (requester_id = (select auth.uid()) or target_id = (select auth.uid()));
create policy "Users ask to follow as themselves" on public.follow_requests
  for insert to authenticated with check (requester_id = (select auth.uid()));
create policy "Requesters cancel and targets decline follow requests" on public.follow_requests
  for delete to authenticated
  using (requester_id = (select auth.uid()) or target_id = (select auth.uid()));

------------------------------------------------------------------------------------------------
-- Activity: 'follow_request' tells the target
------------------------------------------------------------------------------------------------

alter table public.notifications drop constraint notifications_type_valid;
alter table public.notifications add constraint notifications_type_valid
  check (type in ('like', 'comment', 'reply', 'mention', 'follow', 'follow_request'));
alter table public.notifications drop constraint notifications_post_matches_type;
alter table public.notifications add constraint notifications_post_matches_type
  check ((type in ('follow', 'follow_request')) = (post_id is null));

create or replace function app_private.notify_follow_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.follow_requests := case when tg_op = 'DELETE' then old else new end;
begin
  perform app_private.sync_notification(
    tg_op, changed.target_id, changed.requester_id, 'follow_request', null, null
  );
  return null;
end
$$;

create trigger on_follow_request_notify
  after insert or delete on public.follow_requests
  for each row execute function app_private.notify_follow_request();

------------------------------------------------------------------------------------------------
-- Who may ask, and who may follow directly
------------------------------------------------------------------------------------------------

-- Runs as the caller, so a profile hidden by a block (or a suspension) is simply not found.
create or replace function app_private.guard_follow_request()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not exists (select 1 from public.profiles p where p.id = new.target_id) then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  if not exists (select 1 from public.profiles p where p.id = new.target_id and p.is_private) then
    raise exception 'This account is public: follow it directly' using errcode = '22023';
  end if;
  return new;
end
$$;

create trigger before_follow_request_inserted
  before insert on public.follow_requests
  for each row execute function app_private.guard_follow_request();

-- A follow of a private account is made only by its owner's approval (or by going public):
-- both set app.approving_follow to the pair in their own transaction, a setting no API request
-- can set (PostgREST lets requests set request.* only). A follow across a block is refused too.
create or replace function app_private.guard_follow()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  target_private boolean;
begin
  if current_setting('app.approving_follow', true)
     is not distinct from new.follower_id::text || ':' || new.following_id::text then
    return new;
  end if;
  if app_rules.blocked_with(new.following_id) then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  select p.is_private into target_private from public.profiles p where p.id = new.following_id;
  if not found then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  if target_private then
    raise exception 'This account is private: ask to follow it' using errcode = '42501',
      hint = 'Call follow_profile, which sends a follow request.';
  end if;
  return new;
end
$$;

create trigger before_follow_inserted
  before insert on public.follows
  for each row execute function app_private.guard_follow();

-- The one place a follow is made on someone's behalf (approval, going public).
create or replace function app_private.make_approved_follow(follower uuid, followed uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('app.approving_follow', follower::text || ':' || followed::text, true);
  insert into public.follows (follower_id, following_id) values (follower, followed)
  on conflict do nothing;
  perform set_config('app.approving_follow', '', true);
  delete from public.follow_requests r where r.requester_id = follower and r.target_id = followed;
end
$$;

-- Going public approves every pending request.
create or replace function app_private.approve_requests_on_going_public()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  pending record;
begin
  for pending in
    select r.requester_id from public.follow_requests r where r.target_id = new.id
  loop
    perform app_private.make_approved_follow(pending.requester_id, new.id);
  end loop;
  return null;
end
$$;

create trigger on_profile_made_public
  after update of is_private on public.profiles
  for each row when (old.is_private and not new.is_private)
  execute function app_private.approve_requests_on_going_public();

revoke all on function app_private.notify_follow_request() from public, anon, authenticated;
revoke all on function app_private.guard_follow_request() from public, anon, authenticated;
revoke all on function app_private.guard_follow() from public, anon, authenticated;
revoke all on function app_private.make_approved_follow(uuid, uuid) from public, anon, authenticated;
revoke all on function app_private.approve_requests_on_going_public()
  from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- The calls the app makes
------------------------------------------------------------------------------------------------

-- Follows `target` when it is public, asks when it is private; says which. Following or asking
-- twice is not an error. SECURITY INVOKER: the policies and guards above decide.
create or replace function public.follow_profile(target uuid)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  target_private boolean;
begin
  if caller is null then
    raise exception 'Sign in to follow people' using errcode = '42501';
  end if;
  if caller = target then
    raise exception 'You can''t follow yourself' using errcode = '22023';
  end if;
  select p.is_private into target_private from public.profiles p where p.id = target;
  if not found then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.follows f where f.follower_id = caller and f.following_id = target)
  then
    return 'following';
  end if;
  if target_private then
    insert into public.follow_requests (requester_id, target_id) values (caller, target)
    on conflict do nothing;
    return 'requested';
  end if;
  insert into public.follows (follower_id, following_id) values (caller, target)
  on conflict do nothing;
  return 'following';
end
$$;

revoke all on function public.follow_profile(uuid) from public, anon;
grant execute on function public.follow_profile(uuid) to authenticated, service_role;

-- The target approves a request: the requester now follows them. SECURITY DEFINER, because the
-- follow is the requester's row; it checks that the caller is the request's target.
create or replace function public.approve_follow_request(requester uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if not exists (
    select 1 from public.follow_requests r
    where r.requester_id = requester and r.target_id = caller
  ) then
    raise exception 'This follow request no longer exists' using errcode = 'PT404';
  end if;
  perform app_private.make_approved_follow(requester, caller);
end
$$;

revoke all on function public.approve_follow_request(uuid) from public, anon;
grant execute on function public.approve_follow_request(uuid) to authenticated, service_role;

-- The caller's pending requests, with who asked, newest first.
create or replace function public.follow_requests_page(page_size integer default 50)
returns table (id uuid, username text, full_name text, avatar_url text, requested_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.id, p.username, p.full_name, p.avatar_url, r.created_at
  from public.follow_requests r
  join public.profiles p on p.id = r.requester_id
  where r.target_id = (select auth.uid())
  order by r.created_at desc, r.requester_id desc
  limit least(greatest(coalesce(page_size, 50), 1), 200)
$$;

revoke all on function public.follow_requests_page(integer) from public, anon;
grant execute on function public.follow_requests_page(integer) to authenticated, service_role;

do $$
begin
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'follow_requests'
  ) then
    alter publication supabase_realtime add table public.follow_requests;
  end if;
end
$$;

-- A block also drops the pending follow requests between the two people, both ways.
create or replace function app_private.end_follow_requests_on_block()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.follow_requests r
  where (r.requester_id = new.blocker_id and r.target_id = new.blocked_id)
     or (r.requester_id = new.blocked_id and r.target_id = new.blocker_id);
  return null;
end
$$;

create trigger on_block_end_follow_requests
  after insert on public.blocks
  for each row execute function app_private.end_follow_requests_on_block();

revoke all on function app_private.end_follow_requests_on_block() from public, anon, authenticated;
