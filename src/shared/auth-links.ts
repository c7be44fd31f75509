// `instaframe://auth/callback`: where the links in the mails lead in the desktop app. The mail's
// link goes to the backend's /auth/v1/verify, which redeems it and redirects here with the
// session in the fragment (`#access_token=…&refresh_token=…&type=recovery`), an error
// (`#error=…&error_description=…`) or, for the first of an email change's two links, a message,
// exactly as GoTrue's implicit flow does. The same parameters after `?` are accepted too. The link
// comes from outside like every deep link, so only these parameters, once each and in their
// expected shapes, are accepted; anything else opens nothing.

import { DEEP_LINK_SCHEME } from './link-scheme'

export const AUTH_CALLBACK_URL = `${DEEP_LINK_SCHEME}://auth/callback`

/** Longer than any link the backend sends (two tokens and a few short fields). */
export const MAX_AUTH_LINK_LENGTH = 8192

/** The `type` a verified link carries (the backend's verify types). */
export const AUTH_LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email'
] as const
export type AuthLinkType = (typeof AUTH_LINK_TYPES)[number]

/** What a completed link did: signed someone in (of a type), or confirmed one of two addresses. */
export type AuthLinkOutcome = AuthLinkType | 'email-change-half'

export type AuthLink =
  | {
      kind: 'session'
      type: AuthLinkType
      /** The token's `sub`: whom the link signs in (checked by the server on use). */
      userId: string
      accessToken: string
      refreshToken: string
    }
  | { kind: 'email-change-half' }
  | { kind: 'error'; message: string }

export const AUTH_LINK_MESSAGES = {
  damaged:
    'This sign-in link is damaged: open the link from the email again, or ask for a new one.',
  failed: (reason: string): string => `The link from the email did not work: ${reason}`,
  unknownFailure: 'The link from the email did not work. Ask for a new one and try again.',
  /** The reason supabase-js gives when the session in a link cannot be used. */
  notUsable: (reason: string): string => `This sign-in link could not be used: ${reason}`,
  signedIn: 'You’re signed in.',
  signupConfirmed: 'Your email address is confirmed and you’re signed in.',
  emailChanged: 'Your email address is changed.',
  emailChangeHalf:
    'This address is confirmed. Open the link we sent to your other address to finish the change.'
} as const

const KNOWN_PARAMS = new Set([
  'access_token',
  'refresh_token',
  'expires_at',
  'expires_in',
  'token_type',
  'type',
  'error',
  'error_code',
  'error_description',
  'message'
])

const JWT_RULE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/
const REFRESH_TOKEN_RULE = /^[A-Za-z0-9_-]{8,512}$/
const DIGITS_RULE = /^[0-9]{1,12}$/
const UUID_RULE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Error descriptions are shown to the user: printable text, one short line. */
const MAX_DESCRIPTION = 200

const damaged = (): AuthLink => ({ kind: 'error', message: AUTH_LINK_MESSAGES.damaged })

/** Whether a deep link is meant for the auth callback (and so parsed here, not as a route). */
export function isAuthLink(raw: unknown): raw is string {
  const prefix = `${DEEP_LINK_SCHEME}://auth`
  if (typeof raw !== 'string' || raw.slice(0, prefix.length).toLowerCase() !== prefix) return false
  return raw.length === prefix.length || '/?#'.includes(raw[prefix.length])
}

/** The `sub` claim of a JWT, read without checking the signature (the server checks it on use). */
function subjectOf(jwt: string): string | null {
  try {
    const payload = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    const claims: unknown = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '=')))
    const sub = typeof claims === 'object' && claims !== null && 'sub' in claims ? claims.sub : null
    return typeof sub === 'string' && UUID_RULE.test(sub) ? sub : null
  } catch {
    return null
  }
}

function readableDescription(value: string | undefined): string | null {
  const text = (value ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text) return null
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text
}

/** Each known parameter at most once; null when an unknown or repeated one is present. */
function readParams(query: string): Map<string, string> | null {
  let params: URLSearchParams
  try {
    params = new URLSearchParams(query)
  } catch {
    return null
  }
  const found = new Map<string, string>()
  for (const [key, value] of params) {
    if (!KNOWN_PARAMS.has(key) || found.has(key)) return null
    found.set(key, value)
  }
  return found
}

export function parseAuthLink(raw: unknown): AuthLink {
  if (!isAuthLink(raw) || raw.length > MAX_AUTH_LINK_LENGTH) return damaged()
  const prefix = AUTH_CALLBACK_URL
  if (raw.slice(0, prefix.length).toLowerCase() !== prefix) return damaged()
  const rest = raw.slice(prefix.length).replace(/^\//, '')
  // One separator, then the parameters: `#…` (what /verify sends) or `?…`, never both.
  if (rest.length < 2 || !'?#'.includes(rest[0]) || /[?#]/.test(rest.slice(1))) return damaged()
  const params = readParams(rest.slice(1))
  if (!params || params.size === 0) return damaged()

  if (params.has('error') || params.has('error_code') || params.has('error_description')) {
    if (params.has('access_token') || params.has('refresh_token')) return damaged()
    const description = readableDescription(params.get('error_description'))
    return {
      kind: 'error',
      message: description
        ? AUTH_LINK_MESSAGES.failed(description)
        : AUTH_LINK_MESSAGES.unknownFailure
    }
  }
  if (params.has('message')) {
    // GoTrue's own text; ours is shown instead, so the link cannot put words in the app's mouth.
    return params.size === 1 ? { kind: 'email-change-half' } : damaged()
  }
  const accessToken = params.get('access_token') ?? ''
  const refreshToken = params.get('refresh_token') ?? ''
  const type = params.get('type') ?? ''
  const tokenType = params.get('token_type')
  const numbers = [params.get('expires_at'), params.get('expires_in')]
  if (
    accessToken.length > 4096 ||
    !JWT_RULE.test(accessToken) ||
    !REFRESH_TOKEN_RULE.test(refreshToken) ||
    !(AUTH_LINK_TYPES as readonly string[]).includes(type) ||
    (tokenType !== undefined && tokenType.toLowerCase() !== 'bearer') ||
    numbers.some((value) => value !== undefined && !DIGITS_RULE.test(value))
  ) {
    return damaged()
  }
  const userId = subjectOf(accessToken)
  if (!userId) return damaged()
  return { kind: 'session', type: type as AuthLinkType, userId, accessToken, refreshToken }
}
