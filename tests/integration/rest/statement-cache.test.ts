// A statement reused for a repeated URL (src/backend/rest/statement-cache.ts) still answers each
// caller with what row-level security lets that caller see: the cache holds the statement, never
// the role, the claims or the rows.

import { beforeAll, expect, it } from 'vitest'
import { describeEachBackend } from '../../support/database-suite'
import { restEnvOn, type RestEnv, type TestUser } from '../../support/rest-env'

describeEachBackend('REST API: reused statements', (suite) => {
  let env: RestEnv
  let alice: TestUser
  let bob: TestUser

  beforeAll(async () => {
    env = restEnvOn(suite.harness)
    alice = await env.createUser('reuse_alice', 'Alice Reuse')
    bob = await env.createUser('reuse_bob', 'Bob Reuse')
    const { rows } = await env.backend.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url, caption) values ($1, $2, 'reused')
       returning id`,
      [
        alice.id,
        `http://127.0.0.1:54321/storage/v1/object/public/images/posts/${alice.id}/reused.png`
      ]
    )
    await env.backend.db.query('insert into public.saves (user_id, post_id) values ($1, $2)', [
      alice.id,
      rows[0].id
    ])
  })

  it('answers the same URL with each caller’s own rows, in any order', async () => {
    const read = (client: RestEnv['anon']) => client.from('saves').select('user_id').limit(5)
    for (let round = 0; round < 2; round++) {
      const mine = await read(alice.client)
      expect(mine.error).toBeNull()
      expect(mine.data).toEqual([{ user_id: alice.id }])
      for (const other of [bob.client, env.anon]) {
        const { data, error } = await read(other)
        expect(error).toBeNull()
        expect(data).toEqual([])
      }
    }
  })

  it('answers a repeated URL that differs only in its headers by those headers', async () => {
    const url = `${env.url}/rest/v1/saves?select=user_id`
    const key = env.backend.anonKey
    const headers = { apikey: key, authorization: `Bearer ${alice.token}` }
    for (let round = 0; round < 2; round++) {
      const list = await fetch(url, { headers })
      expect(await list.json()).toEqual([{ user_id: alice.id }])
      const object = await fetch(url, {
        headers: { ...headers, accept: 'application/vnd.pgrst.object+json' }
      })
      expect(await object.json()).toEqual({ user_id: alice.id })
      const head = await fetch(url, { method: 'HEAD', headers })
      expect(head.status).toBe(200)
      expect(await head.text()).toBe('')
    }
  })
})
