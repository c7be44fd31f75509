// auth.mfa_recovery_codes: a user's current set of recovery codes, as salted hashes. A set is
// replaced whole, a code is spent once, and the set goes with the user's last verified factor.

import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database'
import {
  hashRecoveryCode,
  newRecoveryCode,
  recoveryCodeMatches,
  RECOVERY_CODE_COUNT
} from './recovery-code-hash'

export interface RecoveryCodeStatus {
  total: number
  remaining: number
  /** When the current set was made; null when the user has none. */
  createdAt: string | null
}

/** Makes a new set, dropping the old one in the same transaction; returns the codes in clear. */
export async function replaceRecoveryCodes(
  tx: Queryable,
  userId: string
): Promise<{ codes: string[]; createdAt: string }> {
  await tx.query(`delete from auth.mfa_recovery_codes where user_id = $1`, [userId])
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  const hashed = codes.map(hashRecoveryCode)
  const { rows } = await tx.query<{ created_at: string }>(
    `insert into auth.mfa_recovery_codes (id, user_id, salt, code_hash, created_at)
     select id, $1, salt, code_hash, now()
       from unnest($2::uuid[], $3::text[], $4::text[]) as code(id, salt, code_hash)
     returning to_json(created_at) #>> '{}' as created_at`,
    [
      userId,
      hashed.map(() => randomUUID()),
      hashed.map((code) => code.salt),
      hashed.map((code) => code.hash)
    ]
  )
  return { codes, createdAt: rows[0].created_at }
}

export async function recoveryCodeStatus(
  tx: Queryable,
  userId: string
): Promise<RecoveryCodeStatus> {
  const { rows } = await tx.query<{ total: number; remaining: number; created_at: string | null }>(
    `select count(*)::int as total, count(*) filter (where used_at is null)::int as remaining,
            to_json(min(created_at)) #>> '{}' as created_at
       from auth.mfa_recovery_codes where user_id = $1`,
    [userId]
  )
  const row = rows[0]
  return { total: row.total, remaining: row.remaining, createdAt: row.created_at }
}

/**
 * Spends the user's unused code that `normalised` matches; false when none does. The unused
 * codes are locked first, so of two requests redeeming the same code the second waits, then
 * finds it spent: one of them wins, never both.
 */
export async function spendRecoveryCode(
  tx: Queryable,
  userId: string,
  normalised: string
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string; salt: string; code_hash: string }>(
    `select id, salt, code_hash from auth.mfa_recovery_codes
      where user_id = $1 and used_at is null
      order by id for update`,
    [userId]
  )
  const match = rows.find((row) =>
    recoveryCodeMatches(normalised, { salt: row.salt, hash: row.code_hash })
  )
  if (!match) return false
  const spent = await tx.query(
    `update auth.mfa_recovery_codes set used_at = now() where id = $1 and used_at is null`,
    [match.id]
  )
  return spent.rowCount === 1
}

/** Recovery codes only stand in for a factor: without a verified one left, they go. */
export async function dropOrphanRecoveryCodes(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_recovery_codes
      where user_id = $1
        and not exists (select 1 from auth.mfa_factors
                         where user_id = $1 and status = 'verified')`,
    [userId]
  )
}
