// A like storm over HTTP: 100 signed-in clients (the unmodified supabase-js, one per user) like,
// unlike and double-like one post at the same moment, on PGlite and PostgreSQL. The counter is
// kept by a trigger, so however the requests interleave, likes_count must equal count(likes).
// tests/integration/db/likes-concurrency.test.ts proves the same at the SQL level.

import { randomBytes } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import { insertUser, testClient, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const CLIENTS = 100

describeEachBackend(
  'like storm over HTTP',
  (suite) => {
    let harness: Harness
    let postId: string
    const clients: { userId: string; client: ReturnType<typeof testClient> }[] = []

    beforeAll(async () => {
      harness = suite.harness
      const db = harness.backend.db
      // Users straight into auth.users (the profile trigger runs) with tokens signed by the
      // backend's key: 100 bcrypt sign-ups would cost seconds and prove nothing more here.
      for (let i = 0; i < CLIENTS; i++) {
        const user = await insertUser(
          harness.backend,
          `storm${i}_${randomBytes(4).toString('hex')}`
        )
        clients.push({
          userId: user.id,
          client: testClient(harness.backend.url, harness.backend.anonKey, {
            accessToken: async () => user.token
          })
        })
      }
      const { rows } = await db.query<{ id: string }>(
        `insert into public.posts (user_id, image_url) values ($1, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/x.png') returning id`,
        [clients[0].userId]
      )
      postId = rows[0].id
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
  },
  {
    config: { auth: authConfigWith({ rateLimits: { signInSignUps: 0, tokenRefresh: 0 } }) }
  }
)
