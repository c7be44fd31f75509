// Access tokens with GoTrue's claims (sub, aud, role, session_id, amr, …). Signed here rather
// than with jwt.ts's signJwt because GoTrue's `iss` is `<url>/auth/v1` and the injected clock
// must set iat/exp.

import { SignJWT } from 'jose'
import type { JwtKeys } from '../jwt'
import { ACCESS_TOKEN_TTL_SECONDS } from '../jwt'
import type { UserObject } from './users'

export interface SessionResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: UserObject
}

export interface AccessTokenInput {
  keys: JwtKeys
  issuer: string
  user: UserObject
  sessionId: string
  /** When the session signed in, for the `amr` claim (seconds). */
  authenticatedAt: number
  nowMs: number
}

export async function signAccessToken(input: AccessTokenInput): Promise<{
  token: string
  expiresAt: number
}> {
  const iat = Math.floor(input.nowMs / 1000)
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS
  const { user } = input
  const token = await new SignJWT({
    iss: input.issuer,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat,
    email: user.email,
    phone: typeof user.phone === 'string' ? user.phone : '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: Math.floor(input.authenticatedAt) }],
    session_id: input.sessionId,
    is_anonymous: false
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(input.keys.secret)
  return { token, expiresAt: exp }
}
