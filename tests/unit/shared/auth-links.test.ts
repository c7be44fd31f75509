import { describe, expect, it } from 'vitest'
import {
  AUTH_CALLBACK_URL,
  AUTH_LINK_MESSAGES,
  isAuthLink,
  MAX_AUTH_LINK_LENGTH,
  parseAuthLink
} from '../../../src/shared/auth-links'

const USER = '0f8fad5b-d9cb-469f-a165-70867728950e'
const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (claims: object): string => `${part({ alg: 'HS256' })}.${part(claims)}.c2lnbmF0dXJl`
const ACCESS = jwt({ sub: USER, role: 'authenticated' })
const REFRESH = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhx'

function link(params: Record<string, string>, separator = '#'): string {
  return `${AUTH_CALLBACK_URL}${separator}${new URLSearchParams(params)}`
}

const session = {
  access_token: ACCESS,
  expires_at: '1790000000',
  expires_in: '3600',
  refresh_token: REFRESH,
  token_type: 'bearer',
  type: 'recovery'
}
const damaged = { kind: 'error', message: AUTH_LINK_MESSAGES.damaged }

describe('parseAuthLink', () => {
  it('reads the session /verify puts in the fragment, with whom it signs in', () => {
    expect(parseAuthLink(link(session))).toEqual({
      kind: 'session',
      type: 'recovery',
      userId: USER,
      accessToken: ACCESS,
      refreshToken: REFRESH
    })
  })

  it('accepts the query form, a trailing slash and any case in the scheme', () => {
    const query = link({ ...session, type: 'magiclink' }, '?')
    expect(parseAuthLink(query)).toMatchObject({ kind: 'session', type: 'magiclink' })
    const slashed = `INSTAFRAME://auth/callback/#${new URLSearchParams(session)}`
    expect(parseAuthLink(slashed)).toMatchObject({ kind: 'session', userId: USER })
  })

  it('turns an error into its description, made one printable line', () => {
    const error = link({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid\u0000 or\nhas expired'
    })
    expect(parseAuthLink(error)).toEqual({
      kind: 'error',
      message: AUTH_LINK_MESSAGES.failed('Email link is invalid or has expired')
    })
    expect(parseAuthLink(link({ error: 'server_error' }))).toEqual({
      kind: 'error',
      message: AUTH_LINK_MESSAGES.unknownFailure
    })
    const long = parseAuthLink(link({ error: 'x', error_description: 'a'.repeat(5000) }))
    expect(long.kind === 'error' && long.message.length).toBeLessThan(260)
  })

  it('reads the first of two email-change links as that, never showing the link’s own words', () => {
    expect(parseAuthLink(link({ message: 'Confirmation link accepted' }))).toEqual({
      kind: 'email-change-half'
    })
    expect(parseAuthLink(link({ message: 'hi', access_token: ACCESS }))).toEqual(damaged)
  })

  it.each([
    ['no parameters', `${AUTH_CALLBACK_URL}#`],
    ['another path', `instaframe://auth/other#${new URLSearchParams(session)}`],
    ['an unknown parameter', link({ ...session, redirect: 'https://evil.example' })],
    ['a PKCE code', link({ code: 'abc' }, '?')],
    ['a repeated parameter', `${link(session)}&type=signup`],
    ['both separators', `${AUTH_CALLBACK_URL}?type=recovery#${new URLSearchParams(session)}`],
    ['an unknown type', link({ ...session, type: 'admin' })],
    ['no type', link({ access_token: ACCESS, refresh_token: REFRESH })],
    ['a token that is not a JWT', link({ ...session, access_token: 'not-a-jwt' })],
    ['a JWT without a user id', link({ ...session, access_token: jwt({ role: 'anon' }) })],
    ['a JWT whose payload is not JSON', link({ ...session, access_token: 'a.bm90IGpzb24.c' })],
    ['a short refresh token', link({ ...session, refresh_token: 'abc' })],
    ['a refresh token with odd characters', link({ ...session, refresh_token: 'abc<def>ghij' })],
    ['another token type', link({ ...session, token_type: 'mac' })],
    ['a non-numeric expiry', link({ ...session, expires_in: '1e9' })],
    ['tokens beside an error', link({ ...session, error: 'access_denied' })],
    ['an over-long link', link({ ...session, access_token: 'a'.repeat(MAX_AUTH_LINK_LENGTH) })]
  ])('refuses %s', (_name, raw) => {
    expect(parseAuthLink(raw)).toEqual(damaged)
  })

  it('refuses what is not text', () => {
    expect(parseAuthLink(42)).toEqual(damaged)
    expect(parseAuthLink(null)).toEqual(damaged)
  })
})

describe('isAuthLink', () => {
  it('claims instaframe://auth links and nothing that only starts the same', () => {
    expect(isAuthLink(`${AUTH_CALLBACK_URL}#a=b`)).toBe(true)
    expect(isAuthLink('instaframe://auth')).toBe(true)
    expect(isAuthLink('instaframe://authors/x')).toBe(false)
    expect(isAuthLink('instaframe://u/auth')).toBe(false)
    expect(isAuthLink('https://auth/callback')).toBe(false)
    expect(isAuthLink(undefined)).toBe(false)
  })
})
