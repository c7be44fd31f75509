// bcrypt at cost 10, as GoTrue stores it. bcryptjs writes `$2b$`; GoTrue (Go's bcrypt) writes
// `$2a$`. Both name the same algorithm for passwords under 255 bytes, so we store `$2a$` and
// hashes move between this backend and hosted Supabase unchanged.

import bcrypt from 'bcryptjs'
import { MAX_PASSWORD_BYTES } from './validation'

const COST = 10

export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(COST)).replace(/^\$2b\$/, '$2a$')
  return bcrypt.hash(password, salt)
}

// A real hash of a random password: comparing against it when the user does not exist costs
// the same time as a real check, so response times do not reveal which emails are registered.
let dummyHash: Promise<string> | null = null

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false
  if (!hash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`)
    await bcrypt.compare(password, await dummyHash)
    return false
  }
  try {
    return await bcrypt.compare(password, hash)
  } catch {
    return false
  }
}
