// Reading and writing auth.users in GoTrue's shapes. The user object is built in SQL so the
// timestamps come out as ISO 8601 the way Postgres prints them (through JS they would be Dates).

import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database'

export interface UserObject {
  id: string
  email: string
  user_metadata: Record<string, unknown>
  app_metadata: Record<string, unknown>
  [key: string]: unknown
}

export interface UserRow {
  id: string
  email: string
  encrypted_password: string | null
  email_confirmed_at: string | null
  banned_until: string | null
  deleted_at: string | null
}

/** A factor as GoTrue lists it (the secret never leaves the database). */
export const FACTOR_JSON = `
  jsonb_build_object(
    'id', f.id,
    'friendly_name', f.friendly_name,
    'factor_type', f.factor_type,
    'status', f.status,
    'phone', coalesce(f.phone, ''),
    'created_at', f.created_at,
    'updated_at', f.updated_at,
    'last_challenged_at', f.last_challenged_at
  )`

export const USER_JSON = `
  jsonb_build_object(
    'id', u.id,
    'aud', u.aud,
    'role', u.role,
    'email', coalesce(u.email, ''),
    'email_confirmed_at', u.email_confirmed_at,
    'phone', coalesce(u.phone, ''),
    'confirmation_sent_at', u.confirmation_sent_at,
    'invited_at', u.invited_at,
    'recovery_sent_at', u.recovery_sent_at,
    'new_email', nullif(u.email_change, ''),
    'email_change_sent_at', u.email_change_sent_at,
    'confirmed_at', u.confirmed_at,
    'last_sign_in_at', u.last_sign_in_at,
    'app_metadata', coalesce(u.raw_app_meta_data, '{}'::jsonb),
    'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb),
    'identities', coalesce((
      select jsonb_agg(jsonb_build_object(
        'identity_id', i.id,
        'id', i.provider_id,
        'user_id', i.user_id,
        'identity_data', i.identity_data,
        'provider', i.provider,
        'last_sign_in_at', i.last_sign_in_at,
        'created_at', i.created_at,
        'updated_at', i.updated_at,
        'email', i.email
      ) order by i.created_at)
      from auth.identities i where i.user_id = u.id
    ), '[]'::jsonb),
    'created_at', u.created_at,
    'updated_at', u.updated_at,
    'is_anonymous', u.is_anonymous,
    'factors', (select jsonb_agg(${FACTOR_JSON} order by f.created_at)
                  from auth.mfa_factors f where f.user_id = u.id),
    'banned_until', u.banned_until,
    'deleted_at', u.deleted_at
  )`

// GoTrue marks these `omitempty`: absent rather than null.
const OMIT_WHEN_NULL = [
  'email_confirmed_at',
  'confirmation_sent_at',
  'invited_at',
  'recovery_sent_at',
  'new_email',
  'email_change_sent_at',
  'confirmed_at',
  'last_sign_in_at',
  'factors',
  'banned_until',
  'deleted_at'
]

/** A factor built by FACTOR_JSON as GoTrue sends it (`friendly_name` omitted when empty). */
export function tidyFactor<T extends Record<string, unknown>>(factor: T): T {
  if (!factor.friendly_name) delete factor.friendly_name
  return factor
}

/** Drops what GoTrue omits when empty from a user built by USER_JSON. */
export function tidy(user: UserObject): UserObject {
  for (const key of OMIT_WHEN_NULL) if (user[key] === null) delete user[key]
  for (const factor of (user.factors as Record<string, unknown>[] | undefined) ?? []) {
    tidyFactor(factor)
  }
  return user
}

/** The user in GoTrue's shape; a soft-deleted one only for the admin API (`includeDeleted`). */
export async function loadUser(
  tx: Queryable,
  id: string,
  { includeDeleted = false }: { includeDeleted?: boolean } = {}
): Promise<UserObject | null> {
  const { rows } = await tx.query<{ user: UserObject }>(
    `select ${USER_JSON} as user from auth.users u
      where u.id = $1 and ($2::boolean or u.deleted_at is null)`,
    [id, includeDeleted]
  )
  return rows[0] ? tidy(rows[0].user) : null
}

export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `select id, email, encrypted_password, email_confirmed_at, deleted_at,
            to_char(banned_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as banned_until
       from auth.users where lower(email) = $1 and deleted_at is null`,
    [email]
  )
  return rows[0] ?? null
}

export interface NewUser {
  email: string
  passwordHash: string | null
  data: Record<string, unknown>
  confirmed: boolean
  /** sha256 of the confirmation token when confirmations are on. */
  confirmationTokenHash: string | null
}

/**
 * Inserts the user and its email identity. App triggers on auth.users see `raw_user_meta_data`
 * equal to the client's `data` at the INSERT; afterwards, as GoTrue does, the metadata gains
 * sub, email, email_verified and phone_verified.
 */
export async function insertUser(tx: Queryable, user: NewUser): Promise<string> {
  const id = randomUUID()
  await tx.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
                             confirmation_token, confirmation_sent_at, raw_app_meta_data,
                             raw_user_meta_data, is_anonymous)
     values ($1, 'authenticated', 'authenticated', $2, $3,
             case when $4::boolean then now() end, $5::text,
             case when $5::text is not null then now() end,
             '{"provider":"email","providers":["email"]}'::jsonb, $6::jsonb, false)`,
    [
      id,
      user.email,
      user.passwordHash,
      user.confirmed,
      user.confirmationTokenHash,
      JSON.stringify(user.data)
    ]
  )
  const identity = {
    ...user.data,
    sub: id,
    email: user.email,
    email_verified: user.confirmed,
    phone_verified: false
  }
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now())`,
    [id, JSON.stringify(identity)]
  )
  await tx.query(
    `update auth.users
        set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb
      where id = $1`,
    [
      id,
      JSON.stringify({
        sub: id,
        email: user.email,
        email_verified: user.confirmed,
        phone_verified: false
      })
    ]
  )
  return id
}

/**
 * What GoTrue answers when confirmations are on and the email is already registered: a user
 * that looks new but has no identities, so callers cannot probe which emails exist.
 */
export function fakeUser(email: string, data: Record<string, unknown>, now: Date): UserObject {
  const stamp = now.toISOString()
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: stamp,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: stamp,
    updated_at: stamp,
    is_anonymous: false
  }
}
