// What hosted Supabase already has before an app's migrations run: the API
// roles, the auth and storage schemas with their helper functions, and the grants that make
// RLS (not grants) the thing that protects app tables. Idempotent: it runs at every start.

import { createHash } from 'node:crypto'
import { AUTH } from './bootstrap-auth'
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
-- All but TRUNCATE (which ignores row-level security) for the API roles: the app's
-- migrations take it away on a hosted project, and a bootstrap that runs again on an
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
