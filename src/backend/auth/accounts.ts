// Writing auth.users rows the way GoTrue's models do for the admin API and anonymous sign-in:
// a user with its email and phone identities, confirmation, metadata merges, bans and soft
// deletion. (Password sign-up keeps its own insert in users.ts, whose metadata rules differ.)

import { createHash, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database'
import { AuthError } from './errors'
import type { UserObject } from './users'

export const emailExists = (): AuthError =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
export const phoneExists = (): AuthError =>
  new AuthError(422, 'phone_exists', 'Phone number already registered by another user')

export interface NewAccount {
  id?: string
  aud?: string
  role?: string
  email: string | null
  phone: string | null
  passwordHash: string | null
  userMetadata: Record<string, unknown>
  appMetadata: Record<string, unknown>
  anonymous: boolean
}

/** Inserts the user and an identity per email and phone, as GoTrue's createNewIdentity does. */
export async function insertAccount(tx: Queryable, account: NewAccount): Promise<string> {
  const id = account.id ?? randomUUID()
  await tx.query(
    `insert into auth.users (id, aud, role, email, phone, encrypted_password, raw_app_meta_data,
                             raw_user_meta_data, is_anonymous)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
    [
      id,
      account.aud ?? 'authenticated',
      account.role ?? 'authenticated',
      account.email,
      account.phone,
      account.passwordHash,
      JSON.stringify(account.appMetadata),
      JSON.stringify(account.userMetadata),
      account.anonymous
    ]
  )
  if (account.email) await addIdentity(tx, id, 'email', { sub: id, email: account.email })
  if (account.phone) await addIdentity(tx, id, 'phone', { sub: id, phone: account.phone })
  return id
}

export async function addIdentity(
  tx: Queryable,
  userId: string,
  provider: 'email' | 'phone',
  data: Record<string, unknown>
): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1::text, $1::uuid, $2::jsonb, $3)`,
    [userId, JSON.stringify(data), provider]
  )
}

/**
 * Merges `changes` into a metadata column as GoTrue's UpdateUserMetaData does: keys set to
 * null are removed, others replaced.
 */
export async function mergeMetadata(
  tx: Queryable,
  userId: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  changes: Record<string, unknown>
): Promise<void> {
  const removed = Object.keys(changes).filter((key) => changes[key] === null)
  const kept = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null))
  await tx.query(
    `update auth.users
        set ${column} = (coalesce(${column}, '{}'::jsonb) || $2::jsonb) - $3::text[],
            updated_at = now()
      where id = $1`,
    [userId, JSON.stringify(kept), removed]
  )
}

/**
 * GoTrue's user.Confirm: the email is confirmed in the row, its metadata and its identity, and
 * the row's confirmation token is cleared (a link redeems it; an admin confirm makes it moot).
 */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
                                 || '{"email_verified":true}'::jsonb,
            updated_at = now()
      where id = $1`,
    [userId]
  )
  await tx.query(
    `update auth.identities
        set identity_data = identity_data || '{"email_verified":true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId]
  )
}

