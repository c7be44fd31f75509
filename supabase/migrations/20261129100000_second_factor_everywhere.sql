-- Two-factor means two factors: a person with a verified factor whose session is still aal1
-- (the password given, the code not yet) may only finish the challenge. GoTrue answers the auth
-- routes (PUT /user, factor changes); this is the data's half, as Supabase's MFA guide shows it:
--
-- 1. app_rules.second_factor_satisfied(): true unless the caller has a verified factor and a
--    session below aal2. The lookup is SECURITY DEFINER (remember_second_factor) because no
--    API role may read auth.mfa_factors (on hosted projects either: the guide's inline subquery
--    fails there with "permission denied for table mfa_factors"), and made once per transaction
--    and caller; a token without an `aal` claim counts as aal1.
-- 2. One RESTRICTIVE policy for every command, to authenticated, on every table the API roles
--    reach: each public table, storage.objects and storage.buckets (every bucket), and
--    realtime.messages (private channels). Realtime delivery selects a changed row back as its
--    subscriber, so it follows. The check is wrapped in a sub-select, so Postgres evaluates it
--    once per statement (an InitPlan), never per row. tests/support/db-lints.ts
--    (second_factor_policy_missing) fails for any reachable table without it.
-- 3. app_private.require_second_factor(), called first by each SECURITY DEFINER rpc in public
--    that acts for its caller (those bypass RLS): approve_follow_request, blocked_accounts,
--    moderation_reports, moderation_resolve, add_direct_participants, start_direct_thread and
--    verify_password, redefined below with that one line added. delete_account checks the
--    same itself; sign_in_email is called signed out. The lint
--    definer_rpc_skips_second_factor keeps future ones from forgetting.

