// Two-factor recovery codes (docs/product.md, "Account recovery and security"): ten single-use
// codes that stand in for the authenticator app at sign-in. The local backend serves them under
// /auth/v1/factors/recovery-codes (docs/architecture.md, "Auth beyond passwords"); GoTrue has no such
// endpoints, so on a hosted project `recoveryCodeStatus` answers null and the app hides them.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { RecoveryCodeStatus } from '../bridge-contract'
import { AUTH_MESSAGES, authErrorMessage } from '../auth-messages'
import { ACCOUNT_FAILED } from './account'

/** What a server without the endpoints answers: GoTrue's 404, or 405 for the factor-id route. */
const UNSUPPORTED_STATUSES = new Set([404, 405])

interface AuthEndpoint {
  url: string
  key: string
}

/**
 * The client's auth URL and project key. supabase-js keeps them protected and auth-js has no
 * method for routes GoTrue lacks, so they are read here, in one place, instead of copied around.
 */
function authEndpoint(client: SupabaseClient): AuthEndpoint {
  const internals = client as unknown as { authUrl?: URL; supabaseKey?: string }
  if (!internals.authUrl || !internals.supabaseKey) throw new Error(ACCOUNT_FAILED)
  return { url: internals.authUrl.href.replace(/\/+$/, ''), key: internals.supabaseKey }
}

class RecoveryCodeRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string
  ) {
    super(message)
  }
}

async function call<T>(
  client: SupabaseClient,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown
): Promise<T> {
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error(AUTH_MESSAGES.mfaRequired)
  const endpoint = authEndpoint(client)
  let response: Response
  try {
    response = await fetch(`${endpoint.url}/factors/recovery-codes${path}`, {
      method,
      headers: {
        apikey: endpoint.key,
        authorization: `Bearer ${data.session.access_token}`,
        'content-type': 'application/json'
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  } catch {
    throw new Error(AUTH_MESSAGES.offline)
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    const code = typeof answer.code === 'string' ? answer.code : null
    const message = typeof answer.msg === 'string' ? answer.msg : ''
    throw new RecoveryCodeRequestError(response.status, code, message)
  }
  return answer as T
}

function fail(error: unknown): never {
  if (error instanceof RecoveryCodeRequestError) {
    throw new Error(authErrorMessage({ code: error.code, message: error.message }, ACCOUNT_FAILED))
  }
  throw error
}

/** How many codes are left; null when the server offers no recovery codes (hosted Supabase). */
export async function recoveryCodeStatus(
  client: SupabaseClient
): Promise<RecoveryCodeStatus | null> {
  try {
    const answer = await call<{ total: number; remaining: number }>(client, 'GET', '')
    return { total: answer.total, remaining: answer.remaining }
  } catch (error) {
    if (error instanceof RecoveryCodeRequestError && UNSUPPORTED_STATUSES.has(error.status)) {
      return null
    }
    return fail(error)
  }
}

/** A new set of ten codes (the session must be aal2); the previous set stops working. */
export async function generateRecoveryCodes(client: SupabaseClient): Promise<string[]> {
  try {
    return (await call<{ codes: string[] }>(client, 'POST', '')).codes
  } catch (error) {
    return fail(error)
  }
}

/** The second step of signing in with a recovery code instead of the app: aal1 → aal2. */
export async function redeemRecoveryCode(client: SupabaseClient, code: string): Promise<void> {
  let tokens: { access_token: string; refresh_token: string }
  try {
    tokens = await call(client, 'POST', '/redeem', { code })
  } catch (error) {
    if (error instanceof RecoveryCodeRequestError && error.code === 'mfa_verification_failed') {
      throw new Error(AUTH_MESSAGES.recoveryCodeInvalid)
    }
    return fail(error)
  }
  // The server rotated the refresh token with the upgrade: the client keeps the new pair.
  const { error } = await client.auth.setSession(tokens)
  if (error) throw new Error(authErrorMessage(error, ACCOUNT_FAILED))
}
