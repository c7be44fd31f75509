-- Blocking (issue #25, point 1).
--
-- 1. public.blocks (blocker_id, blocked_id): a person blocks as themselves, reads and removes
--    only their own blocks. The blocked person is never told and cannot read who blocked them.
-- 2. app_rules: the small SECURITY DEFINER checks the policies of this and the next migrations
--    call. They must be callable by the API roles (a policy runs as the querying role), so they
--    cannot live in app_private; app_rules is not an exposed schema (PostgREST serves public
--    only), and every check answers only about the caller (auth.uid()), never about two other
--    people, so calling one by hand reveals nothing the caller could not see anyway.
-- 3. Blocking ends an existing follow both ways (a trigger), and app_private.notify tells
--    nobody about anything done across a block (likes, follows, comments, replies, mentions).
-- Hiding each other's rows everywhere is in 20261126120300_visibility.sql.

create schema if not exists app_rules;
revoke all on schema app_rules from public;
grant usage on schema app_rules to anon, authenticated, service_role;

create table public.blocks (
  blocker_id uuid not null references public.profiles (id) on delete cascade,
  blocked_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  constraint blocks_not_self check (blocker_id <> blocked_id)
);

-- The primary key answers "whom did I block"; this one "who blocked me".
create index blocks_blocked_id_idx on public.blocks (blocked_id, blocker_id);

revoke insert, update, delete on public.blocks from anon, authenticated;
grant insert (blocker_id, blocked_id) on public.blocks to authenticated;
grant delete on public.blocks to authenticated;

alter table public.blocks enable row level security;

create policy "Blockers read their own blocks" on public.blocks
  for select to authenticated using (blocker_id = (select auth.uid()));
create policy "Users block as themselves" on public.blocks
  for insert to authenticated with check (blocker_id = (select auth.uid()));
create policy "Blockers unblock" on public.blocks
  for delete to authenticated using (blocker_id = (select auth.uid()));

------------------------------------------------------------------------------------------------
-- The checks the policies call
------------------------------------------------------------------------------------------------

-- Everyone the caller blocked or was blocked by; empty for anon. Policies call it wrapped in a
-- sub-select, `(select app_rules.block_partners())`, so it runs once per statement.
create or replace function app_rules.block_partners()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(x.id), '{}'::uuid[])
  from (
    select b.blocked_id as id from public.blocks b where b.blocker_id = (select auth.uid())
    union all
    select b.blocker_id from public.blocks b where b.blocked_id = (select auth.uid())
  ) x
$$;

-- Whether the caller and `other` are on the two sides of a block, in either direction.
create or replace function app_rules.blocked_with(other uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.blocks b
    where (b.blocker_id = (select auth.uid()) and b.blocked_id = other)
       or (b.blocker_id = other and b.blocked_id = (select auth.uid()))
  )
$$;

revoke all on all functions in schema app_rules from public;
grant execute on all functions in schema app_rules to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- A block ends the follows between the two people, both ways
------------------------------------------------------------------------------------------------

create or replace function app_private.end_follows_on_block()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.follows f
  where (f.follower_id = new.blocker_id and f.following_id = new.blocked_id)
     or (f.follower_id = new.blocked_id and f.following_id = new.blocker_id);
  return null;
end
$$;

create trigger on_block_end_follows
  after insert on public.blocks
  for each row execute function app_private.end_follows_on_block();

------------------------------------------------------------------------------------------------
-- Nobody is notified across a block
------------------------------------------------------------------------------------------------

-- As 20261123130000_activity_and_realtime.sql's notify, plus: no notification when recipient and
-- actor are on the two sides of a block (a blocked person's mention, like or reply tells nobody).
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
    select 1 from public.blocks b
    where (b.blocker_id = recipient and b.blocked_id = actor)
       or (b.blocker_id = actor and b.blocked_id = recipient)
  ) then
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

revoke all on function app_private.end_follows_on_block() from public, anon, authenticated;
revoke all on function app_private.notify(uuid, uuid, text, uuid, uuid)
  from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- The blocker's list, with names (the blocked profiles themselves are hidden from the blocker)
------------------------------------------------------------------------------------------------

create or replace function public.blocked_accounts()
returns table (id uuid, username text, full_name text, avatar_url text, blocked_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.username, p.full_name, p.avatar_url, b.created_at
  from public.blocks b
  join public.profiles p on p.id = b.blocked_id
  where b.blocker_id = (select auth.uid())
  order by b.created_at desc
  limit 1000
$$;

revoke all on function public.blocked_accounts() from public, anon;
grant execute on function public.blocked_accounts() to authenticated, service_role;
