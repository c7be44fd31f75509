-- Sign in with a username, and deleting one's own account (issue #27, issue #24 point 7).
--
-- 1. public.sign_in_email(login, password): GoTrue signs in with an email only. To sign in with
--    a username the app needs that user's email, which must never be told to a stranger. So the
--    database checks the password itself (the bcrypt hash in auth.users, with pgcrypto's crypt,
--    which reads GoTrue's `$2a$` hashes) and gives the email only to a caller who knows the
--    password. The app then signs in through GoTrue as usual (which checks again and issues the
--    session). Usernames are public (profiles are readable by anyone), so saying that no account
--    has a username reveals nothing. Failed guesses are counted per account and refused after
--    ten in fifteen minutes, because this route has no GoTrue rate limit in front of it.
-- 2. public.verify_password(password): whether the signed-in caller's password is this one, for
--    "Change password" (which asks for the current one first). Same count of failures.
-- 3. public.delete_account(password): deletes the caller's auth user after checking the
--    password (and, for a user with a verified second factor, an aal2 session); false for a
--    wrong password. Every row of the
--    user goes with it through the `on delete cascade` foreign keys; every storage object in the
--    user's folders ({kind}/{user id}/…: posts, stories, avatars) is queued in
--    app_private.storage_removals, whose drain removes it through the Storage API (the local
--    backend at once, a hosted project from its scheduled function), since hosted storage
--    refuses direct deletes from storage.objects.

create extension if not exists pgcrypto with schema extensions;

create table app_private.sign_in_failures (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  failed_at timestamptz not null default now()
);

create index sign_in_failures_user_time on app_private.sign_in_failures (user_id, failed_at);

comment on table app_private.sign_in_failures is
  'Wrong passwords given to public.sign_in_email, to refuse guessing (10 per 15 minutes).';

revoke all on table app_private.sign_in_failures from public, anon, authenticated;

-- Whether `password` is the user's: bcrypt through pgcrypto. A user without a password
-- (anonymous, or invited and not yet set up) never matches.
create or replace function app_private.password_matches(user_id uuid, password text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select u.encrypted_password is not null
            and u.encrypted_password <> ''
            and extensions.crypt(password, u.encrypted_password) = u.encrypted_password
       from auth.users u
      where u.id = user_id),
    false)
$$;

revoke all on function app_private.password_matches(uuid, text)
  from public, anon, authenticated;

-- password_matches, refused after ten wrong passwords for the account in fifteen minutes, and
-- counting this one when wrong: every route that takes a password from a client goes here.
create or replace function app_private.check_password(user_id uuid, password text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  delete from app_private.sign_in_failures f
   where f.user_id = check_password.user_id and f.failed_at < now() - interval '15 minutes';
  if (select count(*) from app_private.sign_in_failures f
       where f.user_id = check_password.user_id) >= 10 then
    raise exception 'Too many wrong passwords for this account. Try again later.'
      using errcode = 'P0001', hint = 'too_many_attempts';
  end if;
  if app_private.password_matches(check_password.user_id, password) then
    return true;
  end if;
  insert into app_private.sign_in_failures (user_id) values (check_password.user_id);
  return false;
end
$$;

revoke all on function app_private.check_password(uuid, text)
  from public, anon, authenticated;

create or replace function public.sign_in_email(login text, password text)
returns table (account_exists boolean, email text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(login, '')));
  found_id uuid;
  found_email text;
begin
  if left(wanted, 1) = '@' then
    wanted := substr(wanted, 2);
  end if;
  select u.id, u.email into found_id, found_email
    from public.profiles p
    join auth.users u on u.id = p.id
   where p.username = wanted;
  if found_id is null or found_email is null then
    return query select false, null::text;
    return;
  end if;
  if app_private.check_password(found_id, password) then
    return query select true, found_email;
  else
    return query select true, null::text;
  end if;
end
$$;

comment on function public.sign_in_email(text, text) is
  'The email of the account with this username, only when password is its password.';

revoke all on function public.sign_in_email(text, text) from public;
grant execute on function public.sign_in_email(text, text) to anon, authenticated;

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
  return app_private.check_password(me, password);
end
$$;

comment on function public.verify_password(text) is
  'Whether password is the signed-in caller''s password (counted against guessing).';

revoke all on function public.verify_password(text) from public, anon;
grant execute on function public.verify_password(text) to authenticated;

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

comment on function public.delete_account(text) is
  'Deletes the caller''s account, rows and stored photos, after checking the password.';

revoke all on function public.delete_account(text) from public, anon;
grant execute on function public.delete_account(text) to authenticated;
