// The gateway, as hosted Supabase's: REST, auth, storage and realtime answer nothing without the
// project's API key. A web page the person visits reaches 127.0.0.1 with `<img>`, forms and
// no-cors fetch, none of which can send an `apikey` header, and it does not know the key: each
// such request is refused with Kong's 401 before any SQL (the database counts no call, and the
// request leaves no user, mail, row or object). Hosted's open routes, which a browser reaches
// with no header at all, stay open: public and signed object URLs, the links an auth mail opens,
// the JWKS, /health.

import { beforeAll, expect, it } from 'vitest'
import { INVALID_KEY, MISSING_KEY } from '../../../src/backend/http/gateway'
import { signApiKey, signJwt } from '../../../src/backend/jwt'
import { signUpAndIn, uniqueEmail, type SignedUpUser } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { PNG_1X1 } from '../../support/images'
import { mailsTo } from '../../support/mailbox'
import { RawSocket } from '../realtime/raw-socket'

/** What a page can send with no CORS: no custom header, a "simple" content type. */
interface PageRequest {
  name: string
  method: string
  path: string
  body?: string | Uint8Array
  contentType?: string
}

describeEachBackend(
  'the gateway: without the API key, no request reaches SQL',
  (suite) => {
    let victim: SignedUpUser
    let attackerEmail: string
    let requests: PageRequest[]
    const url = (): string => suite.harness.backend.url

    beforeAll(async () => {
      victim = await signUpAndIn(suite.harness, 'gw_victim')
      attackerEmail = uniqueEmail('gw_attacker')
      const object = `posts/${victim.userId}/from-a-page.png`
      requests = [
        { name: 'a REST read (<img>)', method: 'GET', path: '/rest/v1/posts?select=id' },
        { name: 'the REST root (<img>)', method: 'GET', path: '/rest/v1/' },
        {
          name: 'a REST insert (form)',
          method: 'POST',
          path: '/rest/v1/posts',
          contentType: 'text/plain',
          body: JSON.stringify({ user_id: victim.userId, image_url: 'x', caption: 'page' })
        },
        {
          name: 'an rpc (form)',
          method: 'POST',
          path: '/rest/v1/rpc/feed_page',
          contentType: 'text/plain',
          body: '{}'
        },
        {
          name: 'a sign-up (form)',
          method: 'POST',
          path: '/auth/v1/signup',
          contentType: 'text/plain',
          body: JSON.stringify({ email: attackerEmail, password: 'page-password-1' })
        },
        {
          name: 'a recovery mail (form)',
          method: 'POST',
          path: '/auth/v1/recover',
          contentType: 'text/plain',
          body: JSON.stringify({ email: victim.email })
        },
        {
          name: 'a password sign-in (form)',
          method: 'POST',
          path: '/auth/v1/token?grant_type=password',
          contentType: 'application/x-www-form-urlencoded',
          body: `email=${encodeURIComponent(victim.email)}&password=${victim.password}`
        },
        {
          name: 'a password change (no-cors fetch)',
          method: 'PUT',
          path: '/auth/v1/user',
          contentType: 'text/plain',
          body: JSON.stringify({ password: 'page-password-1' })
        },
        { name: 'the user (<img>)', method: 'GET', path: '/auth/v1/user' },
        { name: 'the auth settings (<img>)', method: 'GET', path: '/auth/v1/settings' },
        {
          name: 'an upload (form)',
          method: 'POST',
          path: `/storage/v1/object/images/${object}`,
          contentType: 'multipart/form-data; boundary=x',
          body: PNG_1X1
        },
        {
          name: 'a listing (form)',
          method: 'POST',
          path: '/storage/v1/object/list/images',
          contentType: 'text/plain',
          body: JSON.stringify({ prefix: `posts/${victim.userId}` })
        },
        {
          name: 'a private download (<img>)',
          method: 'GET',
          path: `/storage/v1/object/authenticated/images/${object}`
        },
        {
          name: 'a resumable upload (no-cors fetch)',
          method: 'POST',
          path: '/storage/v1/upload/resumable',
          contentType: 'text/plain'
        },
        {
          name: 'a broadcast (form)',
          method: 'POST',
          path: '/realtime/v1/api/broadcast',
          contentType: 'text/plain',
          body: JSON.stringify({ messages: [{ topic: 'x', event: 'e', payload: {} }] })
        }
      ]
    })

    /** Sends `request` with `headers`; the status, the body, and the database calls it cost. */
    async function send(
      request: PageRequest,
      headers: Record<string, string>
    ): Promise<{ status: number; body: unknown; calls: number }> {
      const { db } = suite.harness.backend
      const before = db.calls
      const response = await fetch(`${url()}${request.path}`, {
        method: request.method,
        headers: {
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
          ...headers
        },
        body: request.body
      })
      const body = (await response.json()) as unknown
      return { status: response.status, body, calls: db.calls - before }
    }

    it('answers a request with no key with Kong’s 401, before any SQL', async () => {
      for (const request of requests) {
        const answer = await send(request, {})
        expect(answer, request.name).toEqual({ status: 401, body: MISSING_KEY, calls: 0 })
      }
    })

    it('answers a key that is not this backend’s with 401 Invalid API key, before any SQL', async () => {
      const foreign = await signApiKey(
        { secret: new Uint8Array(48).fill(7), issuer: 'instaframe-local' },
        'anon'
      )
      const keys = suite.harness.backend.context.keys
      const userToken = await signJwt(keys, { role: 'authenticated', sub: victim.userId })
      for (const apikey of [foreign, userToken, victim.accessToken, 'sb_publishable_x', 'x']) {
        for (const request of requests) {
          const answer = await send(request, { apikey })
          expect(answer, `${request.name} with ${apikey}`).toEqual({
            status: 401,
            body: INVALID_KEY,
            calls: 0
          })
        }
      }
      // The query parameter is read as Kong reads it, and refused the same.
      const query = await send(
        { name: 'query', method: 'GET', path: '/rest/v1/posts?select=id&apikey=x' },
        {}
      )
      expect(query).toEqual({ status: 401, body: INVALID_KEY, calls: 0 })
    })

    it('so those requests leave nothing behind: no user, no mail, no row, no object', async () => {
      const { db } = suite.harness.backend
      for (const request of requests) await send(request, {})
      const users = await db.query('select 1 from auth.users where email = $1', [attackerEmail])
      expect(users.rows).toEqual([])
      expect(await mailsTo(url(), victim.email)).toEqual([])
      const posts = await db.query(`select 1 from public.posts where caption = 'page'`)
      expect(posts.rows).toEqual([])
      const objects = await db.query(
        `select 1 from storage.objects where name like '%from-a-page%'`
      )
      expect(objects.rows).toEqual([])
      // The victim's password is still the victim's.
      const signIn = await suite.harness
        .anon()
        .auth.signInWithPassword({ email: victim.email, password: victim.password })
      expect(signIn.error).toBeNull()
    })

    it('serves the same requests with the anon key (the refusals above are the key’s doing)', async () => {
      const apikey = suite.harness.backend.anonKey
      const read = await send(requests[0], { apikey })
      expect(read.status).toBe(200)
      expect(read.calls).toBeGreaterThan(0)
      const settings = await send(
        requests.find((r) => r.path === '/auth/v1/settings')!,
        { apikey: `${apikey}` }
      )
      expect(settings.status).toBe(200)
      // In the query, as Kong reads it too; no service takes it for a filter or misses it.
      const viaQuery = await fetch(`${url()}/rest/v1/posts?select=id&apikey=${apikey}`)
      expect(viaQuery.status).toBe(200)
      const broadcast = await fetch(`${url()}/realtime/v1/api/broadcast?apikey=${apikey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: 'x', event: 'e', payload: {} }] })
      })
      expect(broadcast.status).toBe(202)
    })

    it('refuses a realtime socket without the key or with another, before the upgrade', async () => {
      const base = `${url().replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`
      const before = suite.harness.backend.db.calls
      await expect(RawSocket.open(base)).rejects.toThrow('HTTP 401')
      await expect(RawSocket.open(`${base}&apikey=${victim.accessToken}`)).rejects.toThrow(
        'HTTP 401'
      )
      expect(suite.harness.backend.db.calls).toBe(before)
      const socket = await RawSocket.open(`${base}&apikey=${suite.harness.backend.anonKey}`)
      socket.close()
    })

    it('keeps hosted’s open routes open: public and signed objects, mailed links, JWKS, health', async () => {
      const key = `posts/${victim.userId}/open-${Date.now()}.png`
      const bucket = victim.client.storage.from('images')
      expect((await bucket.upload(key, PNG_1X1, { contentType: 'image/png' })).error).toBeNull()
      const publicUrl = bucket.getPublicUrl(key).data.publicUrl
      const plain = await fetch(publicUrl)
      expect(plain.status).toBe(200)
      expect(Buffer.from(await plain.arrayBuffer())).toEqual(PNG_1X1)
      expect((await fetch(publicUrl, { method: 'HEAD' })).status).toBe(200)
      const rendered = await fetch(
        bucket.getPublicUrl(key, { transform: { width: 1 } }).data.publicUrl
      )
      expect(rendered.status).toBe(200)
      const signed = await bucket.createSignedUrl(key, 60)
      expect((await fetch(signed.data!.signedUrl)).status).toBe(200)
      const signedRender = await bucket.createSignedUrl(key, 60, { transform: { width: 1 } })
      expect((await fetch(signedRender.data!.signedUrl)).status).toBe(200)

      // The recovery link a mail holds is opened by a browser with no header at all.
      const client = suite.harness.anon()
      expect((await client.auth.resetPasswordForEmail(victim.email)).error).toBeNull()
      const [mail] = await mailsTo(url(), victim.email)
      const visit = await fetch(mail.link, { redirect: 'manual' })
      expect(visit.status).toBe(303)
      expect(visit.headers.get('location')).toContain('access_token=')

      expect((await fetch(`${url()}/auth/v1/.well-known/jwks.json`)).status).toBe(200)
      expect((await fetch(`${url()}/health`)).status).toBe(200)
    })
  },
  // No timer may touch the database while a test counts its calls.
  { config: { orphanGraceMinutes: -1 } }
)
