// What hosted Supabase already has before an app's migrations run: the API
// roles, the auth and storage schemas with their helper functions, and the grants that make
// RLS (not grants) the thing that protects app tables. Idempotent: it runs at every start.

import { createHash } from 'node:crypto'
import { AUTH_ONE_TIME_TOKENS } from './bootstrap-auth-tokens'
import { AUTH_MFA } from './bootstrap-mfa'
import { REALTIME_SCHEMA } from './bootstrap-realtime'
import { ROLE_SETTINGS } from './bootstrap-role-settings'
import type { Queryable } from './database'

// Roles belong to the whole server, not one database: two backends bootstrapping databases of one
// PostgreSQL server at once would both try to create them. The lock (held until this part's
// implicit transaction ends) makes the second wait and then find them.
const ROLES = `
select pg_advisory_xact_lock(7316001);
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I nologin noinherit', r);
    end if;
  end loop;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- Roles that migrations dumped from Supabase grant to or change owners to.
  foreach r in array array['supabase_admin', 'supabase_auth_admin', 'supabase_storage_admin',
                           'dashboard_user'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I nologin', r);
    end if;
  end loop;
end
$$;
alter role service_role bypassrls;
grant anon, authenticated, service_role to authenticator;
-- The sign-up insert runs as supabase_auth_admin, as on hosted Supabase, so app triggers on
-- auth.users that are not SECURITY DEFINER fail here exactly as they would there.
grant anon, authenticated, service_role, supabase_auth_admin to current_user;
`

const SCHEMAS = `
create schema if not exists extensions;
grant usage on schema public, extensions to anon, authenticated, service_role;
-- All but TRUNCATE (which ignores row-level security) for the API roles: migration
-- 20261126220100 takes it away on a hosted project, and a bootstrap that runs again on an
-- existing data folder (after an update changed it) must not hand it back.
alter default privileges in schema public grant all on tables to service_role;
alter default privileges in schema public
  grant select, insert, update, delete, references, trigger on tables to anon, authenticated;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
`

const AUTH = `
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

alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;

-- GoTrue's own role writes these tables; the API roles get nothing.
grant all on all tables in schema auth to supabase_auth_admin;
grant all on all sequences in schema auth to supabase_auth_admin;
drop policy if exists auth_admin_all on auth.users;
create policy auth_admin_all on auth.users to supabase_auth_admin using (true) with check (true);
drop policy if exists auth_admin_all on auth.identities;
create policy auth_admin_all on auth.identities to supabase_auth_admin using (true) with check (true);
drop policy if exists auth_admin_all on auth.sessions;
create policy auth_admin_all on auth.sessions to supabase_auth_admin using (true) with check (true);
drop policy if exists auth_admin_all on auth.refresh_tokens;
create policy auth_admin_all on auth.refresh_tokens to supabase_auth_admin using (true) with check (true);

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role, supabase_auth_admin;
`

const STORAGE = `
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  version text,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);
create index if not exists objects_bucket_name_idx on storage.objects (bucket_id, name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to service_role;
grant select, insert, update, delete, references, trigger on storage.buckets, storage.objects
  to anon, authenticated;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _filename text;
begin
  select storage.filename(name) into _filename;
  if position('.' in _filename) = 0 then
    return '';
  end if;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
`

const MIGRATIONS_TABLE = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);
`

const PARTS = [
  ROLES,
  ROLE_SETTINGS,
  SCHEMAS,
  AUTH,
  AUTH_ONE_TIME_TOKENS,
  AUTH_MFA,
  STORAGE,
  REALTIME_SCHEMA,
  MIGRATIONS_TABLE
]
/**
 * Which bootstrap a database has had, kept as the comment of the supabase_migrations schema:
 * a data folder that already has this exact bootstrap skips it, which shortens every start.
 */
const MARKER = `instaframe bootstrap ${createHash('sha256').update(PARTS.join('\n')).digest('hex').slice(0, 16)}`

async function hasThisBootstrap(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ note: string | null }>(
    `select obj_description(oid, 'pg_namespace') as note from pg_namespace
     where nspname = 'supabase_migrations'`
  )
  return rows[0]?.note === MARKER
}

/** Applies the bootstrap as the connecting superuser, before any app migration. */
export async function bootstrapDatabase(db: Queryable): Promise<void> {
  if (await hasThisBootstrap(db)) return
  for (const part of PARTS) await db.exec(part)
  await db.exec(`comment on schema supabase_migrations is '${MARKER}'`)
}