/** `app_metadata.providers` as the identities the user now has (GoTrue keeps it in step). */
export async function syncProviders(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users u
        set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb)
              || jsonb_build_object('provider', p.providers -> 0, 'providers', p.providers)
       from (select jsonb_agg(distinct provider) as providers
               from auth.identities where user_id = $1) p
      where u.id = $1 and p.providers is not null`,
    [userId]
  )
}

/** Banned until now + `durationMs`; 0 lifts the ban (GoTrue's user.Ban). */
export async function setBan(tx: Queryable, userId: string, durationMs: number): Promise<void> {
  await tx.query(
    `update auth.users
        set banned_until = case when $2::float8 = 0 then null
                                else now() + make_interval(secs => $2::float8 / 1000) end,
            updated_at = now()
      where id = $1`,
    [userId, durationMs]
  )
}

const obfuscate = (id: string, value: string): string =>
  createHash('sha256')
    .update(id + value)
    .digest('base64url')

/**
 * GoTrue's soft delete: the row stays (for foreign keys and audits) with its email, phone and
 * password made unusable, its identities obfuscated, and its factors and sessions gone.
 */
export async function softDeleteAccount(
  tx: Queryable,
  user: { id: string; email: string; phone: string }
): Promise<void> {
  await tx.query(
    `update auth.users
        set email = nullif($2, ''), phone = nullif($3, ''), encrypted_password = null,
            confirmation_token = '', raw_app_meta_data = '{}'::jsonb,
            raw_user_meta_data = '{}'::jsonb, deleted_at = now(), updated_at = now()
      where id = $1`,
    [
      user.id,
      user.email ? obfuscate(user.id, user.email) : '',
      user.phone ? obfuscate(user.id, user.phone) : ''
    ]
  )
  const { rows } = await tx.query<{ id: string; provider_id: string }>(
    `select id, provider_id from auth.identities where user_id = $1`,
    [user.id]
  )
  for (const identity of rows) {
    await tx.query(
      `update auth.identities set provider_id = $2, identity_data = '{}'::jsonb where id = $1`,
      [identity.id, obfuscate(user.id, identity.provider_id)]
    )
  }
  await tx.query(`delete from auth.mfa_factors where user_id = $1`, [user.id])
  await tx.query(`delete from auth.sessions where user_id = $1`, [user.id])
}

/** Whether another live user already has this email or phone. */
export async function taken(
  tx: Queryable,
  column: 'email' | 'phone',
  value: string,
  exceptId: string | null
): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from auth.users
      where ${column === 'email' ? 'lower(email)' : 'phone'} = $1 and id is distinct from $2
        and deleted_at is null`,
    [value, exceptId]
  )
  return rows.length > 0
}

/**
 * A new email for the user (admin update, and PUT /user once confirmed): its email identity is
 * updated or created. An anonymous user given a confirmed email becomes a permanent one.
 */
export async function changeEmail(
  tx: Queryable,
  user: UserObject,
  email: string,
  confirmed: boolean
): Promise<void> {
  if (await taken(tx, 'email', email, user.id)) throw emailExists()
  const identities = (user.identities as { provider: string }[]) ?? []
  if (identities.some((identity) => identity.provider === 'email')) {
    await tx.query(
      `update auth.identities
          set identity_data = identity_data || jsonb_build_object('email', $2::text,
                                                                  'email_verified', $3::boolean),
              updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [user.id, email, confirmed]
    )
  } else {
    await addIdentity(tx, user.id, 'email', { sub: user.id, email, email_verified: confirmed })
    await syncProviders(tx, user.id)
  }
  await tx.query(
    `update auth.users
        set email = $2, is_anonymous = is_anonymous and not $3, updated_at = now()
      where id = $1`,
    [user.id, email, confirmed]
  )
}

export async function changePhone(
  tx: Queryable,
  user: UserObject,
  phone: string,
  confirmed: boolean
): Promise<void> {
  if (await taken(tx, 'phone', phone, user.id)) throw phoneExists()
  const identities = (user.identities as { provider: string }[]) ?? []
  if (identities.some((identity) => identity.provider === 'phone')) {
    await tx.query(
      `update auth.identities
          set identity_data = identity_data || jsonb_build_object('phone', $2::text,
                                                                  'phone_verified', $3::boolean)
        where user_id = $1 and provider = 'phone'`,
      [user.id, phone, confirmed]
    )
  } else {
    await addIdentity(tx, user.id, 'phone', { sub: user.id, phone, phone_verified: confirmed })
    await syncProviders(tx, user.id)
  }
  await tx.query(
    `update auth.users
        set phone = $2, is_anonymous = is_anonymous and not $3,
            phone_confirmed_at = case when $3 then now() else phone_confirmed_at end,
            updated_at = now()
      where id = $1`,
    [user.id, phone, confirmed]
  )
}
