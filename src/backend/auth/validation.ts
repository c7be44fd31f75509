// Input rules for sign-up and sign-in, as GoTrue applies them with the Supabase CLI's defaults
// (minimum_password_length = 6). Pure functions, so they are unit-tested without a server.

import { AuthError, validationFailed } from './errors'

export const MIN_PASSWORD_LENGTH = 6
/** bcrypt ignores everything after 72 bytes, so longer passwords would silently be truncated. */
export const MAX_PASSWORD_BYTES = 72
const MAX_EMAIL_LENGTH = 255

// GoTrue's format check (checkmail.ValidateFormat): the characters an address's local part and
// host labels may hold. Deliverability is the mail's job.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
// Stricter than GoTrue on one point: the host has a dot (`a@localhost` mails nobody).
const HOST_WITH_DOT = /@[^@]+\.[^@]+$/

/** Returns the lower-cased, trimmed address or throws 400 validation_failed. */
export function normaliseEmail(value: unknown, missingMessage: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw validationFailed(missingMessage)
  const email = value.trim().toLowerCase()
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email) || !HOST_WITH_DOT.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format')
  }
  return email
}

/** Sign-up password rules: present, at least 6 characters, at most 72 bytes. */
export function checkNewPassword(
  value: unknown,
  missingMessage = 'Signup requires a valid password'
): string {
  if (typeof value !== 'string' || value === '') throw validationFailed(missingMessage)
  if ([...value].length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      { weak_password: { reasons: ['length'] } }
    )
  }
  if (Buffer.byteLength(value, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new AuthError(
      422,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} bytes (the limit of bcrypt, which ` +
        'would ignore the rest).'
    )
  }
  return value
}

/** The user metadata sent as `data`: a plain JSON object, else empty. */
export function userMetadata(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return value as Record<string, unknown>
  }
  return {}
}

/** GoTrue's validatePhone: separators dropped, then E.164 digits without the plus. */
export function normalisePhone(value: string): string {
  const phone = value.replace(/[\s+\-()]/g, '')
  if (!/^[1-9]\d{1,14}$/.test(phone)) {
    throw validationFailed('Invalid phone number format (E.164 required)')
  }
  return phone
}
