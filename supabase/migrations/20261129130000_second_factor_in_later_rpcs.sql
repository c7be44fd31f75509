-- Four SECURITY DEFINER rpcs were redefined after migration 20261129100000 made every rpc that
-- acts for its caller ask for the second factor first, and lost that first line: the thread
-- rules (start_direct_thread, add_direct_participants, migration 20261129120000) and the
-- suspension's (approve_follow_request, moderation_lift_suspension, migration 20261129110000).
-- Each is the same definition with app_private.require_second_factor() called first; the lint
-- definer_rpc_skips_second_factor (tests/support/db-lints.ts) found them.

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
  perform app_private.require_second_factor();
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
  perform app_private.require_second_factor();
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


create or replace function public.approve_follow_request(requester uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  perform app_private.require_second_factor();
  perform app_rules.caller_may_write();
  if not exists (
    select 1 from public.follow_requests r
    join public.profiles p on p.id = r.requester_id
    where r.requester_id = requester and r.target_id = caller and p.suspended_at is null
  ) then
    raise exception 'This follow request no longer exists' using errcode = 'PT404';
  end if;
  perform app_private.make_approved_follow(requester, caller);
end
$$;


create or replace function public.moderation_lift_suspension(person uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform app_private.require_second_factor();
  perform app_private.require_moderator();
  update public.profiles set suspended_at = null
  where id = person and suspended_at is not null;
  if not found then
    raise exception 'This account isn''t suspended' using errcode = 'PT404';
  end if;
  update auth.users set banned_until = null where id = person;
end
$$;
