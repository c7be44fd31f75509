-- Wrong passwords are counted per source and account, as GoTrue limits by address. Ten wrong
-- passwords from anyone used to lock that account's username sign-in for everyone for fifteen
-- minutes, the right password included: a stranger could keep anyone out. Now a source that
-- guessed ten times wrong for an account is refused for it; the owner signing in from
-- elsewhere is not. A source is also refused for every account after fifty wrong passwords in
-- fifteen minutes, so one caller cannot try ten passwords on each of many accounts.
--
-- The source is the caller's address as the gateway forwards it in the request headers
-- (PostgREST's request.headers): Cloudflare's CF-Connecting-IP on a hosted project, which no
-- client can set, else the first address of X-Forwarded-For. The local backend is its own
-- gateway and sets X-Forwarded-For to the peer's address, dropping any address header a client
-- sent (src/backend/http/client-address.ts). A call without request headers (SQL run by hand)
-- counts as the source 'unknown'.
--
-- Redefines app_private.check_password (sign_in_email, verify_password and delete_account call
-- it, unchanged); its signature and answers stay the same.

alter table app_private.sign_in_failures add column source text not null default 'unknown';

create index sign_in_failures_user_source_time
  on app_private.sign_in_failures (user_id, source, failed_at);
create index sign_in_failures_source_time on app_private.sign_in_failures (source, failed_at);
-- The new index leads with user_id, so it serves the foreign key and the per-account cleanup.
drop index app_private.sign_in_failures_user_time;

comment on table app_private.sign_in_failures is
  'Wrong passwords given to public.sign_in_email, verify_password and delete_account, by account '
  'and source, to refuse guessing (10 per account and source, 50 per source, per 15 minutes).';

-- The caller's address as the gateway forwarded it; bounded, since a header is the client's.
create or replace function app_private.request_source()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select left(coalesce(
           nullif(btrim(h ->> 'cf-connecting-ip'), ''),
           nullif(btrim(split_part(h ->> 'x-forwarded-for', ',', 1)), ''),
           'unknown'), 64)
    from (select nullif(current_setting('request.headers', true), '')::json as h) as request
$$;

revoke all on function app_private.request_source() from public, anon, authenticated;

create or replace function app_private.check_password(user_id uuid, password text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller_source text := app_private.request_source();
begin
  delete from app_private.sign_in_failures f
   where f.user_id = check_password.user_id and f.failed_at < now() - interval '15 minutes';
  delete from app_private.sign_in_failures f
   where f.source = caller_source and f.failed_at < now() - interval '15 minutes';
  if (select count(*) from app_private.sign_in_failures f
       where f.user_id = check_password.user_id and f.source = caller_source) >= 10
     or (select count(*) from app_private.sign_in_failures f
          where f.source = caller_source) >= 50 then
    raise exception 'Too many wrong passwords from here. Try again later.'
      using errcode = 'P0001', hint = 'too_many_attempts';
  end if;
  if app_private.password_matches(check_password.user_id, password) then
    return true;
  end if;
  insert into app_private.sign_in_failures (user_id, source)
  values (check_password.user_id, caller_source);
  return false;
end
$$;

revoke all on function app_private.check_password(uuid, text)
  from public, anon, authenticated;
