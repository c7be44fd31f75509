// The home feed's pages (feed_page, feed_page_newer) under row-level security, asked for as the
// REST layer asks (arguments from a lateral json_to_record): the keyset bound stays the index
// condition of the posts scan, so a page deep in the feed starts at its bound instead of reading
// every newer post through the policy (docs/performance.md, "Safety rules").

import { beforeEach, expect, it } from 'vitest'
import { describeEachDatabase } from '../../support/database-suite'
import { anon, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'

const POSTS = 40

describeEachDatabase('feed pages start at their keyset bound', (suite) => {
  let reader: Actor
  let posts: { id: string; created_at: string }[]

  beforeEach(async () => {
    await resetData(suite.db)
    const author = await signUp(suite.db, 'author', { username: 'author' })
    reader = await signUp(suite.db, 'reader', { username: 'reader' })
    await suite.db.query(
      `insert into public.posts (user_id, image_url, caption, created_at)
       select $1::uuid, 'https://example.test/storage/v1/object/public/images/posts/' || $1::text || '/' || i
                  || '.webp',
              'post ' || i, now() - i * interval '1 minute'
       from generate_series(1, $2::int) as i`,
      [author.id, POSTS]
    )
    posts = (
      await suite.db.query<{ id: string; created_at: string }>(
        'select id, created_at from public.posts order by created_at desc, id desc'
      )
    ).rows
  })

  const page = (fn: string, args: string) =>
    `select p.id from json_to_record($1::json)
       as a(before_created_at timestamptz, before_id uuid, after_created_at timestamptz,
            after_id uuid, page_size integer)
     cross join lateral public.${fn}(${args}) as p`
  const older = page(
    'feed_page',
    'before_created_at => a.before_created_at, before_id => a.before_id, page_size => a.page_size'
  )
  const newer = page(
    'feed_page_newer',
    'after_created_at => a.after_created_at, after_id => a.after_id, page_size => a.page_size'
  )

  it('reads a deep page from the index at its bound, for anon and for a reader', async () => {
    const edge = posts[29]
    const args = JSON.stringify({
      before_created_at: edge.created_at,
      before_id: edge.id,
      after_created_at: posts[10].created_at,
      after_id: posts[10].id,
      page_size: 5
    })
    for (const actor of [anon, reader]) {
      const { rows } = await runAs<{ id: string }>(suite.db, actor, older, [args])
      expect(rows.map((row) => row.id)).toEqual(posts.slice(30, 35).map((post) => post.id))
      const { rows: up } = await runAs<{ id: string }>(suite.db, actor, newer, [args])
      expect(up.map((row) => row.id)).toEqual(
        posts
          .slice(5, 10)
          .reverse()
          .map((post) => post.id)
      )
      for (const sql of [older, newer]) {
        const { rows: plan } = await runAs<{ 'QUERY PLAN': string }>(
          suite.db,
          actor,
          `explain (costs off) ${sql}`,
          [args]
        )
        const text = plan.map((row) => row['QUERY PLAN']).join('\n')
        expect(text).toMatch(/Index Cond: \(ROW\(.*created_at, .*id\) [<>] ROW\(/)
      }
    }
  })
})
