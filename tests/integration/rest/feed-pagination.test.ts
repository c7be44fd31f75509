// The paged feed (feed_page rpc, keyset on created_at and id) through the unmodified
// supabase-js client against the local backend: pages never repeat or skip a post, even when
// posts are created between two page reads, and ties on created_at are broken by id.

import { beforeAll, expect, it } from 'vitest'
import { cursorOf, fetchFeedNewer, fetchFeedPage } from '../../../src/shared/data/feed'
import type { Post } from '../../../src/shared/domain'
import { describeEachBackend } from '../../support/database-suite'
import { restEnvOn, type RestEnv, type TestUser } from '../../support/rest-env'

const PAGE = 12

describeEachBackend('feed pages', (suite) => {
  let env: RestEnv
  let author: TestUser
  let feed: {
    fetchPage(options: Parameters<typeof fetchFeedPage>[1]): Promise<Post[]>
    fetchNewer(options: Parameters<typeof fetchFeedNewer>[1]): Promise<Post[]>
  }

  /** Posts at the given instants, straight into the table (the test is about reading). */
  async function insertPosts(createdAt: string[], tag: string): Promise<void> {
    for (const [index, at] of createdAt.entries()) {
      await env.backend.db.query(
        `insert into public.posts (user_id, image_url, caption, created_at) values ($1, $2, $3, $4)`,
        [
          author.id,
          `https://example.test/storage/v1/object/public/images/posts/${tag}-${index}.jpg`,
          `${tag} ${index}`,
          at
        ]
      )
    }
  }

  async function readAll(between?: (pageNumber: number) => Promise<void>): Promise<Post[]> {
    const seen: Post[] = []
    let page = await feed.fetchPage({ limit: PAGE })
    let pageNumber = 0
    while (page.length > 0) {
      seen.push(...page)
      if (page.length < PAGE) break
      await between?.(pageNumber++)
      page = await feed.fetchPage({ before: cursorOf(page[page.length - 1]), limit: PAGE })
    }
    return seen
  }

  beforeAll(async () => {
    env = restEnvOn(suite.harness)
    author = await env.createUser('pager')
    feed = {
      fetchPage: (options) => fetchFeedPage(env.anon, options),
      fetchNewer: (options) => fetchFeedNewer(env.anon, options)
    }
    // 40 posts over the past hour, 10 of them sharing one instant: ties must split by id.
    const base = Date.now() - 3600_000
    const spread = Array.from({ length: 30 }, (_, i) => new Date(base + i * 60_000).toISOString())
    const tied = Array.from({ length: 10 }, () => new Date(base + 15 * 60_000 + 500).toISOString())
    await insertPosts([...spread, ...tied], 'old')
  })

  it('reads newest first with the author embedded, 12 at a time', async () => {
    const first = await feed.fetchPage({ limit: PAGE })
    expect(first).toHaveLength(PAGE)
    expect(first[0].profiles).toMatchObject({ username: author.username })
    const keys = first.map((post) => `${post.created_at}|${post.id}`)
    expect(keys).toEqual([...keys].sort().reverse())
  })

  it('sees every post exactly once while new posts arrive between page reads', async () => {
    const before = await env.backend.db.query<{ id: string }>('select id from public.posts')
    const existing = new Set(before.rows.map((row) => row.id))

    const seen = await readAll(async (pageNumber) => {
      // Someone shares three posts while the reader is on page N.
      const now = Date.now()
      await insertPosts(
        [0, 1, 2].map((i) => new Date(now + i).toISOString()),
        `new-${pageNumber}`
      )
    })

    const ids = seen.map((post) => post.id)
    expect(new Set(ids).size).toBe(ids.length)
    // No gaps: every post that existed when reading began was read.
    expect(ids.filter((id) => existing.has(id)).sort()).toEqual([...existing].sort())
    // Newer posts belong above the first page, so none leaks into later pages.
    expect(ids.every((id) => existing.has(id))).toBe(true)
    // Strictly descending by (created_at, id), across page boundaries too.
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1], seen[i]]
      const newer =
        Date.parse(a.created_at) > Date.parse(b.created_at) ||
        (a.created_at === b.created_at && a.id > b.id)
      expect(newer).toBe(true)
    }
  })

  it('shows the new posts at the top when the first page is read again', async () => {
    const first = await feed.fetchPage({ limit: PAGE })
    expect(first[0].caption).toMatch(/^new-/)
  })

  it('reads back up: the page just newer than a post, newest first, meets the page below', async () => {
    const first = await feed.fetchPage({ limit: PAGE })
    const second = await feed.fetchPage({ before: cursorOf(first[PAGE - 1]), limit: PAGE })
    const back = await feed.fetchNewer({ after: cursorOf(second[0]), limit: PAGE })
    expect(back.map((post) => post.id)).toEqual(first.map((post) => post.id))
  })

  it('caps a page at 100 rows whatever the client asks', async () => {
    await insertPosts(
      Array.from({ length: 70 }, (_, i) => new Date(Date.now() - 7200_000 - i).toISOString()),
      'bulk'
    )
    const big = await feed.fetchPage({ limit: 1000 })
    expect(big).toHaveLength(100)
  })
})
