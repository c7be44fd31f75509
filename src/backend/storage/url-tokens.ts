// The tokens inside signed URLs, as Supabase Storage makes them: HS256 JWTs signed with the
// project's secret, holding the `bucket/key` they open (`url`), their expiry and a `scope`, so
// a download token can never be replayed to upload and an access token (no `url`, no scope)
// never opens a signed URL. Download tokens may carry image transformations; upload tokens
// carry the owner and whether the upload may overwrite.

import { jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { JwtKeys } from '../jwt'
import { StorageError } from './errors'

export const SCOPE_DOWNLOAD = 'download'
export const SCOPE_UPLOAD = 'upload'
type Scope = typeof SCOPE_DOWNLOAD | typeof SCOPE_UPLOAD

export interface DownloadToken {
  url: string
  exp: number
  /** `height:…,width:…,resize:…,quality:…` (transform-options.ts) for /render/image/sign. */
  transformations?: string
  format?: string
}

export interface UploadToken {
  url: string
  exp: number
  owner?: string
  upsert: boolean
}

/** Hosted's ceiling: an expiry beyond what a JWT `exp` can hold is refused. */
const MAX_EXPIRY_SECONDS = Math.floor(Number.MAX_SAFE_INTEGER / 1000)

export const invalidJwt = (message: string): StorageError =>
  new StorageError('400', 'InvalidJWT', 'InvalidJWT', message)
const invalidSignature = (message = 'Invalid signature'): StorageError =>
  new StorageError('400', 'InvalidSignature', 'InvalidSignature', message)

/**
 * `expiresIn` in seconds as the sign routes take it: an integer of at least 1 (a numeric string
 * is coerced, as Storage's schema validation does); anything else is refused with its message.
 */
export function checkedExpiresIn(value: unknown): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (value === undefined) {
    throw new StorageError(
      '400',
      'InvalidRequest',
      'Bad Request',
      "body must have required property 'expiresIn'"
    )
  }
  if (typeof number !== 'number' || !Number.isInteger(number)) {
    throw new StorageError('400', 'InvalidRequest', 'Bad Request', 'body/expiresIn must be integer')
  }
  if (number < 1) {
    throw new StorageError('400', 'InvalidRequest', 'Bad Request', 'body/expiresIn must be >= 1')
  }
  const now = Math.floor(Date.now() / 1000)
  if (number > MAX_EXPIRY_SECONDS - now) {
    throw new StorageError(
      '400',
      'MissingParameter',
      'MissingParameter',
      'Invalid Parameter expiresIn'
    )
  }
  return number
}

export async function signUrlToken(
  keys: JwtKeys,
  payload: JWTPayload & { url: string },
  scope: Scope,
  expiresInSeconds: number
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ ...payload, scope })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(keys.secret)
}

/**
 * The token's claims once its signature, expiry, scope and object all check out. Failures answer
 * as Storage does: InvalidJWT with jose's message (`"exp" claim timestamp check failed`,
 * `signature verification failed`, `Invalid Compact JWS`), then InvalidSignature.
 */
async function verify(
  keys: JwtKeys,
  token: string | null,
  url: string,
  scope: Scope
): Promise<JWTPayload> {
  if (!token) {
    throw new StorageError(
      '400',
      'InvalidRequest',
      'Bad Request',
      "querystring must have required property 'token'"
    )
  }
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, keys.secret, { algorithms: ['HS256'] }))
  } catch (error) {
    throw invalidJwt(error instanceof Error ? error.message : 'Invalid JWT')
  }
  // Tokens from before scopes existed are told apart by the `upsert` claim only uploads carry.
  const scoped =
    payload.scope === scope ||
    (payload.scope === undefined && 'upsert' in payload === (scope === SCOPE_UPLOAD))
  if (!scoped || typeof payload.url !== 'string') {
    throw invalidSignature(`Token is not scoped for ${scope}`)
  }
  if (payload.url !== url) throw invalidSignature()
  return payload
}

export async function verifyDownloadToken(
  keys: JwtKeys,
  token: string | null,
  url: string
): Promise<DownloadToken> {
  const payload = await verify(keys, token, url, SCOPE_DOWNLOAD)
  return {
    url,
    exp: payload.exp ?? 0,
    transformations: typeof payload.transformations === 'string' ? payload.transformations : '',
    format: typeof payload.format === 'string' ? payload.format : ''
  }
}

export async function verifyUploadToken(
  keys: JwtKeys,
  token: string | null,
  url: string
): Promise<UploadToken> {
  const payload = await verify(keys, token, url, SCOPE_UPLOAD)
  return {
    url,
    exp: payload.exp ?? 0,
    owner: typeof payload.owner === 'string' ? payload.owner : undefined,
    upsert: payload.upsert === true
  }
}
