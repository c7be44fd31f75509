// Access tokens with GoTrue's claims (sub, aud, role, session_id, aal, amr, …). Signed here
// rather than with jwt.ts's signJwt because GoTrue's `iss` is `<url>/auth/v1`, the injected
// clock must set iat/exp, and user tokens are signed with the published ES256 key (its `kid` in
// the header, so getClaims() verifies them against the JWKS) when the backend has one.

import { SignJWT } from 'jose'
import type { JwtKeys } from '../jwt'
import { ACCESS_TOKEN_TTL_SECONDS } from '../jwt'
import { SIGNING_ALGORITHM } from '../signing-keys'
import type { UserObject } from './users'

export interface SessionResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: UserObject
}

/** One way the session proved who it is, newest first in the `amr` claim. */
export interface AmrEntry {
  method: string
  timestamp: number
}

export type AssuranceLevel = 'aal1' | 'aal2'

export interface AccessTokenInput {
  keys: JwtKeys
  issuer: string
  user: UserObject
  sessionId: string
  aal: AssuranceLevel
  amr: AmrEntry[]
  nowMs: number
}

export async function signAccessToken(input: AccessTokenInput): Promise<{
  token: string
  expiresAt: number
}> {
  const iat = Math.floor(input.nowMs / 1000)
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS
  const { user } = input
  const claims = new SignJWT({
    iss: input.issuer,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat,
    email: user.email,
    phone: typeof user.phone === 'string' ? user.phone : '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: typeof user.role === 'string' && user.role ? user.role : 'authenticated',
    aal: input.aal,
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: user.is_anonymous === true
  })
  const signing = input.keys.signing
  const token = signing
    ? await claims
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: signing.kid, typ: 'JWT' })
        .sign(signing.privateKey)
    : await claims.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(input.keys.secret)
  return { token, expiresAt: exp }
}
