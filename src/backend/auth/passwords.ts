// bcrypt at the configured cost (GoTrue's 10: DEFAULT_AUTH_CONFIG.passwordCost; the tests lower
// it), as GoTrue stores it (`$2a$`, so hashes move between this backend and hosted Supabase
// unchanged), computed in the password pool's worker threads (password-pool.ts) so no sign-in
// holds the event loop.

import { PasswordInputError, type PasswordPool } from './password-pool'
import { MAX_PASSWORD_BYTES } from './validation'

export function hashPassword(pool: PasswordPool, password: string, cost: number): Promise<string> {
  return pool.hash(password, cost)
}

// A real hash of a random password, at the cost new hashes get: comparing against it when the
// user does not exist costs the same time as a real check, so response times do not reveal
// which emails are registered.
const dummyHashes = new Map<number, Promise<string>>()

function dummy(pool: PasswordPool, cost: number): Promise<string> {
  let found = dummyHashes.get(cost)
  if (!found) {
    found = hashPassword(pool, `dummy-${Math.random()}`, cost).catch((error: unknown) => {
      dummyHashes.delete(cost)
      throw error
    })
    dummyHashes.set(cost, found)
  }
  return found
}

export async function verifyPassword(
  pool: PasswordPool,
  password: string,
  hash: string | null,
  cost: number
): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false
  if (!hash) {
    await pool.compare(password, await dummy(pool, cost))
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
