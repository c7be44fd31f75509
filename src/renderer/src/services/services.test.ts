// The services against a recording stand-in for supabase-js: checks the exact queries the spec
// (§7) asks for without a server.

import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { createFeedService, FEED_SELECT } from './feed'
import { createLikesService } from './likes'
import { createProfileService } from './profile'

type Call = [string, ...unknown[]]

function recordingClient(result: (calls: Call[]) => unknown) {
  const queries: Call[][] = []
  const client = {
    // Where storage lives now: photos stored under another local port are rebased onto it.
    storage: {
      from: (bucket: string) => ({
        getPublicUrl: (path: string) => ({
          data: { publicUrl: `http://127.0.0.1:5000/storage/v1/object/public/${bucket}/${path}` }
        })
      })
    },
    rpc(name: string, ...args: unknown[]) {
      return client.from(`rpc:${name}`, ...args)
    },
    from(table: string, ...args: unknown[]) {
      const calls: Call[] = [['from', table, ...args]]
      queries.push(calls)
      const builder: Record<string, unknown> = new Proxy(
        {},
        {
          get(_target, name: string) {
            if (name === 'then') {
              return (resolve: (value: unknown) => void) => resolve(result(calls))
            }
            return (...args: unknown[]) => {
              calls.push([name, ...args])
              return builder
            }
          }
        }
      )
      return builder
    }
  }
  return { client: client as unknown as SupabaseClient, queries }
}

describe('services', () => {
  it('rebases photos a local backend stored under an earlier port onto the current one', async () => {
    const stale = 'http://127.0.0.1:4000/storage/v1/object/public/images/posts/u/1-a.webp'
    const { client } = recordingClient(() => ({
      data: [{ id: 'p', image_url: stale, thumb_url: stale.replace('1-a', '1-a-thumb') }],
      error: null
    }))
    const [post] = await createFeedService(async () => client).fetchPage({ limit: 12 })
    expect(post.image_url).toBe(
      'http://127.0.0.1:5000/storage/v1/object/public/images/posts/u/1-a.webp'
    )
    expect(post.thumb_url).toBe(
      'http://127.0.0.1:5000/storage/v1/object/public/images/posts/u/1-a-thumb.webp'
    )
  })

  it('reads the first feed page through feed_page with the author embedded', async () => {
    const { client, queries } = recordingClient(() => ({ data: [], error: null }))
    await createFeedService(async () => client).fetchPage({ limit: 12 })
    expect(queries[0]).toEqual([
      ['from', 'rpc:feed_page', { page_size: 12 }, { get: true }],
      ['select', FEED_SELECT]
    ])
  })

  it('reads the next page after the cursor (created_at, id) of the last post shown', async () => {
    const { client, queries } = recordingClient(() => ({ data: [], error: null }))
    const before = { created_at: '2026-01-02T03:04:05.678+00:00', id: 'abc' }
    await createFeedService(async () => client).fetchPage({ before, limit: 12 })
    expect(queries[0][0]).toEqual([
      'from',
      'rpc:feed_page',
      { before_created_at: before.created_at, before_id: 'abc', page_size: 12 },
      { get: true }
    ])
  })

  it('reads the liked state of many posts with one .in query', async () => {
    const { client, queries } = recordingClient(() => ({ data: [{ post_id: 'b' }], error: null }))
    const liked = await createLikesService(async () => client).likedPostIds('u', ['a', 'b'])
    expect([...liked]).toEqual(['b'])
    expect(queries).toHaveLength(1)
    expect(queries[0]).toContainEqual(['eq', 'user_id', 'u'])
    expect(queries[0]).toContainEqual(['in', 'post_id', ['a', 'b']])
  })

  it('looks up one like with maybeSingle, and deletes by user and post', async () => {
    const { client, queries } = recordingClient(() => ({ data: null, error: null }))
    const likes = createLikesService(async () => client)
    expect(await likes.isLiked('u', 'p')).toBe(false)
    expect(queries[0]).toEqual([
      ['from', 'likes'],
      ['select', 'id'],
      ['eq', 'user_id', 'u'],
      ['eq', 'post_id', 'p'],
      ['maybeSingle']
    ])
    await likes.unlike('u', 'p')
    expect(queries[1]).toEqual([
      ['from', 'likes'],
      ['delete'],
      ['eq', 'user_id', 'u'],
      ['eq', 'post_id', 'p']
    ])
  })

  it('counts posts, followers and following with count-only queries', async () => {
    const counts: Record<string, number> = { user_id: 4, following_id: 10, follower_id: 2 }
    const { client, queries } = recordingClient((calls) => {
      const eq = calls.find((call) => call[0] === 'eq') as Call
      return { count: counts[eq[1] as string], data: null, error: null }
    })
    const stats = await createProfileService(async () => client).fetchStats('u')
    expect(stats).toEqual({ posts: 4, followers: 10, following: 2 })
    for (const query of queries) {
      expect(query).toContainEqual(['select', '*', { count: 'exact', head: true }])
    }
    expect(queries.map((query) => query[0][1])).toEqual(['posts', 'follows', 'follows'])
  })

  it('throws with the server message when a query fails', async () => {
    const { client } = recordingClient(() => ({
      data: null,
      error: { message: 'permission denied' }
    }))
    await expect(createProfileService(async () => client).fetchOwnPosts('u')).rejects.toThrow(
      'permission denied'
    )
  })
})
