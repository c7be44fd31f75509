// The auth settings a hosted project takes from supabase/config.toml's [auth] tables, read from
// the same file so the local backend behaves as the project is configured: anonymous sign-ins
// ([auth] enable_anonymous_sign_ins) and the per-address rate limits ([auth.rate_limit], with
// the Supabase CLI's key names and windows).

import { existsSync, readFileSync } from 'node:fs'
import { readTomlTable } from '../config-toml'

const FIVE_MINUTES_MS = 5 * 60_000
const ONE_HOUR_MS = 60 * 60_000

/** One per-address limit: at most `limit` requests in any `windowMs` (0 turns it off). */
export interface RateLimit {
  limit: number
  windowMs: number
}

export interface AuthRateLimits {
  /** Sign-ups and password sign-ins (`sign_in_sign_ups`, per 5 minutes). */
  signInSignUps: RateLimit
  /** Refresh-token grants (`token_refresh`, per 5 minutes). */
  tokenRefresh: RateLimit
  /** OTP, link and MFA code verifications (`token_verifications`, per 5 minutes). */
  tokenVerifications: RateLimit
  /** Anonymous sign-ins (`anonymous_users`, per hour). */
  anonymousUsers: RateLimit
  /** Mails sent (`email_sent`, per hour): per address, and per project with a mail server. */
  emailSent: RateLimit
}

export interface AuthConfig {
  /** `[auth] enable_anonymous_sign_ins` (the CLI's default is false). */
  anonymousSignIns: boolean
  rateLimits: AuthRateLimits
  /**
   * bcrypt's cost for new password hashes: GoTrue's 10. Not a config.toml setting; the test
   * harness lowers it to bcrypt's minimum, 4, where hashing is not what a test looks at.
   */
  passwordCost: number
}

/**
 * The limits this backend always had (30 sign-ups a minute, 60 token requests a minute per
 * address), said in the CLI's windows; anonymous sign-ins and mails take the CLI's defaults.
 */
export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  anonymousSignIns: false,
  passwordCost: 10,
  rateLimits: {
    signInSignUps: { limit: 150, windowMs: FIVE_MINUTES_MS },
    tokenRefresh: { limit: 300, windowMs: FIVE_MINUTES_MS },
    tokenVerifications: { limit: 150, windowMs: FIVE_MINUTES_MS },
    anonymousUsers: { limit: 30, windowMs: ONE_HOUR_MS },
    emailSent: { limit: 30, windowMs: ONE_HOUR_MS }
  }
}

const RATE_LIMIT_KEYS: Record<string, keyof AuthRateLimits> = {
  sign_in_sign_ups: 'signInSignUps',
  token_refresh: 'tokenRefresh',
  token_verifications: 'tokenVerifications',
  anonymous_users: 'anonymousUsers',
  email_sent: 'emailSent'
}

export interface AuthConfigOverrides {
  anonymousSignIns?: boolean
  /** Requests allowed per window; the windows stay the CLI's. */
  rateLimits?: Partial<Record<keyof AuthRateLimits, number>>
}

/** The defaults (or `base`) with some values changed: for tests, the seed and e2e. */
export function authConfigWith(
  overrides: AuthConfigOverrides,
  base: AuthConfig = DEFAULT_AUTH_CONFIG
): AuthConfig {
  const rateLimits = { ...base.rateLimits }
  for (const [key, limit] of Object.entries(overrides.rateLimits ?? {})) {
    const name = key as keyof AuthRateLimits
    if (typeof limit === 'number') rateLimits[name] = { ...rateLimits[name], limit }
  }
  return {
    anonymousSignIns: overrides.anonymousSignIns ?? base.anonymousSignIns,
    rateLimits,
    passwordCost: base.passwordCost
  }
}

export function parseAuthConfig(source: string, file?: string): AuthConfig {
  const auth = readTomlTable(source, 'auth', file)
  const limits = readTomlTable(source, 'auth.rate_limit', file)
  const rateLimits: AuthConfigOverrides['rateLimits'] = {}
  for (const [key, value] of limits) {
    const name = RATE_LIMIT_KEYS[key]
    if (name && typeof value === 'number' && value >= 0) rateLimits[name] = value
  }
  const anonymous = auth.get('enable_anonymous_sign_ins')
  return authConfigWith({
    anonymousSignIns: typeof anonymous === 'boolean' ? anonymous : undefined,
    rateLimits
  })
}

/** The [auth] settings of the config.toml at `path`, or the defaults when there is none. */
export function loadAuthConfig(path: string): AuthConfig {
  if (!existsSync(path)) return DEFAULT_AUTH_CONFIG
  return parseAuthConfig(readFileSync(path, 'utf8'), path)
}
