import { describe, expect, it } from 'vitest'
import {
  hashRecoveryCode,
  newRecoveryCode,
  normaliseRecoveryCode,
  recoveryCodeMatches
} from '../../../../src/backend/auth/recovery-code-hash'

describe('recovery codes as values', () => {
  it('draws xxxxx-xxxxx codes from the 32 unambiguous symbols, each symbol in use', () => {
    const codes = Array.from({ length: 400 }, newRecoveryCode)
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/)
    expect(new Set(codes).size).toBe(codes.length)
    expect(new Set(codes.join('').replace(/-/g, '')).size).toBe(32)
  })

  it('reads a typed code without case, spaces or dash, and the letters read as digits', () => {
    expect(normaliseRecoveryCode(' AB3DE - FGHJK ')).toBe('ab3defghjk')
    expect(normaliseRecoveryCode('oilab-cdefg')).toBe('011abcdefg')
    expect(normaliseRecoveryCode('abcde-fghj')).toBeNull()
    expect(normaliseRecoveryCode('abcde-fghjku')).toBeNull()
    expect(normaliseRecoveryCode('abcde-fghju')).toBeNull()
  })

  it('keeps a salted hash that matches the code only, with a fresh salt each time', () => {
    const code = newRecoveryCode()
    const first = hashRecoveryCode(code)
    const second = hashRecoveryCode(code)
    expect(first.salt).not.toBe(second.salt)
    expect(first.hash).not.toBe(second.hash)
    expect(first.hash).not.toContain(code.replace('-', ''))
    expect(recoveryCodeMatches(normaliseRecoveryCode(code)!, first)).toBe(true)
    expect(recoveryCodeMatches(normaliseRecoveryCode(code.toUpperCase())!, second)).toBe(true)
    const other = normaliseRecoveryCode(newRecoveryCode())!
    expect(recoveryCodeMatches(other, first)).toBe(false)
  })
})
