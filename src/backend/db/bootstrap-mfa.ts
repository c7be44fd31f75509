// GoTrue's multi-factor tables (and the users' phone confirmation), which hosted Supabase already has in its auth schema: factors
// (TOTP secrets), challenges, and the authentication methods each session proved (its `amr`),
// plus the session's assurance level. Part of the bootstrap rather than a migration because the
// migrations are also pushed to hosted projects, where GoTrue owns these tables. Idempotent.

import { authAdminOnly } from './bootstrap-policies'

export const AUTH_MFA = `
do $$
begin
  if not exists (select 1 from pg_type where typname = 'factor_type'
                 and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type where typname = 'factor_status'
                 and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if not exists (select 1 from pg_type where typname = 'aal_level'
                 and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

-- Set by the admin API's phone_confirm.
alter table auth.users add column if not exists phone_confirmed_at timestamptz;
alter table auth.sessions add column if not exists factor_id uuid;
alter table auth.sessions add column if not exists aal auth.aal_level;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid
);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  unique (session_id, authentication_method)
);

-- Not GoTrue's: the local backend's single-use recovery codes (docs/architecture.md, "Auth
-- beyond passwords"). Only a salted SHA-256 of each code is kept; used_at marks a code spent.
create table if not exists auth.mfa_recovery_codes (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  salt text not null,
  code_hash text not null,
  created_at timestamptz not null,
  used_at timestamptz
);
create index if not exists mfa_recovery_codes_user_id_idx on auth.mfa_recovery_codes (user_id);

grant all on auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims, auth.mfa_recovery_codes
  to supabase_auth_admin;
${authAdminOnly(['auth.mfa_factors', 'auth.mfa_challenges', 'auth.mfa_amr_claims', 'auth.mfa_recovery_codes'])}
`
