// Retrying a write whose answer was lost (what the offline outbox does) never duplicates it:
// posts and comments carry a client-chosen id, their uploads a path derived from it; follows and
// saves are set, not toggled. An id that is someone else's fails without revealing their row.
// Through the real supabase-js client against the local backend on both databases.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addComment, COMMENT_ID_TAKEN_MESSAGE } from '../../../src/shared/data/comments'
import { createPost } from '../../../src/shared/data/post-create'
import { follow, unfollow } from '../../../src/shared/data/follows'
import { POST_ID_TAKEN_MESSAGE } from '../../../src/shared/data/post-owner'
import { savePost, unsavePost } from '../../../src/shared/data/saves'
import { startHarness, type Harness } from '../../support/backend-harness'
import type { DatabaseKind } from '../../support/databases'
import { photo, signedIn, storedObjects, type User } from './support'

const postgresUrl = inject('postgresUrl')

describe.each<DatabaseKind>(['pglite', 'postgres'])('idempotent writes on %s', (kind) => {
  const unavailable = kind === 'postgres' && !postgresUrl
  let harness: Harness
  let alice: User
  let bob: User

  beforeAll(async () => {
    if (unavailable) return
    harness = await startHarness(kind, postgresUrl)
    alice = await signedIn(harness, 'alice')
    bob = await signedIn(harness, 'bob')
  })
  afterAll(async () => {
    await harness?.close()
  })

  const db = (): Harness['backend']['db'] => harness.backend.db
  const countRows = async (sql: string, params: unknown[]): Promise<number> => {
    const { rows } = await db().query<{ n: number }>(`select count(*)::int as n ${sql}`, params)
    return rows[0].n
  }
  const single = (user: User, id: string, caption: string): ReturnType<typeof createPost> => {
    return createPost(user.client, { userId: user.userId, id, caption, photos: [photo(7)] })
  }

  it.skipIf(unavailable)(
    'the same single-photo post sent twice is one row and one image with its thumbnail',
    async () => {
      const id = crypto.randomUUID()
      const first = await single(alice, id, 'sent twice')
      const second = await single(alice, id, 'sent twice')
      expect(first.id).toBe(id)
      expect(second.id).toBe(id)
      expect(second.profiles?.username).toBe(alice.username)
      expect(await countRows('from public.posts where id = $1', [id])).toBe(1)
      const objects = (await storedObjects(db(), alice.userId)).filter((name) => name.includes(id))
      expect(objects).toEqual([
        `posts/${alice.userId}/${id}-0-thumb.png`,
        `posts/${alice.userId}/${id}-0.png`
      ])
    }
  )

  it.skipIf(unavailable)(
    'the same carousel sent twice is one post with its photos stored once',
    async () => {
      const id = crypto.randomUUID()
      const send = (): ReturnType<typeof createPost> =>
        createPost(alice.client, {
          userId: alice.userId,
          id,
          caption: 'two photos, twice',
          photos: [photo(1, 'one'), photo(2, 'two')]
        })
      const first = await send()
      const second = await send()
      expect([first.id, second.id]).toEqual([id, id])
      expect(second.image_count).toBe(2)
      expect(await countRows('from public.posts where id = $1', [id])).toBe(1)
      expect(await countRows('from public.post_images where post_id = $1', [id])).toBe(2)
      const objects = (await storedObjects(db(), alice.userId)).filter((name) => name.includes(id))
      expect(objects).toHaveLength(4)
    }
  )

  it.skipIf(unavailable)(
    "a post id that is someone else's fails, reads nothing of theirs and leaves no upload",
    async () => {
      const id = crypto.randomUUID()
      await single(alice, id, 'alice owns this id')
      await expect(single(bob, id, 'bob tries the same id')).rejects.toThrow(POST_ID_TAKEN_MESSAGE)
      await expect(
        createPost(bob.client, {
          userId: bob.userId,
          id,
          caption: 'bob again',
          photos: [photo(3)]
        })
      ).rejects.toThrow(POST_ID_TAKEN_MESSAGE)
      const { rows } = await db().query<{ user_id: string; caption: string }>(
        'select user_id, caption from public.posts where id = $1',
        [id]
      )
      expect(rows).toEqual([{ user_id: alice.userId, caption: 'alice owns this id' }])
      expect((await storedObjects(db(), bob.userId)).filter((name) => name.includes(id))).toEqual(
        []
      )
    }
  )

  it.skipIf(unavailable)(
    'the same comment sent twice is one comment, counted once; a taken id is refused',
    async () => {
      const post = await single(alice, crypto.randomUUID(), 'comment target')
      const id = crypto.randomUUID()
      const comment = { id, postId: post.id, userId: bob.userId, body: 'only once' }
      const first = await addComment(bob.client, comment)
      const second = await addComment(bob.client, comment)
      expect([first.id, second.id]).toEqual([id, id])
      expect(second.profiles?.username).toBe(bob.username)
      expect(await countRows('from public.comments where post_id = $1', [post.id])).toBe(1)
      const { rows } = await db().query<{ comments_count: number }>(
        'select comments_count from public.posts where id = $1',
        [post.id]
      )
      expect(rows[0].comments_count).toBe(1)
      await expect(
        addComment(alice.client, { id, postId: post.id, userId: alice.userId, body: 'mine?' })
      ).rejects.toThrow(COMMENT_ID_TAKEN_MESSAGE)
      await expect(
        addComment(bob.client, { id: 'not-a-uuid', postId: post.id, userId: bob.userId, body: 'x' })
      ).rejects.toThrow('The new row id must be a uuid')
    }
  )

  it.skipIf(unavailable)(
    'follow, unfollow, save and unsave sent twice land on the same state without an error',
    async () => {
      const post = await single(alice, crypto.randomUUID(), 'save target')
      await follow(bob.client, bob.userId, alice.userId)
      expect((await follow(bob.client, bob.userId, alice.userId)).followersCount).toBe(1)
      await unfollow(bob.client, bob.userId, alice.userId)
      expect((await unfollow(bob.client, bob.userId, alice.userId)).followersCount).toBe(0)
      await savePost(bob.client, bob.userId, post.id)
      await savePost(bob.client, bob.userId, post.id)
      expect(await countRows('from public.saves where post_id = $1', [post.id])).toBe(1)
      await unsavePost(bob.client, bob.userId, post.id)
      await unsavePost(bob.client, bob.userId, post.id)
      expect(await countRows('from public.saves where post_id = $1', [post.id])).toBe(0)
    }
  )
})
