import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { afterAll, describe, expect, it } from 'vitest'
import { verifyJwt, type JwtKeys } from '../../../src/backend/jwt'
import { loadOrCreateSigningKey } from '../../../src/backend/signing-keys'

const folders: string[] = []
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

describe('the ES256 signing key', () => {
  it('is kept in the data folder (mode 0600) and the same key comes back on restart', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'signing-key-'))
    folders.push(folder)
    const file = join(folder, 'signing-key.json')
    const first = await loadOrCreateSigningKey(file)
    const second = await loadOrCreateSigningKey(file)
    expect(second.kid).toBe(first.kid)
    expect(second.publicJwk).toEqual(first.publicJwk)
    expect(first.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })
    expect(first.publicJwk).not.toHaveProperty('d')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(file, 'utf8')).kid).toBe(first.kid)
  })

  it('verifies ES256 tokens with its kid, and refuses one another key signed under that kid', async () => {
    const signing = await loadOrCreateSigningKey(null)
    const keys: JwtKeys = { secret: new Uint8Array(48).fill(7), issuer: 't', signing }
    const claims = { role: 'authenticated', sub: 'u' }
    const good = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
      .setExpirationTime('1h')
      .sign(signing.privateKey)
    expect((await verifyJwt(keys, good)).sub).toBe('u')
    const other = await loadOrCreateSigningKey(null)
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
      .setExpirationTime('1h')
      .sign(other.privateKey)
    await expect(verifyJwt(keys, forged)).rejects.toThrow('JWT cryptographic operation failed')
  })
})
