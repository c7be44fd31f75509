// The second-factor rule in the database (migration 20261129100000), on both databases: its
// restrictive policy is an InitPlan evaluated once per statement, never per row; the factor
// lookup is kept for the transaction under the caller's key, so a caller whose claims change
// within one transaction is asked again; and every table, storage.objects and realtime.messages
// included, refuses an aal1 session of a person with a verified factor.

import { randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { withRole } from '../../../src/backend/db/as-role'
import type { Queryable } from '../../../src/backend/db/database'
import type { RequestIdentity } from '../../../src/backend/jwt'
import { describeEachDatabase } from '../../support/database-suite'
import { asAuthAdmin, signUpUsers } from '../../support/sql-actors'

const as = (id: string, aal: 'aal1' | 'aal2'): RequestIdentity => ({
  role: 'authenticated',
  claims: { role: 'authenticated', sub: id, aud: 'authenticated', aal }
})

describeEachDatabase('the second-factor rule', (suite) => {
  let plain: string
  let guarded: string
  const thread = randomUUID()

  beforeAll(async () => {
    ;[plain, guarded] = await signUpUsers(suite.db, [
      { username: 'sf_plain' },
      { username: 'sf_guarded' }
    ])
    await asAuthAdmin(suite.db, (tx) =>
      tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret,
                                       created_at, updated_at)
         values ($1, $2, 'app', 'totp', 'verified', 'SECRET', now(), now())`,
        [randomUUID(), guarded]
      )
    )
    await suite.db.query(
      `insert into public.posts (user_id, image_url)
       select u, 'https://example.test/storage/v1/object/public/images/posts/' || u || '/' || i || '.png'
         from unnest($1::uuid[]) as u, generate_series(1, 20) as i`,
      [[plain, guarded]]
    )
    // A thread of both, a message in its realtime room, and an object of each: rows that each
    // of them may read, unless the rule refuses.
    await suite.db.query(
      `with thread as (insert into public.direct_threads (id, created_by) values ($3, $1))
       insert into public.direct_participants (thread_id, user_id) values ($3, $1), ($3, $2)`,
      [plain, guarded, thread]
    )
    await suite.db.query(
      `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)`,
      [`direct:${thread}`]
    )
    await suite.db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id)
       select 'images', 'avatars/' || u || '/a.png', u, u::text from unnest($1::uuid[]) as u`,
      [[plain, guarded]]
    )
  })

  const run = <T>(identity: RequestIdentity, work: (tx: Queryable) => Promise<T>): Promise<T> =>
    withRole(suite.db, identity, { method: 'POST', path: '/tests/sql' }, work)

  it('is an InitPlan run once per statement, never a filter run per row', async () => {
    const plan = await run(as(plain, 'aal1'), async (tx) => {
      const { rows } = await tx.query(
        `explain (analyze, verbose, costs off, timing off, summary off)
         select p.id, pr.username from public.posts p join public.profiles pr on pr.id = p.user_id`
      )
      return rows.map((row) => String(Object.values(row)[0]))
    })
    const checks = plan
      .map((line, at) => ({ line, at }))
      .filter(({ line }) => line.includes('remember_second_factor'))
    // One per table read (posts and profiles, and any a policy reads).
    expect(checks.length).toBeGreaterThanOrEqual(2)
    for (const { line, at } of checks) {
      expect(line.trim()).toMatch(/^Output: CASE/)
      expect(plan[at - 1]).toMatch(/Result \(actual rows=1(\.00)? loops=1\)|never executed/)
    }
    expect(plan.filter((line) => /Filter:.*second_factor/.test(line))).toEqual([])
  })

  it('refuses every table to an aal1 session with a verified factor, storage and realtime too', async () => {
    const visible = (identity: RequestIdentity) =>
      run(identity, async (tx) => {
        const posts = await tx.query('select 1 from public.posts')
        const profiles = await tx.query('select 1 from public.profiles')
        const objects = await tx.query('select 1 from storage.objects')
        await tx.query(`select set_config('realtime.topic', $1, true)`, [`direct:${thread}`])
        const messages = await tx.query('select 1 from realtime.messages')
        return {
          posts: posts.rows.length,
          profiles: profiles.rows.length,
          objects: objects.rows.length,
          messages: messages.rows.length
        }
      })
    const everything = { posts: 40, profiles: 2, objects: 1, messages: 1 }
    expect(await visible(as(guarded, 'aal1'))).toEqual({
      posts: 0,
      profiles: 0,
      objects: 0,
      messages: 0
    })
    expect(await visible(as(guarded, 'aal2'))).toEqual(everything)
    expect(await visible(as(plain, 'aal1'))).toEqual(everything)
    const write = await run(as(guarded, 'aal1'), (tx) =>
      tx
        .query(`update public.profiles set bio = 'written at aal1' where id = $1 returning id`, [
          guarded
        ])
        .then((result) => result.rows.length)
    )
    expect(write).toBe(0)
  })

  it('asks again when the caller changes within a transaction', async () => {
    const counts = await run(as(plain, 'aal1'), async (tx) => {
      const first = await tx.query('select 1 from public.posts')
      const claims = JSON.stringify(as(guarded, 'aal1').claims)
      await tx.query(
        `select set_config('request.jwt.claims', $1, true),
                set_config('request.jwt.claim.sub', $2, true)`,
        [claims, guarded]
      )
      const second = await tx.query('select 1 from public.posts')
      return [first.rows.length, second.rows.length]
    })
    expect(counts).toEqual([40, 0])
  })
})
