// Recovery codes as values: drawing a set, normalising what a person types, and the salted hash
// kept instead of the code.
//
// A fast hash (SHA-256 with a per-code salt) is enough here, unlike for passwords: a code is 50
// random bits, not a human choice, so there is no dictionary to try, and the salt makes every
// guess count for one code only. Whoever can read auth.mfa_recovery_codes can also read the TOTP
// secrets beside it (GoTrue keeps those in clear), so a slow hash would protect nothing more,
// while it would cost up to ten bcrypt rounds per redeem attempt.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** Crockford's base32 in lower case: no i, l, o or u to misread. 32 symbols, so 5 bits each. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const CODE_LENGTH = 10
export const RECOVERY_CODE_COUNT = 10

/** A fresh code, shown as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  // 256 is a multiple of 32, so `byte & 31` draws every symbol equally often.
  const symbols = [...randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte & 31])
  return `${symbols.slice(0, 5).join('')}-${symbols.slice(5).join('')}`
}

/**
 * What a typed code is compared as: case, spaces and dashes ignored, and the letters Crockford
 * reads as digits (i, l → 1; o → 0) mapped back. Null when it cannot be a code at all.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0')
  if (code.length !== CODE_LENGTH) return null
  return [...code].every((symbol) => ALPHABET.includes(symbol)) ? code : null
}

export interface HashedRecoveryCode {
  salt: string
  hash: string
}

function digest(salt: string, normalised: string): Buffer {
  return createHash('sha256').update(`${salt}:${normalised}`).digest()
}

export function hashRecoveryCode(code: string): HashedRecoveryCode {
  const normalised = normaliseRecoveryCode(code)
  if (!normalised) throw new Error('not a recovery code')
  const salt = randomBytes(16).toString('hex')
  return { salt, hash: digest(salt, normalised).toString('hex') }
}

export function recoveryCodeMatches(normalised: string, stored: HashedRecoveryCode): boolean {
  const expected = Buffer.from(stored.hash, 'hex')
  const actual = digest(stored.salt, normalised)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
