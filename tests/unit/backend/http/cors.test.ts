// The CORS allow-list: which origins it accepts, and how INSTAFRAME_CORS_ORIGINS is read.

import { describe, expect, it } from 'vitest'
import { CorsPolicy, corsOriginsFromEnv, DEV_ORIGINS } from '../../../../src/backend/http/cors'

describe('CorsPolicy', () => {
  const policy = new CorsPolicy([...DEV_ORIGINS, 'app://instaframe'])

  it('allows requests without an Origin and the listed origins, exactly', () => {
    expect(policy.allows(undefined)).toBe(true)
    expect(policy.allows('http://localhost:5173')).toBe(true)
    expect(policy.allows('app://instaframe')).toBe(true)
    expect(policy.allows('app://instaframe.evil')).toBe(false)
    expect(policy.allows('http://localhost:5173.evil.example')).toBe(false)
    expect(policy.allows('https://localhost:5173')).toBe(false)
  })

  it('echoes an allowed origin and never sends a wildcard', () => {
    expect(policy.headersFor('app://instaframe')['access-control-allow-origin']).toBe(
      'app://instaframe'
    )
    expect(policy.headersFor('https://evil.example')['access-control-allow-origin']).toBeUndefined()
  })

  it('allows every origin only when told "*", and never the opaque origin "null"', () => {
    const all = new CorsPolicy(['*'])
    expect(all.allows('https://anything.example')).toBe(true)
    expect(all.allows('null')).toBe(false)
    expect(all.headersFor('null')['access-control-allow-origin']).toBeUndefined()
    expect(policy.allows('null')).toBe(false)
  })

  it('lists only the origins it was given: "*" lists none', () => {
    expect(policy.lists('app://instaframe')).toBe(true)
    expect(new CorsPolicy(['*']).lists('https://anything.example')).toBe(false)
    expect(new CorsPolicy(['*']).lists('*')).toBe(false)
  })

  it('refuses to be told "null", in the list or later', () => {
    expect(() => new CorsPolicy(['null'])).toThrow(/"null" is not an origin that can be allowed/)
    expect(() => policy.allow('null')).toThrow(/sandboxed iframe/)
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
    expect(() => corsOriginsFromEnv('http://localhost:5173,null')).toThrow(/"null"/)
    expect(() => corsOriginsFromEnv('file://')).toThrow(/not an origin/)
  })

  it("keeps a custom scheme's origin as browsers send it", () => {
    expect(corsOriginsFromEnv('app://instaframe/')).toEqual(['app://instaframe'])
  })
})
