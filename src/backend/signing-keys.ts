// The asymmetric key user access tokens are signed with, as hosted projects do now: an ES256
// (P-256) key pair whose public half is published at /auth/v1/.well-known/jwks.json, so
// `auth.getClaims()` and any other service can verify a token without asking the server. The
// anon and service_role keys stay HS256 with the per-install secret, as on hosted projects that
// keep their legacy API keys.

import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose'

export const SIGNING_ALGORITHM = 'ES256'

export interface SigningKey {
  readonly kid: string
  readonly privateKey: CryptoKey
  readonly publicKey: CryptoKey
  /** The public JWK as the JWKS endpoint publishes it. */
  readonly publicJwk: JWK
}

interface StoredKey {
  kid: string
  /** The private JWK (it holds the public coordinates too). */
  jwk: JWK
}

function publicPart(jwk: JWK, kid: string): JWK {
  return {
    kty: jwk.kty,
    crv: jwk.crv,
    x: jwk.x,
    y: jwk.y,
    kid,
    alg: SIGNING_ALGORITHM,
    use: 'sig',
    key_ops: ['verify']
  }
}

async function fromStored(stored: StoredKey): Promise<SigningKey> {
  const publicJwk = publicPart(stored.jwk, stored.kid)
  const [privateKey, publicKey] = await Promise.all([
    importJWK(stored.jwk, SIGNING_ALGORITHM),
    importJWK(publicJwk, SIGNING_ALGORITHM)
  ])
  return {
    kid: stored.kid,
    privateKey: privateKey as CryptoKey,
    publicKey: publicKey as CryptoKey,
    publicJwk
  }
}

async function generate(): Promise<StoredKey> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true })
  return { kid: randomUUID(), jwk: await exportJWK(privateKey) }
}

function isStoredKey(value: unknown): value is StoredKey {
  const key = value as StoredKey | null
  return (
    !!key &&
    typeof key.kid === 'string' &&
    typeof key.jwk === 'object' &&
    key.jwk?.kty === 'EC' &&
    key.jwk.crv === 'P-256' &&
    typeof key.jwk.d === 'string'
  )
}

/**
 * The install's signing key, created on first start and kept in the data folder (mode 0600), so
 * tokens stay valid across restarts. With no folder (an in-memory backend) it lives as long as
 * the process, like the JWT secret.
 */
export async function loadOrCreateSigningKey(file: string | null): Promise<SigningKey> {
  if (!file) return fromStored(await generate())
  try {
    const stored: unknown = JSON.parse(await readFile(file, 'utf8'))
    if (isStoredKey(stored)) return await fromStored(stored)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error
  }
  const stored = await generate()
  await mkdir(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  await writeFile(temp, JSON.stringify(stored), { mode: 0o600 })
  await rename(temp, file)
  return fromStored(stored)
}
