// GoTrue's core tables in the auth schema (users, identities, sessions, refresh tokens) and the
// auth.jwt(), auth.uid(), auth.role() and auth.email() helpers that policies call: what hosted
// Supabase already has before an app's migrations run. Part of the bootstrap (bootstrap.ts).

import { authAdminOnly } from './bootstrap-policies'

/**
 * auth.<name>(): one claim of the request's JWT, from its own setting (older PostgREST) or from
 * the claims object, as Supabase defines these helpers.
 */
const claimFunction = (name: string, claim: string, type: 'uuid' | 'text'): string => `
create or replace function auth.${name}() returns ${type}
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.${claim}', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> '${claim}')
  )::${type}
$$;`

export const AUTH = `
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role, supabase_auth_admin;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  confirmed_at timestamptz generated always as (email_confirmed_at) stored,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text default null,
  is_anonymous boolean not null default false,
  deleted_at timestamptz,
  banned_until timestamptz
);

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique,
  user_id uuid references auth.users (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

grant all on all tables in schema auth to supabase_auth_admin;
grant all on all sequences in schema auth to supabase_auth_admin;
${authAdminOnly(['auth.users', 'auth.identities', 'auth.sessions', 'auth.refresh_tokens'])}

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

${claimFunction('uid', 'sub', 'uuid')}
${claimFunction('role', 'role', 'text')}
${claimFunction('email', 'email', 'text')}

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role, supabase_auth_admin;
`
