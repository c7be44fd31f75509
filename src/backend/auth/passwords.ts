// bcrypt at the configured cost (GoTrue's 10: DEFAULT_AUTH_CONFIG.passwordCost), as GoTrue
// stores it. bcryptjs writes `$2b$`; GoTrue (Go's bcrypt) writes `$2a$`. Both name the same
// algorithm for passwords under 255 bytes, so we store `$2a$` and hashes move between this
// backend and hosted Supabase unchanged.

import bcrypt from 'bcryptjs'
import { MAX_PASSWORD_BYTES } from './validation'

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = (await bcrypt.genSalt(cost)).replace(/^\$2b\$/, '$2a$')
  return bcrypt.hash(password, salt)
}

// A real hash of a random password, at the cost new hashes get: comparing against it when the
// user does not exist costs the same time as a real check, so response times do not reveal
// which emails are registered.
const dummyHashes = new Map<number, Promise<string>>()

export async function verifyPassword(
  password: string,
  hash: string | null,
  cost: number
): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false
  if (!hash) {
    let dummy = dummyHashes.get(cost)
    if (!dummy) dummyHashes.set(cost, (dummy = hashPassword(`dummy-${Math.random()}`, cost)))
    await bcrypt.compare(password, await dummy)
    return false
  }
  try {
    return await bcrypt.compare(password, hash)
  } catch {
    return false
  }
}
