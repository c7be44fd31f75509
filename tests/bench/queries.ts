// Feed reads at one table size: first page vs a deep page by keyset (the rpc the app uses, and
// PostgREST's `or=` filter for comparison), the liked-state lookup for a page, and what the REST
// layer adds over running the same SQL on the database directly.

import { cursorOf, FEED_SELECT, fetchFeedPage } from '../../src/shared/data/feed'
import { likedPostIds } from '../../src/shared/data/likes'
import type { Post } from '../../src/shared/domain'
import type { BenchBackend } from './backend'
import { throughput, time, timeAlternating, type Timing } from './stats'

export interface QueryResults {
  posts: number
  depth: number
  firstPage: Timing
  deepPage: Timing
  ratio: number
  /** The same deep read through `or=(created_at.lt…,and(…))`, which the planner cannot seek. */
  orFilterFirst: Timing
  orFilterDeep: Timing
  /** Both again at the very end of the table (100 posts from the bottom). */
  deepestPage: Timing
  orFilterDeepest: Timing
  liked: Timing
  likedRows: number
  httpPage: Timing
  sqlPage: Timing
  httpRps: number
  sqlRps: number
}

/** What the REST layer runs for the first page, written by hand: rpc plus the author embed. */
const DIRECT_SQL = `
  select coalesce(json_agg(row_to_json(t)), '[]') as body from (
    select p.*, (select json_build_object('username', a.username, 'full_name', a.full_name,
                                          'avatar_url', a.avatar_url)
                 from public.profiles a where a.id = p.user_id) as profiles
    from public.feed_page(null, null, 12) p
  ) t`

export async function measureQueries(bench: BenchBackend, depth: number): Promise<QueryResults> {
  const { db } = bench.backend
  const client = bench.reader.client
  const feed = {
    fetchPage: (options: Parameters<typeof fetchFeedPage>[1]) => fetchFeedPage(client, options)
  }
  const posts = (await db.query<{ n: number }>('select count(*)::int as n from public.posts'))
    .rows[0].n

  // Formatted as the REST layer formats it (to_json), so it is exactly what a client holds.
  const cursorAt = async (offset: number): Promise<{ created_at: string; id: string }> => {
    const row = await db.query<{ created_at: string; id: string }>(
      `select to_json(created_at) #>> '{}' as created_at, id from public.posts
       order by created_at desc, id desc offset $1 limit 1`,
      [offset]
    )
    return cursorOf(row.rows[0])
  }
  const deep = await cursorAt(depth - 1)
  const deepest = await cursorAt(posts - 100)

  const [firstPage, deepPage] = await timeAlternating(
    () => feed.fetchPage({ limit: 12 }),
    () => feed.fetchPage({ before: deep, limit: 12 })
  )
  const deepRows = await feed.fetchPage({ before: deep, limit: 12 })
  if (deepRows.length !== 12) throw new Error(`deep page returned ${deepRows.length} rows`)

  const orPage = (before?: { created_at: string; id: string }) => async (): Promise<Post[]> => {
    let query = client.from('posts').select(FEED_SELECT)
    if (before) {
      query = query.or(
        `created_at.lt.${before.created_at},and(created_at.eq.${before.created_at},id.lt.${before.id})`
      )
    }
    const { data, error } = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(12)
    if (error) throw new Error(error.message)
    return data as Post[]
  }
  const orFilterFirst = await time(orPage(), 15, 3)
  const orFilterDeep = await time(orPage(deep), 15, 3)
  const deepestPage = await time(() => feed.fetchPage({ before: deepest, limit: 12 }), 15, 3)
  const orFilterDeepest = await time(orPage(deepest), 15, 3)

  const ids = deepRows.map((post) => post.id)
  const likedSet = await likedPostIds(client, bench.reader.id, ids)
  const liked = await time(() => likedPostIds(client, bench.reader.id, ids))

  const httpPage = await time(() => feed.fetchPage({ limit: 12 }), 60, 5)
  const sqlPage = await time(() => db.query(DIRECT_SQL), 60, 5)
  const httpRps = await throughput(() => feed.fetchPage({ limit: 12 }))
  const sqlRps = await throughput(() => db.query(DIRECT_SQL))

  return {
    posts,
    depth,
    firstPage,
    deepPage,
    ratio: deepPage.p50 / firstPage.p50,
    orFilterFirst,
    orFilterDeep,
    deepestPage,
    orFilterDeepest,
    liked,
    likedRows: likedSet.size,
    httpPage,
    sqlPage,
    httpRps,
    sqlRps
  }
}