-- The lookup, once per transaction and caller: whether the caller has a verified factor (read
-- first: most people have none, and then the claims' JSON is never parsed) and, if so, an aal2
-- session. Kept in transaction-local settings beside the caller's key, as the reader lists are
-- (app_rules.reader_key, migration 20261127180000).
create or replace function app_rules.remember_second_factor()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  satisfied boolean :=
    not exists (select 1 from auth.mfa_factors f
                 where f.user_id = auth.uid() and f.status = 'verified')
    or coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2';
  -- Assignments, not PERFORM: a plain expression needs no executor of its own.
  kept text := set_config('app_rules.second_factor', satisfied::text, true);
  key text := set_config('app_rules.second_factor_key', app_rules.reader_key(), true);
begin
  return satisfied;
end
$$;

revoke all on function app_rules.remember_second_factor() from public, anon;
grant execute on function app_rules.remember_second_factor() to authenticated, service_role;

-- What the policies ask, once per statement: a plain SQL function Postgres inlines, reading
-- the kept answer while its key is the caller's, and looking it up otherwise.
create or replace function app_rules.second_factor_satisfied()
returns boolean
language sql
stable
begin atomic
  select case
    when current_setting('app_rules.second_factor_key', true) = app_rules.reader_key()
      then current_setting('app_rules.second_factor', true) = 'true'
    else app_rules.remember_second_factor()
  end;
end;

comment on function app_rules.second_factor_satisfied() is
  'False while the caller has a verified second factor and an aal1 session.';

revoke all on function app_rules.second_factor_satisfied() from public, anon;
grant execute on function app_rules.second_factor_satisfied() to authenticated, service_role;

-- True, or an error PostgREST answers with 403 and the hint GoTrue's code names.
create or replace function app_private.require_second_factor()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not app_rules.second_factor_satisfied() then
    raise exception 'Enter your two-factor code first.'
      using errcode = '42501', hint = 'insufficient_aal';
  end if;
  return true;
end
$$;

revoke all on function app_private.require_second_factor() from public, anon, authenticated;

do $$
declare
  reachable regclass;
begin
  for reachable in
    select c.oid::regclass
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p')
       and not c.relispartition
       and (n.nspname = 'public'
            or (n.nspname, c.relname) in (('storage', 'objects'), ('storage', 'buckets'),
                                          ('realtime', 'messages')))
  loop
    execute format(
      'create policy "Second factor required once enrolled" on %s as restrictive for all
         to authenticated
         using ((select app_rules.second_factor_satisfied()))
         with check ((select app_rules.second_factor_satisfied()))',
      reachable);
  end loop;
end
$$;

-- The SECURITY DEFINER rpcs that act for their caller, as they were, with the check first.

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
  if not exists (
    select 1 from public.follow_requests r
    where r.requester_id = requester and r.target_id = caller
  ) then
    raise exception 'This follow request no longer exists' using errcode = 'PT404';
  end if;
  perform app_private.make_approved_follow(requester, caller);
end
$$;

-- SQL, so the check is a condition on no column: a one-time filter that runs before any row.
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
    and (select app_private.require_second_factor())
  order by b.created_at desc
  limit 1000
$$;

create or replace function public.moderation_reports(page_size integer default 50)
returns table (
  report_id uuid, target_type text, target_id uuid, reason text, details text,
  reported_at timestamptz, report_count integer, reporter_username text, author_id uuid,
  author_username text, author_suspended boolean, content_text text, content_image_url text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform app_private.require_second_factor();
  perform app_private.require_moderator();
  return query
  with open_targets as (
    select distinct on (r.target_type, r.target_id)
           r.id, r.target_type, r.target_id, r.reason, r.details, r.created_at, r.reporter_id,
           count(*) over (partition by r.target_type, r.target_id)::integer as n,
           min(r.created_at) over (partition by r.target_type, r.target_id) as first_at
    from public.reports r
    where r.status = 'open'
    order by r.target_type, r.target_id, r.created_at desc
  ),
  content as (
    select o.*,
           coalesce(po.user_id, co.user_id, st.user_id, pr.id) as author,
           coalesce(po.caption, co.body, st.caption, pr.bio) as body,
           coalesce(po.thumb_url, po.image_url, st.thumb_url, st.image_url, pr.avatar_url) as image
    from open_targets o
    left join public.posts po on o.target_type = 'post' and po.id = o.target_id
    left join public.comments co on o.target_type = 'comment' and co.id = o.target_id
    left join public.stories st on o.target_type = 'story' and st.id = o.target_id
    left join public.profiles pr on o.target_type = 'profile' and pr.id = o.target_id
  )
  select c.id, c.target_type, c.target_id, c.reason, c.details, c.created_at, c.n,
         rp.username, c.author, au.username, au.suspended_at is not null, c.body, c.image
  from content c
  left join public.profiles rp on rp.id = c.reporter_id
  left join public.profiles au on au.id = c.author
  order by c.first_at, c.id
  limit least(greatest(coalesce(page_size, 50), 1), 200);
end
$$;

create or replace function public.moderation_resolve(report uuid, action text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
  author uuid;
  closed integer;
begin
  perform app_private.require_second_factor();
  perform app_private.require_moderator();
  if action not in ('dismiss', 'remove', 'suspend') then
    raise exception 'action must be dismiss, remove or suspend' using errcode = '22023';
  end if;
  select r.target_type, r.target_id into target
  from public.reports r where r.id = report and r.status = 'open';
  if not found then
    raise exception 'This report is already resolved' using errcode = 'PT404';
  end if;
  author := case target.target_type
    when 'post' then (select p.user_id from public.posts p where p.id = target.target_id)
    when 'comment' then (select c.user_id from public.comments c where c.id = target.target_id)
    when 'story' then (select s.user_id from public.stories s where s.id = target.target_id)
    else target.target_id
  end;
  if action = 'remove' then
    if target.target_type = 'profile' then
      raise exception 'A profile is suspended, not removed' using errcode = '22023';
    end if;
    delete from public.posts p where target.target_type = 'post' and p.id = target.target_id;
    delete from public.comments c where target.target_type = 'comment' and c.id = target.target_id;
    delete from public.stories s where target.target_type = 'story' and s.id = target.target_id;
  elsif action = 'suspend' then
    if author is null then
      raise exception 'The reported content is gone; dismiss the report' using errcode = '22023';
    end if;
    update public.profiles set suspended_at = coalesce(suspended_at, now()) where id = author;
    update auth.users set banned_until = now() + interval '100 years' where id = author;
  end if;
  update public.reports r
  set status = case action when 'dismiss' then 'dismissed'
                           when 'remove' then 'removed' else 'suspended' end,
      resolved_at = now(),
      resolved_by = auth.uid()
  where r.target_type = target.target_type and r.target_id = target.target_id
    and r.status = 'open';
  get diagnostics closed = row_count;
  return closed;
end
$$;

create or replace function public.add_direct_participants(thread uuid, user_ids uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.require_second_factor();
  if not app_rules.can_send_direct(thread)
     or not exists (select 1 from public.direct_threads t where t.id = thread and t.is_group) then
    raise exception 'Only people in a group can add others to it' using errcode = '42501';
  end if;
  if exists (select 1 from unnest(user_ids) u where app_rules.direct_blocked_between(auth.uid(), u)) then
    raise exception 'You cannot add this person' using errcode = '42501';
  end if;
  insert into public.direct_participants (thread_id, user_id, state)
  select thread, p.id, 'accepted' from public.profiles p where p.id = any(user_ids)
  on conflict (thread_id, user_id) do update set left_at = null, joined_at = now();
  if (select count(*) from public.direct_participants p
      where p.thread_id = thread and p.left_at is null) > 32 then
    raise exception 'A group has at most 32 people' using errcode = '22023';
  end if;
end
$$;

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
  found_id uuid;
  group_thread boolean;
begin
  if caller is null then
    raise exception 'Sign in to send messages' using errcode = '42501';
  end if;
  perform app_private.require_second_factor();
  select coalesce(array_agg(distinct r), '{}') into recipients
  from unnest(recipient_ids) as r where r is not null and r <> caller;
  if cardinality(recipients) not between 1 and 31 then
    raise exception 'A conversation has from 2 to 32 people' using errcode = '22023';
  end if;
  if (select count(*) from public.profiles p where p.id = any(recipients)) <> cardinality(recipients) then
    raise exception 'Some of these people do not exist' using errcode = 'PT404';
  end if;
  if exists (select 1 from unnest(recipients) r where app_rules.direct_blocked_between(caller, r)) then
    raise exception 'You cannot message this person' using errcode = '42501';
  end if;
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
  select found_id, r,
         case when exists (select 1 from public.follows f
                           where f.follower_id = r and f.following_id = caller)
              then 'accepted' else 'request' end
  from unnest(recipients) as r;
  return found_id;
end
$$;

create or replace function public.verify_password(password text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'Sign in first.' using errcode = '42501';
  end if;
  perform app_private.require_second_factor();
  return app_private.check_password(me, password);
end
$$;
