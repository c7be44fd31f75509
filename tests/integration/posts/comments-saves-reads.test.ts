// Comments, saved posts, tag pages, "Liked by" and mentions through the shared data functions,
// with the real supabase-js client against the local backend on both databases.

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  addComment,
  commentsPage,
  deleteComment,
  latestComments
} from '../../../src/shared/data/comments'
import { postById, postCounts, tagPage } from '../../../src/shared/data/post-reads'
import { savedPage, savedPostIds, savePost, unsavePost } from '../../../src/shared/data/saves'
import type { Post } from '../../../src/shared/domain'
import { startHarness, type Harness } from '../../support/backend-harness'
import type { DatabaseKind } from '../../support/databases'
import { postPhotos, signedIn, type User } from './support'

const postgresUrl = inject('postgresUrl')

describe.each<DatabaseKind>(['pglite', 'postgres'])('comments, saves and reads on %s', (kind) => {
  const unavailable = kind === 'postgres' && !postgresUrl
  let harness: Harness
  let alice: User
  let bob: User
  let carol: User
  let post: Post

  beforeAll(async () => {
    if (unavailable) return
    harness = await startHarness(kind, postgresUrl)
    alice = await signedIn(harness, 'alice')
    bob = await signedIn(harness, 'bob')
    carol = await signedIn(harness, 'carol')
    post = await postPhotos(alice, 1, 'hello')
  })
  afterAll(async () => {
    await harness?.close()
  })

  const comment = (user: User, body: string, parentId?: string): ReturnType<typeof addComment> =>
    addComment(user.client, { postId: post.id, userId: user.userId, body, parentId })

  it.skipIf(unavailable)('an empty or over-long comment gets a clear message', async () => {
    await expect(comment(bob, '   \n ')).rejects.toThrow(
      'Write something before sending your comment'
    )
    await expect(comment(bob, 'x'.repeat(2201))).rejects.toThrow(
      'A comment can be at most 2,200 characters'
    )
    // 2,200 emoji are 2,200 characters (4,400 UTF-16 units) and are accepted.
    const long = await comment(bob, '📷'.repeat(2200))
    await deleteComment(bob.client, long.id)
  })

  it.skipIf(unavailable)(
    'comments page newest or oldest first without gaps or repeats, replies in their thread',
    async () => {
      const written = []
      for (let i = 0; i < 5; i++) written.push(await comment(i % 2 ? bob : carol, `c${i}`))
      const reply = await comment(alice, 'thanks @bob', written[0].id)
      // A reply to a reply joins the top-level thread.
      const nested = await comment(bob, 'you are welcome', reply.id)
      expect(nested.parent_id).toBe(written[0].id)

      const newest: string[] = []
      let page = await commentsPage(bob.client, post.id, { order: 'newest', limit: 2 })
      newest.push(...page.items.map((c) => c.body))
      while (page.next) {
        page = await commentsPage(bob.client, post.id, {
          order: 'newest',
          after: page.next,
          limit: 2
        })
        newest.push(...page.items.map((c) => c.body))
      }
      expect(newest).toEqual(['c4', 'c3', 'c2', 'c1', 'c0'])

      const oldest = await commentsPage(anonClient(), post.id, { order: 'oldest', limit: 10 })
      expect(oldest.next).toBeNull()
      expect(oldest.items.map((c) => c.body)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4'])
      expect(oldest.items[0].replies.map((r) => r.body)).toEqual(['thanks @bob', 'you are welcome'])
      expect(oldest.items[0].profiles?.username).toBe(carol.username)

      expect((await postById(bob.client, post.id)).comments_count).toBe(7)
      // The posts store reads a post's counts alone when it missed a live one.
      expect(await postCounts(bob.client, post.id)).toEqual({
        id: post.id,
        likes_count: 0,
        comments_count: 7
      })
      expect(await postCounts(bob.client, crypto.randomUUID())).toBeNull()
      // A card shows the latest threads, never a reply out of its thread.
      const latest = await latestComments(bob.client, [post.id])
      expect(latest.get(post.id)?.map((c) => c.body)).toEqual(['c4', 'c3'])

      // Deleting a comment takes its replies, and the count follows.
      await deleteComment(carol.client, written[0].id)
      expect((await postById(bob.client, post.id)).comments_count).toBe(4)
    }
  )

  it.skipIf(unavailable)(
    'a comment is deleted by its author or the post’s author, and by nobody else',
    async () => {
      const byBob = await comment(bob, 'bob was here')
      const byCarol = await comment(carol, 'carol was here')
      await expect(deleteComment(carol.client, byBob.id)).rejects.toThrow(
        "Couldn't delete the comment: it was already deleted or is not yours"
      )
      await deleteComment(bob.client, byBob.id)
      await deleteComment(alice.client, byCarol.id)
      const { items } = await commentsPage(bob.client, post.id, { limit: 50 })
      expect(items.map((c) => c.id)).not.toContain(byBob.id)
      expect(items.map((c) => c.id)).not.toContain(byCarol.id)
    }
  )

  it.skipIf(unavailable)(
    'saving is private: saved page, saved ids, idempotent save and unsave',
    async () => {
      const second = await postPhotos(carol, 1, 'second')
      await savePost(bob.client, bob.userId, post.id)
      await savePost(bob.client, bob.userId, second.id)
      await savePost(bob.client, bob.userId, second.id)
      const first = await savedPage(bob.client, bob.userId, { limit: 1 })
      expect(first.items.map((p) => p.id)).toEqual([second.id])
      const rest = await savedPage(bob.client, bob.userId, { after: first.next, limit: 1 })
      expect(rest.items.map((p) => p.id)).toEqual([post.id])
      expect(rest.items[0].profiles?.username).toBe(alice.username)
      expect(await savedPostIds(bob.client, [post.id, second.id])).toEqual(
        new Set([post.id, second.id])
      )
      // Nobody else can read Bob's list, even asking for it by his id.
      expect((await savedPage(alice.client, bob.userId)).items).toEqual([])
      expect((await savedPage(anonClient(), bob.userId)).items).toEqual([])

      await unsavePost(bob.client, bob.userId, second.id)
      await unsavePost(bob.client, bob.userId, second.id)
      expect((await savedPage(bob.client, bob.userId)).items.map((p) => p.id)).toEqual([post.id])
    }
  )

  it.skipIf(unavailable)(
    'a tag page lists the tagged posts newest first, keyset-paged',
    async () => {
      const tagged = []
      for (let i = 0; i < 3; i++) tagged.push(await postPhotos(bob, 1, `day ${i} #Golden_Hour`))
      await postPhotos(bob, 1, 'not#golden_hour')
      const first = await tagPage(anonClient(), '#golden_hour', { limit: 2 })
      expect(first.items.map((p) => p.id)).toEqual([tagged[2].id, tagged[1].id])
      const rest = await tagPage(anonClient(), 'GOLDEN_HOUR', { after: first.next, limit: 2 })
      expect(rest.items.map((p) => p.id)).toEqual([tagged[0].id])
      expect(rest.next).toBeNull()
      await expect(tagPage(anonClient(), 'no spaces')).rejects.toThrow(
        '"no spaces" is not a hashtag'
      )
    }
  )

  function anonClient(): SupabaseClient {
    return harness.anon()
  }
})
