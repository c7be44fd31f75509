// A like storm over HTTP: 100 signed-in clients (the unmodified supabase-js, one per user) like,
// unlike and double-like one post at the same moment, on PGlite and PostgreSQL. The counter is
// kept by a trigger, so however the requests interleave, likes_count must equal count(likes).
// tests/integration/db/likes-concurrency.test.ts proves the same at the SQL level.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../../../src/backend/jwt'
import { startHarness, type Harness } from '../../support/backend-harness'
import { nodeClient } from '../../support/child-backend'
import { KINDS, postgresUrl, unavailable } from './support'

const CLIENTS = 100

describe.each(KINDS)('like storm over HTTP on %s', (kind) => {
  if (unavailable(kind)) {
    it.skip('PostgreSQL 15 is not installed here: skipped', () => undefined)
    return
  }

  let harness: Harness
  let postId: string
  const clients: { userId: string; client: ReturnType<typeof nodeClient> }[] = []

  beforeAll(async () => {
    harness = await startHarness(kind, postgresUrl, {
      config: { tokenRateLimitPerMinute: 0 }
    })
    const db = harness.backend.db
    // Users straight into auth.users (the profile trigger runs) with tokens signed by the
    // backend's key: 100 bcrypt sign-ups would cost seconds and prove nothing more here.
    for (let i = 0; i < CLIENTS; i++) {
      const id = randomUUID()
      await db.query(
        `insert into auth.users (id, email, aud, role, raw_app_meta_data, raw_user_meta_data)
         values ($1, $2, 'authenticated', 'authenticated', '{}', $3)`,
        [
          id,
          `storm${i}.${id.slice(0, 8)}@example.com`,
          JSON.stringify({ username: `storm_${id.slice(0, 8)}` })
        ]
      )
      const token = await signJwt(harness.backend.context.keys, {
        role: 'authenticated',
        sub: id
      })
      clients.push({
        userId: id,
        client: nodeClient(harness.backend.url, harness.backend.anonKey, {
          accessToken: async () => token
        })
      })
    }
    const { rows } = await db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url) values ($1, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/x.png') returning id`,
      [clients[0].userId]
    )
    postId = rows[0].id
  })

  afterAll(async () => {
    await harness?.close()
  })

  async function counts(): Promise<{ likes_count: number; likes: number }> {
    const { rows } = await harness.backend.db.query<{ likes_count: number; likes: number }>(
      `select p.likes_count,
              (select count(*)::int from public.likes l where l.post_id = p.id) as likes
       from public.posts p where p.id = $1`,
      [postId]
    )
    return rows[0]
  }

  it(`${CLIENTS} clients liking at once: every like counts`, async () => {
    const results = await Promise.all(
      clients.map(({ client, userId }) =>
        client.from('likes').insert({ user_id: userId, post_id: postId })
      )
    )
    expect(results.filter((r) => r.error)).toEqual([])
    expect(await counts()).toEqual({ likes_count: CLIENTS, likes: CLIENTS })
  })

  it(`${CLIENTS} clients unliking, re-liking and double-liking at once: likes_count = count(likes)`, async () => {
    const statuses = await Promise.all(
      clients.flatMap(({ client, userId }, i) => {
        const like = (): PromiseLike<{ status: number }> =>
          client.from('likes').insert({ user_id: userId, post_id: postId })
        const unlike = (): PromiseLike<{ status: number }> =>
          client.from('likes').delete().eq('user_id', userId).eq('post_id', postId)
        // A third unlike, a third like-then-unlike race, a third double-like (one gets 409).
        if (i % 3 === 0) return [unlike()]
        if (i % 3 === 1) return [unlike(), like()]
        return [like(), like()]
      })
    )
    // Every answer is a success or a duplicate (409 from 23505); never a 500.
    for (const { status } of statuses) expect([201, 204, 409]).toContain(status)
    const after = await counts()
    expect(after.likes_count).toBe(after.likes)
  })
})
