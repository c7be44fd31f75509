// Shared by the hardening suites: a fingerprint of everything an attack could change (so
// "changes nothing" is checked with SQL, not with the API under attack), and forged tokens.

import { SignJWT } from 'jose'
import type { Queryable } from '../../src/backend/db/database'

/**
 * One md5 per table of the exposed schema, plus storage objects and buckets and the users
 * table (auth sessions and refresh tokens are left out: signing in legitimately changes them).
 */
export async function fingerprint(db: Queryable): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname = 'public'
        or (schemaname = 'storage' and tablename in ('objects', 'buckets'))
        or (schemaname = 'auth' and tablename = 'users')
     order by 1`
  )
  // Every table's digest in one statement: the attack suites take thousands of fingerprints, and
  // a query per table made them most of those suites' time.
  const { rows } = await db.query<{ name: string; digest: string | null }>(
    tables
      .map(
        ({ name }, index) =>
          `select $${index + 1}::text as name, (select md5(coalesce(string_agg(t::text, '|' ` +
          `order by t::text), '')) from ${name} t) as digest`
      )
      .join('\nunion all\n'),
    tables.map(({ name }) => name)
  )
  const result: Record<string, string> = {}
  for (const { name, digest } of rows) result[name] = digest ?? ''
  return result
}

/** A JWT in the backend's shape, signed with any key and any header (forgeries). */
export async function signWith(
  secret: Uint8Array,
  claims: Record<string, unknown>,
  ttlSeconds = 3600
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 10)
    .setExpirationTime(now + ttlSeconds)
    .sign(secret)
}

/** The same claims with `alg: none` and an empty signature. */
export function unsigned(claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iat: now, exp: now + 3600, ...claims })}.`
}

/** A valid token with its payload swapped: the signature no longer matches. */
export function tamperedSub(token: string, sub: string): string {
  const [header, payload, signature] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  const forged = Buffer.from(JSON.stringify({ ...claims, sub })).toString('base64url')
  return `${header}.${forged}.${signature}`
}
