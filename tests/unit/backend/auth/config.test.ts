import { describe, expect, it } from 'vitest'
import { DEFAULT_AUTH_CONFIG, parseAuthConfig } from '../../../../src/backend/auth/config'

describe('parseAuthConfig (supabase/config.toml)', () => {
  it('reads enable_anonymous_sign_ins and [auth.rate_limit] with the CLI key names', () => {
    const config = parseAuthConfig(`
[auth]
enable_anonymous_sign_ins = true

[auth.rate_limit]
sign_in_sign_ups = 12
token_refresh = 40 # a comment
anonymous_users = 3
unknown_limit = 9

[auth.email]
enable_confirmations = false
`)
    expect(config.anonymousSignIns).toBe(true)
    expect(config.rateLimits.signInSignUps).toEqual({ limit: 12, windowMs: 300_000 })
    expect(config.rateLimits.tokenRefresh).toEqual({ limit: 40, windowMs: 300_000 })
    expect(config.rateLimits.anonymousUsers).toEqual({ limit: 3, windowMs: 3_600_000 })
    expect(config.rateLimits.tokenVerifications).toEqual(
      DEFAULT_AUTH_CONFIG.rateLimits.tokenVerifications
    )
  })

  it('keeps the defaults when the file says nothing', () => {
    expect(parseAuthConfig('[api]\nmax_rows = 5\n')).toEqual(DEFAULT_AUTH_CONFIG)
  })

  it("hashes new passwords at GoTrue's bcrypt cost, which no config.toml key changes", () => {
    expect(DEFAULT_AUTH_CONFIG.passwordCost).toBe(10)
    expect(parseAuthConfig('[auth]\npassword_cost = 4\n').passwordCost).toBe(10)
  })
})
