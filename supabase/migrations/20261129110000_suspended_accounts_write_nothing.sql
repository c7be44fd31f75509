-- A suspended account writes nothing, whatever its token, from the moment it is suspended.
--
-- Before, only inserts into posts, comments, likes, follows, follow requests, stories, reports
-- and people tags were refused: a suspended person whose access token still lived could still
-- message, save, upload, edit their bio, add word filters, unfollow, delete, and so on.
--
-- 1. `app_rules.caller_may_write()` answers true, or raises "Your account is suspended" (42501,
--    hint `account_suspended`) when the caller's profile is suspended. One primary-key lookup,
--    once per statement (the policies wrap it in a sub-select).
-- 2. A RESTRICTIVE policy per table and command the API roles may write calls it: INSERT and
--    UPDATE in WITH CHECK, DELETE in USING. It is ANDed with every permissive policy, so REST,
--    every SECURITY INVOKER rpc, storage (storage.objects) and realtime broadcast and presence
--    on private channels (realtime.messages) are refused alike. The insert-only policies it
--    replaces answered with the bare "new row violates row-level security policy".
--    tests/support/db-lints.ts (suspended_writer_unrestricted) fails for a table that lacks it.
-- 3. The SECURITY DEFINER rpcs in `public` that write for their caller skip row-level security,
--    so each calls it itself: approve_follow_request, delete_account, and the moderators' calls
--    through app_private.require_moderator (a suspended moderator moderates nothing). The
--    direct-message thread functions (start_direct_thread, add_direct_participants) are the
--    thread rules' to change.
-- 4. public.moderation_lift_suspension(person): a moderator lifts a suspension (profile and
--    sign-in ban together).
--
-- What a suspended person keeps, as on the network for a disabled account: reading their own
-- data (and so exporting it, "Your information"), and signing out. They cannot delete the
-- account while it is suspended: the account and what it made are what the moderators decided
-- about, and deleting would free its username and e-mail for a new sign-up (docs/moderation.md).

create or replace function app_rules.caller_may_write()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.profiles p
             where p.id = (select auth.uid()) and p.suspended_at is not null) then
    raise exception 'Your account is suspended, so you can''t make changes'
      using errcode = '42501', hint = 'account_suspended';
  end if;
  return true;
end
$$;

comment on function app_rules.caller_may_write() is
  'True, or raises 42501 "Your account is suspended" (hint account_suspended) for a suspended caller. Every write policy and writing SECURITY DEFINER rpc calls it.';

revoke all on function app_rules.caller_may_write() from public;
grant execute on function app_rules.caller_may_write() to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- The policies: one per table and command the API roles write
------------------------------------------------------------------------------------------------

drop policy "Suspended accounts do not post" on public.posts;
drop policy "Suspended accounts do not comment" on public.comments;
drop policy "Suspended accounts do not like" on public.likes;
drop policy "Suspended accounts do not follow" on public.follows;
drop policy "Suspended accounts do not ask to follow" on public.follow_requests;
drop policy "Suspended accounts do not post stories" on public.stories;
drop policy "Suspended accounts do not report" on public.reports;
drop policy "Suspended accounts do not tag people" on public.post_people_tags;

do $$
declare
  target record;
  command text;
