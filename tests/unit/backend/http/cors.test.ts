// The CORS allow-list: which origins it accepts, and how INSTAFRAME_CORS_ORIGINS is read.

import { describe, expect, it } from 'vitest'
import { CorsPolicy, corsOriginsFromEnv, DEV_ORIGINS } from '../../../../src/backend/http/cors'

describe('CorsPolicy', () => {
  const policy = new CorsPolicy([...DEV_ORIGINS, 'null'])

  it('allows requests without an Origin and the listed origins, exactly', () => {
    expect(policy.allows(undefined)).toBe(true)
    expect(policy.allows('http://localhost:5173')).toBe(true)
    expect(policy.allows('null')).toBe(true)
    expect(policy.allows('http://localhost:5173.evil.example')).toBe(false)
    expect(policy.allows('https://localhost:5173')).toBe(false)
  })

  it('echoes an allowed origin and never sends a wildcard', () => {
    expect(policy.headersFor('null')['access-control-allow-origin']).toBe('null')
    expect(policy.headersFor('https://evil.example')['access-control-allow-origin']).toBeUndefined()
  })

  it('allows every origin only when told "*"', () => {
    expect(new CorsPolicy(['*']).allows('https://anything.example')).toBe(true)
  })
})

describe('corsOriginsFromEnv', () => {
  it('reads a comma-separated list and normalises each origin', () => {
    expect(corsOriginsFromEnv(' https://app.example.com/ , http://localhost:3000')).toEqual([
      'https://app.example.com',
      'http://localhost:3000'
    ])
    expect(corsOriginsFromEnv(undefined)).toEqual([])
  })

  it('refuses a value that is not an origin, naming it', () => {
    expect(() => corsOriginsFromEnv('app.example.com')).toThrow(
      /"app.example.com" is not an origin/
    )
    expect(() => corsOriginsFromEnv('https://app.example.com/path')).toThrow(/no path/)
  })
})
