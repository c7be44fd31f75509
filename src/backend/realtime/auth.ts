// Who a socket and each of its channels act as. The socket's `apikey` must be a JWT this
// backend signed (the gateway, http/gateway.ts, lets only the anon and service_role keys reach
// the upgrade): any other string used to mean anon, which let any page open a socket without
// knowing the key. A channel acts as the `access_token` of its join (or of a later
// `access_token` push), else as the apikey.

import { JwtError, verifyJwt, type JwtKeys, type RequestIdentity } from '../jwt'

export class RealtimeAuthError extends Error {}

const isJwt = (token: string): boolean => token.split('.').length === 3

async function verify(keys: JwtKeys, token: string, what: string): Promise<RequestIdentity> {
  try {
    const claims = await verifyJwt(keys, token)
    return { role: claims.role, claims }
  } catch (error) {
    if (error instanceof JwtError) {
      throw new RealtimeAuthError(
        error.expired ? `Token has expired: sign in again` : `Invalid ${what}: ${error.message}`
      )
    }
    throw error
  }
}

export async function identifyApiKey(
  keys: JwtKeys,
  apikey: string | null
): Promise<RequestIdentity> {
  if (!apikey) throw new RealtimeAuthError('No apikey: connect with ?apikey=<anon key>')
  if (!isJwt(apikey)) {
    throw new RealtimeAuthError('Invalid apikey: use the anon key or an access token (a JWT)')
  }
  return verify(keys, apikey, 'apikey')
}

export async function identifyAccessToken(
  keys: JwtKeys,
  token: unknown,
  fallback: RequestIdentity
): Promise<RequestIdentity> {
  if (token === undefined || token === null || token === '') return fallback
  if (typeof token !== 'string') throw new RealtimeAuthError('access_token must be a string')
  return verify(keys, token, 'access_token')
}

/** Channels acting as the same role and claims share one visibility check per change. */
export function identityKey(identity: RequestIdentity): string {
  return `${identity.role}:${JSON.stringify(identity.claims)}`
}

/** Milliseconds until the identity's token expires, or null when it has no expiry. */
export function msUntilExpiry(identity: RequestIdentity, now = Date.now()): number | null {
  const exp = identity.claims.exp
  return typeof exp === 'number' ? exp * 1000 - now : null
}