begin
  for target in
    select * from (values
      ('public', 'blocks', array['insert', 'delete']),
      ('public', 'close_friends', array['insert', 'delete']),
      ('public', 'comment_likes', array['insert', 'delete']),
      ('public', 'comments', array['insert', 'delete']),
      ('public', 'content_settings', array['insert', 'update']),
      ('public', 'direct_messages', array['insert', 'delete']),
      ('public', 'direct_participants', array['update']),
      ('public', 'direct_reactions', array['insert', 'delete']),
      ('public', 'direct_threads', array['update']),
      ('public', 'follow_requests', array['insert', 'delete']),
      ('public', 'follows', array['insert', 'delete']),
      ('public', 'likes', array['insert', 'delete']),
      ('public', 'mutes', array['insert', 'update', 'delete']),
      ('public', 'notifications', array['update']),
      ('public', 'post_images', array['insert', 'update']),
      ('public', 'post_people_tags', array['insert', 'update', 'delete']),
      ('public', 'posts', array['insert', 'update', 'delete']),
      ('public', 'profiles', array['update']),
      ('public', 'reports', array['insert']),
      ('public', 'saves', array['insert', 'delete']),
      ('public', 'stories', array['insert', 'delete']),
      ('public', 'story_views', array['insert']),
      ('public', 'word_filters', array['insert', 'delete']),
      ('storage', 'objects', array['insert', 'update', 'delete']),
      ('realtime', 'messages', array['insert'])
    ) as t (schema_name, table_name, commands)
  loop
    -- realtime.messages is there on hosted projects and once the local Realtime bootstrap ran
    -- (as in 20261126150100); elsewhere there is nothing to guard.
    if to_regclass(format('%I.%I', target.schema_name, target.table_name)) is null then
      continue;
    end if;
    foreach command in array target.commands loop
      execute format(
        'create policy %I on %I.%I as restrictive for %s to authenticated %s',
        case command
          when 'insert' then 'Suspended accounts add nothing'
          when 'update' then 'Suspended accounts change nothing'
          else 'Suspended accounts remove nothing'
        end,
        target.schema_name, target.table_name, command,
        case command
          when 'delete' then 'using ((select app_rules.caller_may_write()))'
          else 'with check ((select app_rules.caller_may_write()))'
        end
      );
    end loop;
  end loop;
end
$$;

------------------------------------------------------------------------------------------------
-- The SECURITY DEFINER rpcs that write for their caller
------------------------------------------------------------------------------------------------

-- A suspended requester's request is hidden from its target (20261129110100), so it is not
-- there to approve either.
create or replace function public.approve_follow_request(requester uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
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

create or replace function public.delete_account(password text)
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
    raise exception 'Sign in to delete your account.' using errcode = '42501';
  end if;
  perform app_rules.caller_may_write();
  -- A wrong password answers false rather than raising, so the failure it counts is kept.
  if not app_private.check_password(me, password) then
    return false;
  end if;
  if exists (select 1 from auth.mfa_factors f where f.user_id = me and f.status::text = 'verified')
     and coalesce((select auth.jwt()) ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'Enter your two-factor code first.' using errcode = '42501',
      hint = 'insufficient_aal';
  end if;
  insert into app_private.storage_removals (bucket_id, name)
  select o.bucket_id, o.name
    from storage.objects o
   where (storage.foldername(o.name))[2] = me::text or o.owner = me;
  perform pg_notify('storage_removals', '');
  delete from auth.users u where u.id = me;
  return true;
end
$$;

-- Every moderator call starts here: a suspended moderator moderates nothing.
create or replace function app_private.require_moderator()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not app_rules.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;
  perform app_rules.caller_may_write();
end
$$;

------------------------------------------------------------------------------------------------
-- Lifting a suspension
------------------------------------------------------------------------------------------------

-- Clears the profile's suspension and the sign-in ban together: everything the person made is
-- seen again, and they may sign in and write.
create or replace function public.moderation_lift_suspension(person uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform app_private.require_moderator();
  update public.profiles set suspended_at = null
  where id = person and suspended_at is not null;
  if not found then
    raise exception 'This account isn''t suspended' using errcode = 'PT404';
  end if;
  update auth.users set banned_until = null where id = person;
end
$$;

comment on function public.moderation_lift_suspension(uuid) is
  'Moderators only: lifts the suspension of person (profiles.suspended_at and the sign-in ban).';

revoke all on function public.moderation_lift_suspension(uuid) from public, anon;
grant execute on function public.moderation_lift_suspension(uuid) to authenticated, service_role;
