// Two-factor authentication with an authenticator app (TOTP) through supabase-js's `auth.mfa`
// (docs/product.md, "Account recovery and security"): turn it on (enroll, then confirm with a first
// code), list and remove it, and the second step of signing in (aal1 → aal2).

import type { Session, SupabaseClient } from '@supabase/supabase-js'
import type { TotpEnrollment, TwoFactorMethod, TwoFactorConfirmation } from '../bridge-contract'
import { AUTH_MESSAGES, authErrorMessage } from '../auth-messages'
import { ACCOUNT_FAILED } from './account'

function fail(error: unknown): never {
  throw new Error(authErrorMessage(error, ACCOUNT_FAILED))
}

/** The user's verified authenticator apps. */
export async function listTwoFactor(client: SupabaseClient): Promise<TwoFactorMethod[]> {
  const { data, error } = await client.auth.mfa.listFactors()
  if (error) fail(error)
  return data.totp.map((factor) => ({
    id: factor.id,
    name: factor.friendly_name ?? '',
    createdAt: factor.created_at
  }))
}

/** Starts turning two-factor on: a QR code and the secret, to add in an authenticator app. */
export async function enrollTwoFactor(client: SupabaseClient): Promise<TotpEnrollment> {
  // A name per enrollment, so an abandoned one (the server drops it after 5 minutes) never
  // blocks the next with a name conflict.
  const name = `Authenticator app ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: name,
    issuer: 'Instaframe'
  })
  if (error) fail(error)
  return { factorId: data.id, qrCodeSvg: data.totp.qr_code, secret: data.totp.secret }
}

/** Turns two-factor on with the first code from the app; the session is aal2 afterwards. */
export async function confirmTwoFactor(
  client: SupabaseClient,
  input: TwoFactorConfirmation
): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId: input.factorId,
    code: input.code.replace(/\s+/g, '')
  })
  if (error) fail(error)
}

export async function removeTwoFactor(client: SupabaseClient, factorId: string): Promise<void> {
  const { error } = await client.auth.mfa.unenroll({ factorId })
  if (error) fail(error)
}

/** The second step of signing in: a code from the app raises the session to aal2. */
export async function verifySecondFactor(client: SupabaseClient, code: string): Promise<void> {
  const [factor] = await listTwoFactor(client)
  if (!factor) throw new Error(AUTH_MESSAGES.mfaCodeInvalid)
  await confirmTwoFactor(client, { factorId: factor.id, code })
}

/** The `aal` claim of an access token, or null when it cannot be read. */
function tokenAal(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    const claims = JSON.parse(atob(payload)) as { aal?: unknown }
    return typeof claims.aal === 'string' ? claims.aal : null
  } catch {
    return null
  }
}

/**
 * Whether the session still needs its second factor: the user has a verified factor and the
 * token is aal1 (supabase-js's getAuthenticatorAssuranceLevel, read from the session in hand
 * instead of through the client's auth lock, which the session's own listener may be holding).
 */
export function needsSecondFactor(session: Session): boolean {
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified')
  return verified && tokenAal(session.access_token) === 'aal1'
}
