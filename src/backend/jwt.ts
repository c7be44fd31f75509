// JWTs for the local backend: access tokens, the anon and service keys, and turning a
// request's bearer token into the database role and claims that RLS sees.

import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import {
  decodeProtectedHeader,
  errors,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWTPayload
} from 'jose'
import { SIGNING_ALGORITHM, type SigningKey } from './signing-keys'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

export interface Claims extends JWTPayload {
  role: ApiRole
  sub?: string
  email?: string
  session_id?: string
}

export const ACCESS_TOKEN_TTL_SECONDS = 3600
/** API keys outlive any install; they carry only a role. */
const API_KEY_TTL_SECONDS = 10 * 365 * 24 * 3600

export interface JwtKeys {
  /** Signs and verifies the HS256 API keys (anon, service_role). */
  readonly secret: Uint8Array
  readonly issuer: string
  /** Signs user access tokens (ES256, published in the JWKS); without it they are HS256. */
  readonly signing?: SigningKey
}

/**
 * The per-install secret, created on first start and kept in the data folder (mode 0600).
 * With no folder (in-memory backends) it lives only as long as the process.
 */
export async function loadOrCreateJwtSecret(file: string | null): Promise<Uint8Array> {
  if (!file) return randomBytes(48)
  try {
    const text = (await readFile(file, 'utf8')).trim()
    if (text.length >= 64) return Buffer.from(text, 'hex')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(48)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, secret.toString('hex'), { mode: 0o600 })
  return secret
}

export async function signJwt(
  keys: JwtKeys,
  claims: Claims,
  ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(keys.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keys.secret)
}

export function signApiKey(keys: JwtKeys, role: 'anon' | 'service_role'): Promise<string> {
  return signJwt(keys, { role }, API_KEY_TTL_SECONDS)
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly expired: boolean
  ) {
    super(message)
  }
}

const ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role']

/**
 * Tokens whose signature was already checked with these keys, until they expire: every request
 * carries the same few tokens, and WebCrypto's HMAC runs on the thread pool, which costs a
 * thread hop per request. Bounded, so a flood of distinct valid tokens cannot grow it.
 */
const verified = new WeakMap<JwtKeys, Map<string, Claims>>()
const MAX_CACHED_TOKENS = 1000

function cachedClaims(keys: JwtKeys, token: string): Claims | null {
  const claims = verified.get(keys)?.get(token)
  if (!claims) return null
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) {
    verified.get(keys)?.delete(token)
    throw new JwtError('JWT expired', true)
  }
  return claims
}

function remember(keys: JwtKeys, token: string, claims: Claims): void {
  let tokens = verified.get(keys)
  if (!tokens) verified.set(keys, (tokens = new Map()))
  if (tokens.size >= MAX_CACHED_TOKENS) tokens.clear()
  tokens.set(token, claims)
}

/**
 * The one key a token may be checked with: the signing key for ES256 with its `kid`, else the
 * secret for HS256. Each key is held to its own algorithm, so `alg: none` and key confusion
 * (an HS256 token "signed" with the public key) fail.
 */
function verificationKey(keys: JwtKeys, token: string): [CryptoKey | Uint8Array, string] {
  let header: { alg?: string; kid?: string }
  try {
    header = decodeProtectedHeader(token)
  } catch {
    throw new JwtError('JWT cryptographic operation failed', false)
  }
  if (header.alg === SIGNING_ALGORITHM && keys.signing && header.kid === keys.signing.kid) {
    return [keys.signing.publicKey, SIGNING_ALGORITHM]
  }
  return [keys.secret, 'HS256']
}

/** Verifies signature (ES256 with the signing key or HS256 with the secret) and expiry. */
export async function verifyJwt(keys: JwtKeys, token: string): Promise<Claims> {
  const parts = token.split('.')
  if (parts.length !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts.length}`, false)
  const cached = cachedClaims(keys, token)
  if (cached) return cached
  try {
    const [key, algorithm] = verificationKey(keys, token)
    const { payload } = await jwtVerify(token, key, { algorithms: [algorithm] })
    const role = payload.role
    if (typeof role !== 'string' || !ROLES.includes(role as ApiRole)) {
      throw new JwtError('JWT has no valid role claim', false)
    }
    remember(keys, token, payload as Claims)
    return payload as Claims
  } catch (error) {
    if (error instanceof JwtError) throw error
    if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true)
    throw new JwtError('JWT cryptographic operation failed', false)
  }
}

export interface RequestIdentity {
  role: ApiRole
  claims: Claims
}

/**
 * The role comes only from the bearer token, never from `apikey` (the anon key even
 * while a user is signed in). No
 * Authorization header means anon.
 */
export async function identifyRequest(
  keys: JwtKeys,
  bearer: string | null
): Promise<RequestIdentity> {
  if (!bearer) return { role: 'anon', claims: { role: 'anon' } }
  const claims = await verifyJwt(keys, bearer)
  return { role: claims.role, claims }
}
