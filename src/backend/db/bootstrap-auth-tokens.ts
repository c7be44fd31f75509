// What hosted GoTrue keeps for mailed links and codes: auth.one_time_tokens (its shape) and the
// auth.users columns that say when each kind of mail was last sent and which email change is
// pending. Part of the bootstrap rather than a migration: these belong to the auth schema that
// hosted Supabase owns, where an app's migration may not alter them.

import { authAdminOnly } from './bootstrap-policies'

export const AUTH_ONE_TIME_TOKENS = `
do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                  where n.nspname = 'auth' and t.typname = 'one_time_token_type') then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token');
  end if;
end
$$;

alter table auth.users add column if not exists invited_at timestamptz;
alter table auth.users add column if not exists recovery_sent_at timestamptz;
alter table auth.users add column if not exists email_change varchar(255) default '';
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;

-- token_hash holds sha256 of what the mail carries, so a database dump holds no usable link.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_hash_idx
  on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx
  on auth.one_time_tokens using hash (relates_to);
grant all on auth.one_time_tokens to supabase_auth_admin;
${authAdminOnly(['auth.one_time_tokens'])}

-- Confirmation links mailed before tokens moved here keep working (same hash of the same token).
insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at)
select id, 'confirmation_token', confirmation_token, email,
       coalesce(confirmation_sent_at, now()) at time zone 'UTC'
  from auth.users
 where confirmation_token is not null and confirmation_token <> '' and email is not null
on conflict (user_id, token_type) do nothing;
update auth.users set confirmation_token = ''
 where confirmation_token is not null and confirmation_token <> '';
`
