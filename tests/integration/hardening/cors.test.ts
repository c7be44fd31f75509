// CORS: only the app's own origins may call the local backend from a browser. Any page the user
// visits can reach 127.0.0.1, so with `Access-Control-Allow-Origin: *` any of them could read the
// backend's answers. A request with another Origin is refused before it runs (a cross-site form
// post cannot act either); requests without an Origin (not from a page) are unaffected. `null`,
// the Origin of every sandboxed iframe, data: URL and file:// page, is never an app's origin:
// not by default, not in the configuration, not even with `*`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../../support/backend-harness'
import { MIGRATIONS_DIR } from '../../support/databases'
import { startBackend } from '../../../src/backend/server'

const APP_ORIGIN = 'app://instaframe'

describe('CORS on the local backend (on PGlite only: the HTTP layer decides, no query runs)', () => {
  let harness: Harness

  beforeAll(async () => {
    // The dev server's origins and the desktop window's, as the desktop app and `npm run dev` do.
    harness = await startHarness('pglite', '', {
      config: { corsOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173', APP_ORIGIN] }
    })
  })

  afterAll(async () => {
    await harness?.close()
  })

  const preflight = (origin: string, path = '/rest/v1/posts'): Promise<Response> =>
    fetch(`${harness.backend.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey, authorization'
      }
    })

  it('answers a preflight from the dev server and the desktop window with their own origin', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173', APP_ORIGIN]) {
      const response = await preflight(origin)
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      expect(response.headers.get('access-control-allow-headers')).toMatch(/apikey/)
      expect(response.headers.get('vary')).toMatch(/Origin/)
    }
  })

  it('refuses a preflight from any other page, and from "null", without allowing it', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:5174',
      'http://localhost',
      'null',
      'app://evil',
      'file://'
    ]) {
      for (const path of [
        '/rest/v1/posts',
        '/auth/v1/recover',
        '/storage/v1/object/images/a.png',
        '/realtime/v1/api/broadcast',
        '/mailbox/api/messages'
      ]) {
        const response = await preflight(origin, path)
        expect(response.status, `${origin} ${path}`).toBe(403)
        expect(response.headers.get('access-control-allow-origin')).toBeNull()
      }
      const response = await preflight(origin)
      expect(((await response.json()) as { message: string }).message).toMatch(
        /INSTAFRAME_CORS_ORIGINS/
      )
    }
  })

  it('refuses "null" even with the anon key, on every API: a sandboxed frame reads nothing', async () => {
    const apikey = harness.backend.anonKey
    const calls = harness.backend.db.calls
    for (const [method, path] of [
      ['GET', '/rest/v1/posts?select=id'],
      ['POST', '/auth/v1/recover'],
      ['GET', '/auth/v1/settings'],
      ['POST', '/storage/v1/object/list/images'],
      ['POST', '/realtime/v1/api/broadcast'],
      ['GET', '/mailbox/api/messages'],
      ['GET', '/mailbox']
    ]) {
      const response = await fetch(`${harness.backend.url}${path}`, {
        method,
        headers: { origin: 'null', apikey, 'content-type': 'text/plain' },
        body: method === 'POST' ? '{}' : undefined
      })
      expect(response.status, path).toBe(403)
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull()
    }
    expect(harness.backend.db.calls).toBe(calls)
  })

  it('refuses a simple cross-site request before it runs: no user is created', async () => {
    const email = `cors-${Date.now()}@example.com`
    const response = await fetch(`${harness.backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'text/plain',
        apikey: harness.backend.anonKey
      },
      body: JSON.stringify({ email, password: 'secret123' })
    })
    expect(response.status).toBe(403)
    const { rows } = await harness.backend.db.query('select 1 from auth.users where email = $1', [
      email
    ])
    expect(rows).toEqual([])
  })

  it('lets a web build on another port in once the backend is told its origin', async () => {
    const origin = 'http://127.0.0.1:41234'
    expect((await preflight(origin)).status).toBe(403)
    harness.backend.allowOrigin(origin)
    const response = await fetch(`${harness.backend.url}/rest/v1/posts?select=id`, {
      headers: { origin, apikey: harness.backend.anonKey }
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Content-Range/)
  })

  it('is never told to allow "null": not at run time, not in its configuration', async () => {
    expect(() => harness.backend.allowOrigin('null')).toThrow(/"null"/)
    await expect(
      startBackend({
        dataDir: null,
        migrationsDir: MIGRATIONS_DIR,
        config: { corsOrigins: ['null'] }
      })
    ).rejects.toThrow(/"null" is not an origin that can be allowed/)
    const saved = process.env.INSTAFRAME_CORS_ORIGINS
    process.env.INSTAFRAME_CORS_ORIGINS = 'http://localhost:3000,null'
    try {
      await expect(startBackend({ dataDir: null, migrationsDir: MIGRATIONS_DIR })).rejects.toThrow(
        /"null"/
      )
    } finally {
      if (saved === undefined) delete process.env.INSTAFRAME_CORS_ORIGINS
      else process.env.INSTAFRAME_CORS_ORIGINS = saved
    }
  })

  it('serves requests without an Origin header (supabase-js in Node, curl) as before', async () => {
    const { error } = await harness.anon().from('posts').select('id')
    expect(error).toBeNull()
  })
})

describe('CORS with "*" (a server that lets any web app in)', () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness('pglite', '', { config: { corsOrigins: ['*'] } })
  })
  afterAll(async () => {
    await harness?.close()
  })

  it('allows any named origin, but never "null"', async () => {
    const ask = (origin: string): Promise<Response> =>
      fetch(`${harness.backend.url}/rest/v1/posts?select=id`, {
        headers: { origin, apikey: harness.backend.anonKey }
      })
    const named = await ask('https://some-app.example')
    expect(named.status).toBe(200)
    expect(named.headers.get('access-control-allow-origin')).toBe('https://some-app.example')
    const opaque = await ask('null')
    expect(opaque.status).toBe(403)
    expect(opaque.headers.get('access-control-allow-origin')).toBeNull()
  })
})
