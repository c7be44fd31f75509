// verifyJwt keeps the tokens it has checked (jwt.ts), so the next request with the same token
// does not pay for WebCrypto again. A kept token must still be refused from the very moment it
// expires, exactly as a first check (jose) refuses it.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { JwtError, signJwt, verifyJwt, type JwtKeys } from '../../../src/backend/jwt'

afterEach(() => {
  vi.useRealTimers()
})

describe('a verified token kept for the next request', () => {
  it('is accepted up to its last millisecond and refused from its expiry, as a first check is', async () => {
    const secret = new Uint8Array(48).fill(3)
    const keys: JwtKeys = { secret, issuer: 't' }
    const start = Math.ceil(Date.now() / 1000) * 1000
    vi.useFakeTimers({ toFake: ['Date'], now: start })
    const token = await signJwt(keys, { role: 'authenticated', sub: 'u' }, 60)
    expect((await verifyJwt(keys, token)).sub).toBe('u')
    const expiry = start + 60_000

    vi.setSystemTime(expiry - 1)
    expect((await verifyJwt(keys, token)).sub).toBe('u')
    // The same secret in other keys: nothing kept for them, so jose checks the token itself.
    expect((await verifyJwt({ secret, issuer: 't' }, token)).sub).toBe('u')

    vi.setSystemTime(expiry)
    const expired = { message: 'JWT expired', expired: true }
    await expect(verifyJwt(keys, token)).rejects.toBeInstanceOf(JwtError)
    await expect(verifyJwt(keys, token)).rejects.toMatchObject(expired)
    await expect(verifyJwt({ secret, issuer: 't' }, token)).rejects.toMatchObject(expired)
  })
})
