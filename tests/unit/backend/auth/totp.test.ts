import { describe, expect, it } from 'vitest'
import {
  base32Decode,
  base32Encode,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
  verifyTotp
} from '../../../../src/backend/auth/totp'

// RFC 6238 appendix B, SHA-1 (the 20-byte ASCII seed "12345678901234567890"), last 6 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'))
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130']
]

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code)
  })

  it('accepts the step before and after, and nothing further', () => {
    const now = 1_700_000_000_000
    const step = totpStep(now)
    for (const drift of [-1, 0, 1]) {
      expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step + drift), now)).toBe(true)
    }
    for (const drift of [-2, 2]) {
      expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step + drift), now)).toBe(false)
    }
    expect(verifyTotp(RFC_SECRET, '12345', now)).toBe(false)
    expect(verifyTotp(RFC_SECRET, 'abcdef', now)).toBe(false)
  })

  it('makes 32-character base32 secrets that round-trip', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Encode(base32Decode(secret))).toBe(secret)
  })

  it('writes the otpauth URI with the parameters in Go’s sorted order', () => {
    expect(totpUri('127.0.0.1:3000', 'a@b.co', 'ABC')).toBe(
      'otpauth://totp/127.0.0.1%3A3000:a%40b.co?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A3000&period=30&secret=ABC'
    )
  })
})
