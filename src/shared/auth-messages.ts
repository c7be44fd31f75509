// What the app says when signing in, signing up, recovering a password or changing an account
// fails. Signing in and up say the auth server's own sentence ("Invalid login credentials", the
// spec's rule), else 'Failed to sign in' / 'Failed to sign up', with the app's friendlier words
// (as instagram.com words them) under it (authFailure). The account steps say the app's words
// alone (authErrorMessage). The mapping goes by GoTrue's error codes, which hosted Supabase and
// the local backend share; the weak password's sentence has no friendlier twin.

import { failureWithHelp, messageOr } from './errors'

export const AUTH_MESSAGES = {
  wrongPassword: 'Sorry, your password was incorrect. Please double-check your password.',
  unknownUsername:
    "The username you entered doesn't belong to an account. Please check your username and try again.",
  emailTaken: 'Another account is using the same email.',
  emailNotConfirmed: 'Confirm your email first: open the link we sent you, then log in.',
  waitBeforeRetry: 'Please wait a few minutes before you try again.',
  codeInvalid: "That code isn't valid. You can request a new one.",
  mfaCodeInvalid: "That code isn't valid. Check the code in your authentication app and try again.",
  recoveryCodeInvalid:
    "That recovery code isn't valid or was already used. Each code works once: try another one.",
  samePassword: "Create a new password that you haven't used before.",
  invalidEmail: 'Enter a valid email address.',
  emailSent: (email: string): string =>
    `We sent an email to ${email} with a link and a 6-digit code.`,
  passwordChanged: 'Your password was changed.',
  emailChangeSent: (email: string): string =>
    `Check ${email}: open the link we sent to confirm your new email.`,
  passwordMismatch: "Passwords don't match.",
  mfaRequired: 'Enter your two-factor code first.',
  offline: "We couldn't connect to the server. Check your connection and try again."
} as const

const BY_CODE: Record<string, string> = {
  invalid_credentials: AUTH_MESSAGES.wrongPassword,
  user_already_exists: AUTH_MESSAGES.emailTaken,
  email_exists: AUTH_MESSAGES.emailTaken,
  email_not_confirmed: AUTH_MESSAGES.emailNotConfirmed,
  over_request_rate_limit: AUTH_MESSAGES.waitBeforeRetry,
  over_email_send_rate_limit: AUTH_MESSAGES.waitBeforeRetry,
  too_many_attempts: AUTH_MESSAGES.waitBeforeRetry,
  otp_expired: AUTH_MESSAGES.codeInvalid,
  mfa_verification_failed: AUTH_MESSAGES.mfaCodeInvalid,
  mfa_challenge_expired: AUTH_MESSAGES.mfaCodeInvalid,
  same_password: AUTH_MESSAGES.samePassword,
  email_address_invalid: AUTH_MESSAGES.invalidEmail,
  insufficient_aal: AUTH_MESSAGES.mfaRequired
}

/** Server messages that come without a code (older GoTrue answers, the sign-up check). */
const BY_MESSAGE: Record<string, string> = {
  'Invalid login credentials': AUTH_MESSAGES.wrongPassword,
  'User already registered': AUTH_MESSAGES.emailTaken,
  'Email not confirmed': AUTH_MESSAGES.emailNotConfirmed,
  'Token has expired or is invalid': AUTH_MESSAGES.codeInvalid
}

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const { code, hint } = error as { code?: unknown; hint?: unknown }
  if (typeof hint === 'string' && hint in BY_CODE) return hint
  return typeof code === 'string' ? code : null
}

/** The app's friendlier words for an auth failure, by code then by the server's sentence. */
export function authHelp(error: unknown): string | null {
  const code = codeOf(error)
  if (code && BY_CODE[code]) return BY_CODE[code]
  if (isOffline(error)) return AUTH_MESSAGES.offline
  const message = messageOr(error, '')
  return BY_MESSAGE[message] ?? null
}

/**
 * A sign-in or sign-up failure as the spec says it: the server's message, else `fallback`, with
 * the app's friendlier words under it when it has some (splitHelp takes them apart).
 */
export function authFailure(error: unknown, fallback: string): Error {
  return failureWithHelp(messageOr(error, fallback), authHelp(error))
}

function isOffline(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status
  const name = (error as { name?: unknown } | null)?.name
  return name === 'AuthRetryableFetchError' || status === 0
}

/**
 * The app's sentence for an auth failure: by code, then by the server's sentence; anything else
 * keeps the server's message (the spec's rule), or `fallback` when there is none.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  const code = codeOf(error)
  if (code && BY_CODE[code]) return BY_CODE[code]
  if (isOffline(error)) return AUTH_MESSAGES.offline
  const message = messageOr(error, fallback)
  return BY_MESSAGE[message] ?? message
}
