-- One rule for every way into a direct-message thread, and no direct-message write while
-- suspended.
--
-- People enter a thread in four ways: someone starts it with them (start_direct_thread, which
-- sharing a post and replying to a story also go through), a member adds them to a group
-- (add_direct_participants), and a new one-to-one message brings back someone who had deleted
-- the thread (app_private.after_direct_message). Each of them asked its own question before:
-- adding put anyone into a group as accepted (a private stranger straight into someone's inbox)
-- and checked blocks only against the one adding, so a member could add the person another
-- member had blocked, who then read the thread and left the blocker unable to send. Now all of
-- them ask app_rules.direct_entry, which answers for one person entering among some members:
--   'unavailable'  the person does not exist, is suspended, or has blocked (or been blocked by)
--                  the one bringing them in: answered exactly as an unknown id (PT404), so
--                  nobody learns that an account they cannot see exists;
--   'refused'      the person has blocked, or been blocked by, another member: refused with a
--                  readable 42501 naming them (the one adding can see them);
--   'accepted'     the person follows the one bringing them in: the thread is in their inbox;
--   'request'      anyone else, public or private: the thread is in their Requests.
-- New members read the thread's history, as on Instagram: a group is one shared conversation,
-- and whoever lets a stranger in is a member; a stranger lands in Requests, where they read the
-- thread before they accept it, as any request.
--
-- In a one-to-one thread the other person counts even after they deleted it, so a message never
-- crosses a block to bring them back. A suspended person (public.profiles.suspended_at) neither
-- starts, adds, sends (shares and story replies are messages), hearts, unsends, renames, changes
-- a thread's reading state nor types in a thread's room, whatever token they hold.

------------------------------------------------------------------------------------------------
-- The rule
------------------------------------------------------------------------------------------------

create or replace function app_rules.direct_entry(person uuid, members uuid[], brought_by uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when person is not distinct from brought_by then 'accepted'
    when person is null
      or not exists (select 1 from public.profiles p
                     where p.id = person and p.suspended_at is null)
      or app_rules.direct_blocked_between(person, brought_by) then 'unavailable'
    when exists (
      select 1 from public.blocks b
      where (b.blocker_id = person and b.blocked_id = any (members))
         or (b.blocked_id = person and b.blocker_id = any (members))
    ) then 'refused'
    when exists (select 1 from public.follows f
                 where f.follower_id = person and f.following_id = brought_by) then 'accepted'
    else 'request'
  end
$$;

comment on function app_rules.direct_entry(uuid, uuid[], uuid) is
  'How `person` enters a thread whose members are `members`, brought in by `brought_by`: '
  'unavailable (answered as an unknown id), refused (a block with a member), accepted (they '
  'follow brought_by) or request.';

revoke all on function app_rules.direct_entry(uuid, uuid[], uuid) from public, anon;
grant execute on function app_rules.direct_entry(uuid, uuid[], uuid) to authenticated, service_role;

-- The refusals every entry path raises, worded once.
create or replace function app_private.refuse_direct_entry(person uuid, entry text, several boolean)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if entry = 'unavailable' then
    raise exception '%', case when several then 'One of these accounts isn''t available'
                              else 'This account isn''t available' end
      using errcode = 'PT404';
  elsif entry = 'refused' then
    raise exception 'You can''t add @% to this conversation',
      (select p.username from public.profiles p where p.id = person)
      using errcode = '42501';
  end if;
end
$$;

revoke all on function app_private.refuse_direct_entry(uuid, text, boolean)
  from public, anon, authenticated;

create or replace function app_private.refuse_suspended_direct()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if app_rules.caller_suspended() then
    raise exception 'Your account is suspended' using errcode = '42501',
      hint = 'A suspended account cannot write messages until a moderator lifts it.';
  end if;
end
$$;

revoke all on function app_private.refuse_suspended_direct() from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Sending: in a one-to-one thread the other person counts even once they deleted it
------------------------------------------------------------------------------------------------

create or replace function app_rules.can_send_direct(thread uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.direct_participants me
    where me.thread_id = thread and me.user_id = auth.uid()
      and me.left_at is null and me.state = 'accepted'
  )
  and not exists (
    select 1
    from public.direct_participants other
    join public.direct_threads t on t.id = other.thread_id
    where other.thread_id = thread and other.user_id <> auth.uid()
      and (other.left_at is null or not t.is_group)
      and app_rules.direct_blocked_between(auth.uid(), other.user_id)
  )
$$;

------------------------------------------------------------------------------------------------
-- The ways in
------------------------------------------------------------------------------------------------

create or replace function public.start_direct_thread(
  recipient_ids uuid[],
  thread_name text default null,
  new_thread_id uuid default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  recipients uuid[];
  members uuid[];
  found_id uuid;
  group_thread boolean;
  entry record;
begin
  if caller is null then
    raise exception 'Sign in to send messages' using errcode = '42501';
  end if;
  perform app_private.refuse_suspended_direct();
  select coalesce(array_agg(distinct r), '{}') into recipients
  from unnest(recipient_ids) as r where r is not null and r <> caller;
  if cardinality(recipients) not between 1 and 31 then
    raise exception 'A conversation has from 2 to 32 people' using errcode = '22023';
  end if;
  members := recipients || caller;
  -- Unavailable first, so a refusal never names someone next to an account the caller cannot see.
  for entry in
    select r as person, app_rules.direct_entry(r, members, caller) as state
    from unnest(recipients) as r
    order by app_rules.direct_entry(r, members, caller) <> 'unavailable', r
  loop
    perform app_private.refuse_direct_entry(entry.person, entry.state, cardinality(recipients) > 1);
  end loop;
  thread_name := nullif(btrim(thread_name), '');
  group_thread := cardinality(recipients) > 1 or thread_name is not null;

  if new_thread_id is not null then
    select t.id into found_id from public.direct_threads t where t.id = new_thread_id;
    if found then
      if exists (select 1 from public.direct_participants p
                 where p.thread_id = found_id and p.user_id = caller) then
        return found_id;
      end if;
      raise exception 'This thread id is already taken' using errcode = '23505';
    end if;
  end if;

  if not group_thread then
    select t.id into found_id
    from public.direct_threads t
    join public.direct_participants a on a.thread_id = t.id and a.user_id = caller
    join public.direct_participants b on b.thread_id = t.id and b.user_id = recipients[1]
    where not t.is_group
    limit 1;
    if found then
      update public.direct_participants set left_at = null
      where thread_id = found_id and user_id = caller;
      return found_id;
    end if;
  end if;

  insert into public.direct_threads (id, created_by, is_group, name)
  values (coalesce(new_thread_id, gen_random_uuid()), caller, group_thread, thread_name)
  returning id into found_id;
  insert into public.direct_participants (thread_id, user_id, state)
  select found_id, caller, 'accepted'
  union all
  select found_id, r, app_rules.direct_entry(r, members, caller)
  from unnest(recipients) as r;
  return found_id;
end
$$;

-- Adds people to a group the caller may write in (never past 32 current participants). Each one
-- enters by the rule: someone who follows the caller in the inbox, anyone else in Requests.
-- People already in the group are left as they are; someone who had left comes back.
create or replace function public.add_direct_participants(thread uuid, user_ids uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  members uuid[];
  newcomers uuid[];
  entry record;
begin
  if caller is null then
    raise exception 'Sign in to send messages' using errcode = '42501';
  end if;
  perform app_private.refuse_suspended_direct();
  if not app_rules.can_send_direct(thread)
     or not exists (select 1 from public.direct_threads t where t.id = thread and t.is_group) then
    raise exception 'Only people in a group can add others to it' using errcode = '42501';
  end if;
  -- Serialises adds to one group, so two at once cannot both pass the cap or each other's blocks.
  perform 1 from public.direct_threads t where t.id = thread for update;
  select coalesce(array_agg(p.user_id), '{}') into members
  from public.direct_participants p where p.thread_id = thread and p.left_at is null;
  select coalesce(array_agg(distinct u), '{}') into newcomers
  from unnest(user_ids) as u where u is not null and not (u = any (members));
  if cardinality(newcomers) = 0 then
    return;
  end if;
  if cardinality(members) + cardinality(newcomers) > 32 then
    raise exception 'A group has at most 32 people' using errcode = '22023';
  end if;
  -- Each newcomer meets the members and the other newcomers (two who block each other cannot
  -- both come in); unavailable first, so a refusal never names someone next to an account the
  -- caller cannot see.
  members := members || newcomers;
  for entry in
    select u as person, app_rules.direct_entry(u, members, caller) as state
    from unnest(newcomers) as u
    order by app_rules.direct_entry(u, members, caller) <> 'unavailable', u
  loop
    perform app_private.refuse_direct_entry(entry.person, entry.state, cardinality(newcomers) > 1);
  end loop;
  insert into public.direct_participants (thread_id, user_id, state)
  select thread, u, app_rules.direct_entry(u, members, caller) from unnest(newcomers) as u
  on conflict (thread_id, user_id) do update
    set left_at = null, joined_at = now(), state = excluded.state;
end
$$;

-- A new one-to-one message brings back the other person if they had deleted the thread, by the
-- same rule: in their inbox if they follow the sender, else in Requests.
create or replace function app_private.after_direct_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.direct_threads set last_message_at = new.created_at where id = new.thread_id;
  update public.direct_participants p
  set left_at = null,
      state = app_rules.direct_entry(p.user_id, array[new.sender_id], new.sender_id)
  from public.direct_threads t
  where t.id = new.thread_id and not t.is_group
    and p.thread_id = new.thread_id and p.left_at is not null and p.user_id <> new.sender_id
    and app_rules.direct_entry(p.user_id, array[new.sender_id], new.sender_id)
        in ('accepted', 'request');
  return new;
end
$$;

------------------------------------------------------------------------------------------------
-- Suspension: no direct-message write, whatever the token
------------------------------------------------------------------------------------------------

create policy "Suspended accounts do not send messages" on public.direct_messages
  as restrictive for insert to authenticated
  with check (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not unsend messages" on public.direct_messages
  as restrictive for delete to authenticated
  using (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not heart messages" on public.direct_reactions
  as restrictive for insert to authenticated
  with check (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not take hearts back" on public.direct_reactions
  as restrictive for delete to authenticated
  using (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not rename groups" on public.direct_threads
  as restrictive for update to authenticated
  using (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not change their threads" on public.direct_participants
  as restrictive for update to authenticated
  using (not (select app_rules.caller_suspended()));

-- Typing and presence in a thread's room are writes too. The room policies exist only where
-- realtime.messages does (20261126150100_direct_rooms.sql).
do $$
begin
  if to_regclass('realtime.messages') is null then
    return;
  end if;
  execute $policy$
    create policy "Suspended accounts do not type in a thread's room" on realtime.messages
      as restrictive for insert to authenticated
      with check (not (select app_rules.caller_suspended())
                  or (select realtime.topic()) !~ '^direct:')
  $policy$;
end
$$;
