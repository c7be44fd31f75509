// bcrypt at cost 10, as GoTrue stores it (`$2a$`, so hashes move between this backend and hosted
// Supabase unchanged), computed in the password pool's worker threads (password-pool.ts) so no
// sign-in holds the event loop.

import { PasswordInputError, type PasswordPool } from './password-pool'
import { MAX_PASSWORD_BYTES } from './validation'

const COST = 10

export function hashPassword(pool: PasswordPool, password: string): Promise<string> {
  return pool.hash(password, COST)
}

// A real hash of a random password: comparing against it when the user does not exist costs
// the same time as a real check, so response times do not reveal which emails are registered.
let dummyHash: Promise<string> | null = null

function dummy(pool: PasswordPool): Promise<string> {
  dummyHash ??= hashPassword(pool, `dummy-${Math.random()}`).catch((error: unknown) => {
    dummyHash = null
    throw error
  })
  return dummyHash
}

export async function verifyPassword(
  pool: PasswordPool,
  password: string,
  hash: string | null
): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false
  if (!hash) {
    await pool.compare(password, await dummy(pool))
    return false
  }
  try {
    return await pool.compare(password, hash)
  } catch (error) {
    // A stored value that is not a bcrypt hash matches nothing; a pool that shut down or a
    // worker that died is not a wrong password.
    if (error instanceof PasswordInputError) return false
    throw error
  }
}
