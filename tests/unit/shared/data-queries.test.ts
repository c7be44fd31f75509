// The data layer against a recording stand-in for supabase-js: checks the exact queries each
// operation sends (docs/product.md lists them) without a server.

import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { FEED_SELECT, fetchFeedPage } from '../../../src/shared/data/feed'
import { likedPostIds, setPostLike } from '../../../src/shared/data/likes'
import { fetchProfilePosts } from '../../../src/shared/data/profiles'

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
    const [post] = await fetchFeedPage(client, { limit: 12 })
    expect(post.image_url).toBe(
      'http://127.0.0.1:5000/storage/v1/object/public/images/posts/u/1-a.webp'
    )
    expect(post.thumb_url).toBe(
      'http://127.0.0.1:5000/storage/v1/object/public/images/posts/u/1-a-thumb.webp'
    )
  })

  it('resolves stored photo paths, the author’s avatar included, onto the backend in use', async () => {
    const path = '/storage/v1/object/public/images/posts/u/1-a.webp'
    const { client } = recordingClient(() => ({
      data: [
        {
          id: 'p',
          image_url: path,
          thumb_url: null,
          caption: path,
          profiles: {
            username: 'u',
            avatar_url: '/storage/v1/object/public/images/avatars/u/a.png'
          }
        }
      ],
      error: null
    }))
    const [post] = await fetchFeedPage(client, { limit: 12 })
    expect(post.image_url).toBe(`http://127.0.0.1:5000${path}`)
    expect(post.thumb_url).toBeNull()
    // Only URL fields: text that happens to look like a path stays as written.
    expect(post.caption).toBe(path)
    expect(post.profiles?.avatar_url).toBe(
      'http://127.0.0.1:5000/storage/v1/object/public/images/avatars/u/a.png'
    )
  })

  it('reads the first feed page through feed_page with the author embedded', async () => {
    const { client, queries } = recordingClient(() => ({ data: [], error: null }))
    await fetchFeedPage(client, { limit: 12 })
    expect(queries[0]).toEqual([
      ['from', 'rpc:feed_page', { page_size: 12 }, { get: true }],
      ['select', FEED_SELECT]
    ])
  })

  it('reads the next page after the cursor (created_at, id) of the last post shown', async () => {
    const { client, queries } = recordingClient(() => ({ data: [], error: null }))
    const before = { created_at: '2026-01-02T03:04:05.678+00:00', id: 'abc' }
    await fetchFeedPage(client, { before, limit: 12 })
    expect(queries[0][0]).toEqual([
      'from',
      'rpc:feed_page',
      { before_created_at: before.created_at, before_id: 'abc', page_size: 12 },
      { get: true }
    ])
  })

  it('reads the liked state of many posts with one .in query', async () => {
    const { client, queries } = recordingClient(() => ({ data: [{ post_id: 'b' }], error: null }))
    const liked = await likedPostIds(client, 'u', ['a', 'b'])
    expect([...liked]).toEqual(['b'])
    expect(queries).toHaveLength(1)
    expect(queries[0]).toContainEqual(['eq', 'user_id', 'u'])
    expect(queries[0]).toContainEqual(['in', 'post_id', ['a', 'b']])
  })

  it('likes or unlikes with one set_post_like rpc that answers with the new state', async () => {
    const { client, queries } = recordingClient(() => ({
      data: { liked: false, likes_count: 3 },
      error: null
    }))
    expect(await setPostLike(client, 'p', false)).toEqual({ liked: false, likes_count: 3 })
    expect(queries).toEqual([
      [['from', 'rpc:set_post_like', { target_post_id: 'p', should_like: false }], ['single']]
    ])
  })

  it('says the post is gone when the post being liked was deleted', async () => {
    const { client } = recordingClient(() => ({
      data: null,
      error: { code: '23503', message: 'violates foreign key constraint' }
    }))
    await expect(setPostLike(client, 'p', true)).rejects.toThrow('This post no longer exists')
  })

  it('throws with the server message when a query fails', async () => {
    const { client } = recordingClient(() => ({
      data: null,
      error: { message: 'permission denied' }
    }))
    await expect(fetchProfilePosts(client, 'u')).rejects.toThrow('permission denied')
  })
})
