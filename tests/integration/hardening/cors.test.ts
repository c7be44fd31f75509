// CORS: only the app's own origins may call the local backend from a browser. Any page the user
// visits can reach 127.0.0.1, so with `Access-Control-Allow-Origin: *` any of them could read the
// backend's answers. A request with another Origin is refused before it runs (a cross-site form
// post cannot act either); requests without an Origin (not from a page) are unaffected.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../../support/backend-harness'

describe('CORS on the local backend (on PGlite only: the HTTP layer decides, no query runs)', () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness('pglite', '', { config: { corsOrigins: ['null'] } })
  })

  afterAll(async () => {
    await harness?.close()
  })

  const preflight = (origin: string): Promise<Response> =>
    fetch(`${harness.backend.url}/rest/v1/posts`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey, authorization'
      }
    })

  it('answers a preflight from the dev server and the desktop window with their own origin', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173', 'null']) {
      const response = await preflight(origin)
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      expect(response.headers.get('access-control-allow-headers')).toMatch(/apikey/)
      expect(response.headers.get('vary')).toMatch(/Origin/)
    }
  })

  it('refuses a preflight from any other page without allowing it', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:5174', 'http://localhost']) {
      const response = await preflight(origin)
      expect(response.status).toBe(403)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      expect(((await response.json()) as { message: string }).message).toMatch(
        /INSTAFRAME_CORS_ORIGINS/
      )
    }
  })

  it('refuses a simple cross-site request before it runs: no user is created', async () => {
    const email = `cors-${Date.now()}@example.com`
    const response = await fetch(`${harness.backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
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

  it('serves requests without an Origin header (supabase-js in Node, curl) as before', async () => {
    const { error } = await harness.anon().from('posts').select('id')
    expect(error).toBeNull()
  })
})
