import { describe, expect, it } from 'vitest'
import { AuthError } from '../../../../src/backend/auth/errors'
import {
  checkNewPassword,
  normaliseEmail,
  userMetadata
} from '../../../../src/backend/auth/validation'
import { safeRedirect } from '../../../../src/backend/auth/request'

function thrown(fn: () => unknown): AuthError {
  try {
    fn()
  } catch (error) {
    return error as AuthError
  }
  throw new Error('expected a throw')
}

describe('auth input rules', () => {
  it('lower-cases and trims emails, refusing malformed ones', () => {
    expect(normaliseEmail('  Ana@Example.COM ', 'missing')).toBe('ana@example.com')
    for (const bad of ['plain', 'a@b', 'a b@c.d', '@c.de', 'a@@c.de']) {
      expect(thrown(() => normaliseEmail(bad, 'missing'))).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format'
      })
    }
    expect(thrown(() => normaliseEmail(undefined, 'missing')).message).toBe('missing')
  })

  it('applies GoTrue password rules and bcrypt’s 72-byte limit', () => {
    expect(checkNewPassword('secret')).toBe('secret')
    expect(thrown(() => checkNewPassword(''))).toMatchObject({
      status: 400,
      code: 'validation_failed'
    })
    expect(thrown(() => checkNewPassword('12345'))).toMatchObject({
      status: 422,
      code: 'weak_password',
      extra: { weak_password: { reasons: ['length'] } }
    })
    expect(checkNewPassword('a'.repeat(72))).toHaveLength(72)
    const long = thrown(() => checkNewPassword('a'.repeat(73)))
    expect(long.status).toBe(422)
    expect(long.message).toContain('bcrypt')
    // Multi-byte characters count as bytes: 37 × 2 bytes.
    expect(thrown(() => checkNewPassword('é'.repeat(37))).status).toBe(422)
  })

  it('keeps only object metadata', () => {
    expect(userMetadata({ a: 1 })).toEqual({ a: 1 })
    expect(userMetadata([1])).toEqual({})
    expect(userMetadata('x')).toEqual({})
  })

  it('redirects only to the site origin or loopback', () => {
    const site = 'http://127.0.0.1:3000'
    expect(safeRedirect('http://127.0.0.1:3000/welcome', site)).toBe(
      'http://127.0.0.1:3000/welcome'
    )
    expect(safeRedirect('http://localhost:5173/x', site)).toBe('http://localhost:5173/x')
    expect(safeRedirect('https://evil.example/', site)).toBe(site)
    expect(safeRedirect('javascript:alert(1)', site)).toBe(site)
    expect(safeRedirect(null, site)).toBe(site)
  })

  it('redirects to the desktop app’s own callback, and to no other instaframe:// link', () => {
    const site = 'http://127.0.0.1:3000'
    expect(safeRedirect('instaframe://auth/callback', site)).toBe('instaframe://auth/callback')
    expect(safeRedirect('instaframe://u/jane', site)).toBe(site)
    expect(safeRedirect('instaframe://auth/callback/../x', site)).toBe(site)
  })
})
