// Forged, expired and tampered tokens against every API that takes one, on PGlite and
// PostgreSQL, plus bcrypt's 72-byte limit over HTTP. Already proven elsewhere and referenced,
// not repeated: the same tokens at /auth/v1/user (tests/integration/auth/auth.test.ts "rejects
// forged, expired and malformed tokens at /user"), refresh-token rotation, reuse detection and
// the token-endpoint rate limit (tests/integration/auth/rotation-and-limits.test.ts), and
// logout revoking refresh tokens (auth.test.ts "logout revokes …" / "logout with scope local").

import { randomBytes } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import {
  testClient,
  decodeClaims,
  signUpAndIn,
  uniqueEmail,
  type Harness,
  type SignedIn
} from '../../support/backend-harness'
import { PNG_1X1 } from '../../support/images'
import { fingerprint, signWith, tamperedSub, unsigned } from '../../support/attacks'
import { describeEachBackend } from '../../support/database-suite'

type Forgery = [name: string, make: () => Promise<string> | string]

describeEachBackend('forged tokens', (suite) => {
  let harness: Harness
  let attacker: SignedIn
  let victim: SignedIn
  let victimPost: string
  const victimObject = (): string => `posts/${victim.userId}/victim.png`

  beforeAll(async () => {
    harness = suite.harness
    attacker = await signUpAndIn(harness, 'forger')
    victim = await signUpAndIn(harness, 'victim')
    const { rows } = await harness.backend.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url, caption) values ($1, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/x.png', 'mine') returning id`,
      [victim.userId]
    )
    victimPost = rows[0].id
    await victim.client.storage.from('images').upload(victimObject(), PNG_1X1, {
      contentType: 'image/png'
    })
  })

  const victimClaims = (): Record<string, unknown> => ({
    ...decodeClaims(attacker.accessToken),
    sub: victim.userId,
    email: 'victim@example.com'
  })
  const FORGERIES: Forgery[] = [
    ['alg none as the victim', () => unsigned(victimClaims())],
    ['alg none as service_role', () => unsigned({ role: 'service_role' })],
    ['signed with another key', () => signWith(randomBytes(48), victimClaims())],
    [
      'service_role signed with another key',
      () => signWith(randomBytes(48), { role: 'service_role' })
    ],
    [
      'expired, signed with the real key',
      () => signWith(harness.backend.context.keys.secret, victimClaims(), -60)
    ],
    [
      "the attacker's token with sub tampered",
      () => tamperedSub(attacker.accessToken, victim.userId)
    ],
    [
      'role postgres signed with the real key',
      () => signWith(harness.backend.context.keys.secret, { ...victimClaims(), role: 'postgres' })
    ],
    ['two parts only', () => attacker.accessToken.split('.').slice(0, 2).join('.')],
    ['garbage', () => 'garbage']
  ]

  it.each(FORGERIES)(
    '%s: REST refuses with 401 (PGRST301/PGRST303) and changes nothing',
    async (_name, make) => {
      const token = await make()
      const before = await fingerprint(harness.backend.db)
      const headers = {
        apikey: harness.backend.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json'
      }
      const rest = `${harness.backend.url}/rest/v1`
      for (const [method, path, body] of [
        ['GET', '/profiles?select=*', undefined],
        [
          'POST',
          '/posts',
          {
            user_id: victim.userId,
            image_url: 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/x.png',
            caption: 'forged'
          }
        ],
        ['PATCH', `/posts?id=eq.${victimPost}`, { caption: 'pwned' }],
        ['DELETE', `/posts?id=eq.${victimPost}`, undefined],
        ['POST', '/rpc/feed_page', {}]
      ] as const) {
        const response = await fetch(rest + path, {
          method,
          headers,
          body: body ? JSON.stringify(body) : undefined
        })
        expect(response.status, `${method} ${path}`).toBe(401)
        const json = (await response.json()) as { code: string }
        expect(['PGRST301', 'PGRST303'], `${method} ${path}`).toContain(json.code)
      }
      expect(await fingerprint(harness.backend.db)).toEqual(before)
    }
  )

  it.each(FORGERIES)(
    '%s: Storage refuses writes and lists with AccessDenied and changes nothing',
    async (_name, make) => {
      const token = await make()
      const before = await fingerprint(harness.backend.db)
      // The renderer's client takes its bearer from a callback (accessToken), as here.
      const forged = testClient(harness.backend.url, harness.backend.anonKey, {
        accessToken: async () => token
      })
      const upload = await forged.storage
        .from('images')
        .upload(`posts/${victim.userId}/forged.png`, PNG_1X1, { contentType: 'image/png' })
      expect(upload.error).toMatchObject({ statusCode: '403' })
      const rest = await forged.from('posts').delete().eq('id', victimPost)
      expect(rest.status).toBe(401)
      const raw = async (method: string, path: string, body?: unknown): Promise<Response> =>
        fetch(`${harness.backend.url}/storage/v1${path}`, {
          method,
          headers: {
            apikey: harness.backend.anonKey,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'x-upsert': 'true'
          },
          body: body === undefined ? undefined : JSON.stringify(body)
        })
      for (const [method, path, body] of [
        ['POST', `/object/images/${victimObject()}`, undefined],
        ['DELETE', '/object/images', { prefixes: [victimObject()] }],
        ['DELETE', `/object/images/${victimObject()}`, undefined],
        ['POST', '/object/list/images', { prefix: `posts/${victim.userId}` }],
        ['GET', `/object/authenticated/images/${victimObject()}`, undefined]
      ] as const) {
        const response = await raw(method, path, body)
        expect(response.status, `${method} ${path}`).toBe(400)
        expect(await response.json(), `${method} ${path}`).toMatchObject({
          statusCode: '403',
          code: 'AccessDenied'
        })
      }
      expect(await fingerprint(harness.backend.db)).toEqual(before)
      // The victim's object is still served, unchanged.
      const served = await fetch(
        `${harness.backend.url}/storage/v1/object/public/images/${victimObject()}`
      )
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1)
    }
  )

  it.each(FORGERIES)(
    '%s: /auth/v1/user and logout refuse it, and the victim stays signed in',
    async (_name, make) => {
      const token = await make()
      const headers = { apikey: harness.backend.anonKey, authorization: `Bearer ${token}` }
      const user = await fetch(`${harness.backend.url}/auth/v1/user`, { headers })
      expect(user.status).toBe(403)
      expect(((await user.json()) as { code: string }).code).toBe('bad_jwt')
      await fetch(`${harness.backend.url}/auth/v1/logout?scope=global`, { method: 'POST', headers })
      const { rows } = await harness.backend.db.query(
        'select 1 from auth.refresh_tokens where user_id = $1 and not revoked',
        [victim.userId]
      )
      expect(rows.length).toBeGreaterThan(0)
    }
  )

  it('a password over 72 bytes is refused at sign-up, and a 72-byte prefix never signs in a longer one', async () => {
    const anon = harness.anon()
    for (const password of ['a'.repeat(73), '€'.repeat(25), `${'x'.repeat(71)}é`]) {
      const { error } = await anon.auth.signUp({ email: uniqueEmail('long'), password })
      expect(error, `${Buffer.byteLength(password)} bytes`).toMatchObject({
        status: 422,
        code: 'validation_failed'
      })
    }
    // bcrypt reads only 72 bytes: a longer attempt must not match a 72-byte password.
    const email = uniqueEmail('exact72')
    const exact = 'p'.repeat(72)
    expect((await anon.auth.signUp({ email, password: exact })).error).toBeNull()
    const longer = await testClient(
      harness.backend.url,
      harness.backend.anonKey
    ).auth.signInWithPassword({
      email,
      password: `${exact}-anything`
    })
    expect(longer.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    const right = await testClient(
      harness.backend.url,
      harness.backend.anonKey
    ).auth.signInWithPassword({
      email,
      password: exact
    })
    expect(right.error).toBeNull()
  })
})
