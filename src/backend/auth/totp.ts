// Time-based one-time passwords (RFC 6238) as GoTrue's TOTP factors use them: HMAC-SHA1, 30 s
// steps, 6 digits, and a code from the step before or after also accepted (clock drift). The
// secret is 20 random bytes in base32, as authenticator apps read it from the otpauth:// URI.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const PERIOD_SECONDS = 30
const DIGITS = 6
const SKEW_STEPS = 1
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '')
  const bytes: number[] = []
  let bits = 0
  let value = 0
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error('not base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

/** The code for one 30 s step (RFC 4226's dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = digest[digest.length - 1] & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0')
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS)
}

/** True when `code` is the code of the current step or the one either side of it. */
export function verifyTotp(secret: string, code: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false
  const given = Buffer.from(code)
  const step = totpStep(nowMs)
  let valid = false
  for (let drift = -SKEW_STEPS; drift <= SKEW_STEPS; drift += 1) {
    // Every step is compared, in constant time, so timing does not say which one matched.
    if (timingSafeEqual(given, Buffer.from(totpCode(secret, step + drift)))) valid = true
  }
  return valid
}

/** The otpauth:// URI authenticator apps scan, with the parameters in Go's sorted order. */
export function totpUri(issuer: string, account: string, secret: string): string {
  const query = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(DIGITS),
    issuer,
    period: String(PERIOD_SECONDS),
    secret
  })
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  return `otpauth://totp/${label}?${query}`
}
