// No existence or identity oracle across blocks, private accounts and suspensions, over HTTP on
// PGlite and PostgreSQL: every write or read that names a row the caller may not see must
// answer exactly as the same request naming an id that does not exist (status and body, byte
// for byte), and no read names a person who blocked the reader. R is the reader; A blocked R,
// P is a private account R does not follow, Z is suspended, C is a friend of both sides.

import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser, type Harness, type InsertedUser } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const STORAGE = 'https://example.test/storage/v1/object/public/images'

interface Answer {
  status: number
  body: string
}

interface World {
  reader: InsertedUser
  blocker: InsertedUser
  privateOne: InsertedUser
  suspended: InsertedUser
  friend: InsertedUser
  /** Posts R may not see: by A (who blocked R), by P (private) and by Z (suspended). */
  hiddenPosts: string[]
  /** Comments R may not see: A's comment on C's post, and comments on hidden posts. */
  hiddenComments: string[]
  hiddenStories: string[]
  /** People R may not see: A (blocked R) and Z (suspended). */
  hiddenPeople: string[]
  friendPost: string
  /** A comment of C's, on C's post, which A liked. */
  friendComment: string
  /** A one-to-one thread between R and C, and a message in a thread R is not in. */
  thread: string
  foreignMessage: string
}

describeEachBackend('no existence oracle', (suite) => {
  let harness: Harness
  let world: World

  const request = async (
    user: InsertedUser,
    method: string,
    path: string,
    body?: unknown
  ): Promise<Answer> => {
    const response = await fetch(`${harness.backend.url}/rest/v1/${path}`, {
      method,
      headers: {
        apikey: harness.backend.anonKey,
        Authorization: `Bearer ${user.token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=minimal'
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: response.status, body: await response.text() }
  }

  /** The answers for each hidden id and for an unknown one, which must all be one answer. */
  const expectAlike = async (hidden: string[], ask: (id: string) => Promise<Answer>) => {
    const unknown = await ask(randomUUID())
    for (const id of hidden) expect(await ask(id), id).toEqual(unknown)
    return unknown
  }

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    harness.backend.db.query<T>(text, params).then((result) => result.rows)
  const one = async (text: string, params: unknown[] = []) =>
    (await sql<{ id: string }>(text, params))[0].id
  /** A post with its first photo (post_images), as create_post makes it. */
  const post = (user: InsertedUser) =>
    harness.backend.db.transaction(async (tx) => {
      const image = `${STORAGE}/posts/${user.id}/${randomUUID()}.png`
      const { rows } = await tx.query<{ id: string }>(
        'insert into posts (user_id, image_url) values ($1, $2) returning id',
        [user.id, image]
      )
      await tx.query(`select set_config('app.creating_post', $1, true)`, [rows[0].id])
      await tx.query('insert into post_images (post_id, position, image_url) values ($1, 0, $2)', [
        rows[0].id,
        image
      ])
      return rows[0].id
    })
  const comment = (user: InsertedUser, postId: string) =>
    one(`insert into comments (user_id, post_id, body) values ($1, $2, 'hi') returning id`, [
      user.id,
      postId
    ])
  const story = (user: InsertedUser) =>
    one(
      `insert into stories (user_id, image_url, width, height) values ($1, $2, 1, 1) returning id`,
      [user.id, `${STORAGE}/stories/${user.id}/${randomUUID()}.png`]
    )

  beforeAll(async () => {
    harness = suite.harness
    const stamp = Date.now().toString(36)
    const [reader, blocker, privateOne, suspended, friend] = await Promise.all(
      ['reader', 'blocker', 'private', 'suspended', 'friend'].map((name) =>
        insertUser(harness.backend, `${name}_${stamp}`)
      )
    )
    const friendPost = await post(friend)
    const hiddenPosts = [await post(blocker), await post(privateOne), await post(suspended)]
    const friendComment = await comment(friend, friendPost)
    const hiddenComments = [
      await comment(blocker, friendPost),
      ...(await Promise.all(hiddenPosts.map((id) => comment(friend, id))))
    ]
    const hiddenStories = [await story(blocker), await story(privateOne), await story(suspended)]
    // R follows A and Z (before the block and the suspension), not P.
    await sql(
      `insert into follows (follower_id, following_id) values ($1, $2), ($1, $3), ($1, $4)`,
      [reader.id, blocker.id, suspended.id, friend.id]
    )
    await sql('insert into comment_likes (user_id, comment_id) values ($1, $2)', [
      blocker.id,
      friendComment
    ])
    await sql('insert into likes (user_id, post_id) values ($1, $2)', [blocker.id, friendPost])
    await sql('update profiles set is_private = true where id = $1', [privateOne.id])
    await sql('update profiles set suspended_at = now() where id = $1', [suspended.id])
    await sql('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      blocker.id,
      reader.id
    ])
    const threads = await sql<{ id: string }>(
      `insert into direct_threads (created_by) values ($1), ($2) returning id`,
      [reader.id, blocker.id]
    )
    await sql(
      `insert into direct_participants (thread_id, user_id)
       values ($1, $2), ($1, $3), ($4, $5), ($4, $3)`,
      [threads[0].id, reader.id, friend.id, threads[1].id, blocker.id]
    )
    const foreignMessage = await one(
      `insert into direct_messages (thread_id, sender_id, kind, body)
       values ($1, $2, 'text', 'secret') returning id`,
      [threads[1].id, blocker.id]
    )
    world = {
      reader,
      blocker,
      privateOne,
      suspended,
      friend,
      hiddenPosts,
      hiddenComments,
      hiddenStories,
      hiddenPeople: [blocker.id, suspended.id],
      friendPost,
      friendComment,
      thread: threads[0].id,
      foreignMessage
    }
  })

  describe('posts', () => {
    it('saving a hidden post answers as saving an unknown one', async () => {
      const answer = await expectAlike(world.hiddenPosts, (id) =>
        request(world.reader, 'POST', 'saves', { user_id: world.reader.id, post_id: id })
      )
      expect(answer.status).toBe(404)
      const saved = await sql('select 1 from saves where user_id = $1', [world.reader.id])
      expect(saved).toEqual([])
    })

    it('liking and unliking a hidden post answer as for an unknown one', async () => {
      await expectAlike(world.hiddenPosts, (id) =>
        request(world.reader, 'POST', 'likes', { user_id: world.reader.id, post_id: id })
      )
      for (const shouldLike of [true, false]) {
        await expectAlike(world.hiddenPosts, (id) =>
          request(world.reader, 'POST', 'rpc/set_post_like', {
            target_post_id: id,
            should_like: shouldLike
          })
        )
      }
    })

    it('commenting on a hidden post, or replying to a hidden comment, answers as unknown', async () => {
      await sql('update posts set comments_disabled = true where id = any($1)', [world.hiddenPosts])
      await expectAlike(world.hiddenPosts, (id) =>
        request(world.reader, 'POST', 'comments', {
          user_id: world.reader.id,
          post_id: id,
          body: 'hello'
        })
      )
      await expectAlike([world.hiddenComments[0]], (id) =>
        request(world.reader, 'POST', 'comments', {
          user_id: world.reader.id,
          post_id: world.friendPost,
          parent_id: id,
          body: 'hello'
        })
      )
    })

    it('the likers of a hidden post read as those of an unknown one; no liker who blocked R', async () => {
      const answer = await expectAlike(world.hiddenPosts, (id) =>
        request(world.reader, 'GET', `likes?select=user_id&post_id=eq.${id}`)
      )
      expect(answer.body).toBe('[]')
      const likers = await request(
        world.reader,
        'GET',
        `likes?select=user_id&post_id=eq.${world.friendPost}`
      )
      expect(likers.body).toBe('[]')
      const highlights = await request(world.reader, 'POST', 'rpc/like_highlights', {
        post_ids: [world.friendPost]
      })
      expect(highlights.body).toBe('[]')
    })
  })

  describe('comments', () => {
    it('liking a hidden comment answers as liking an unknown one', async () => {
      await expectAlike(world.hiddenComments, (id) =>
        request(world.reader, 'POST', 'comment_likes', { user_id: world.reader.id, comment_id: id })
      )
      for (const shouldLike of [true, false]) {
        await expectAlike(world.hiddenComments, (id) =>
          request(world.reader, 'POST', 'rpc/set_comment_like', {
            target_comment_id: id,
            should_like: shouldLike
          })
        )
      }
    })

    it('a comment’s likes never show R the person who blocked them', async () => {
      const likes = await request(
        world.reader,
        'GET',
        `comment_likes?select=user_id&comment_id=eq.${world.friendComment}`
      )
      expect(likes).toEqual({ status: 200, body: '[]' })
      const answer = await expectAlike(world.hiddenComments, (id) =>
        request(world.reader, 'GET', `comment_likes?select=user_id&comment_id=eq.${id}`)
      )
      expect(answer.body).toBe('[]')
    })
  })

  describe('people', () => {
    it('following, asking to follow, muting and close friends answer as for an unknown id', async () => {
      await expectAlike(world.hiddenPeople, (id) =>
        request(world.reader, 'POST', 'follows', { follower_id: world.reader.id, following_id: id })
      )
      await expectAlike(world.hiddenPeople, (id) =>
        request(world.reader, 'POST', 'rpc/follow_profile', { target: id })
      )
      await expectAlike(world.hiddenPeople, (id) =>
        request(world.reader, 'POST', 'follow_requests', {
          requester_id: world.reader.id,
          target_id: id
        })
      )
      await expectAlike(world.hiddenPeople, (id) =>
        request(world.reader, 'POST', 'mutes', { muter_id: world.reader.id, muted_id: id })
      )
      await expectAlike(world.hiddenPeople, (id) =>
        request(world.reader, 'POST', 'close_friends', { user_id: world.reader.id, friend_id: id })
      )
    })

    it('tagging a hidden person, and their tags, answer as for an unknown id', async () => {
      const own = await post(world.reader)
      await expectAlike(world.hiddenPeople, (id) =>
        request(world.reader, 'POST', 'post_people_tags', {
          post_id: own,
          position: 0,
          user_id: id,
          x: 0.5,
          y: 0.5
        })
      )
      await sql(
        `insert into post_people_tags (post_id, position, user_id, x, y)
         values ($1, 0, $2, 0.5, 0.5)`,
        [world.friendPost, world.blocker.id]
      )
      const tags = await request(
        world.reader,
        'GET',
        `post_people_tags?select=user_id&post_id=eq.${world.friendPost}`
      )
      expect(tags.body).toBe('[]')
      await expectAlike(world.hiddenPeople, (id) =>
        request(world.reader, 'POST', 'rpc/tagged_page', { person: id })
      )
    })
  })

  describe('reports and stories', () => {
    it('reporting hidden content answers as reporting an unknown id', async () => {
      const targets: [string, string[]][] = [
        ['post', world.hiddenPosts],
        ['comment', world.hiddenComments],
        ['story', world.hiddenStories],
        ['profile', world.hiddenPeople]
      ]
      for (const [type, ids] of targets) {
        await expectAlike(ids, (id) =>
          request(world.reader, 'POST', 'rpc/report_content', {
            target_type: type,
            target_id: id,
            reason: 'spam'
          })
        )
      }
    })

    it('watching a hidden story answers as watching an unknown one', async () => {
      await expectAlike(world.hiddenStories, (id) =>
        request(world.reader, 'POST', 'rpc/mark_story_seen', { target_story_id: id })
      )
      await expectAlike(world.hiddenStories, (id) =>
        request(world.reader, 'POST', 'story_views', { story_id: id, viewer_id: world.reader.id })
      )
    })
  })

  describe('direct messages', () => {
    it('sharing a hidden post, or replying to a hidden story, answers as for an unknown id', async () => {
      await expectAlike(world.hiddenPosts, (id) =>
        request(world.reader, 'POST', 'direct_messages', {
          thread_id: world.thread,
          sender_id: world.reader.id,
          kind: 'post',
          post_id: id
        })
      )
      await expectAlike(world.hiddenStories, (id) =>
        request(world.reader, 'POST', 'direct_messages', {
          thread_id: world.thread,
          sender_id: world.reader.id,
          kind: 'story_reply',
          body: 'nice',
          story_id: id
        })
      )
    })

    it('messaging a hidden person answers as messaging an unknown id', async () => {
      await expectAlike(world.hiddenPeople, (id) =>
        request(world.reader, 'POST', 'rpc/start_direct_thread', { recipient_ids: [id] })
      )
    })

    it('hearting a message of another thread answers as hearting an unknown one', async () => {
      await expectAlike([world.foreignMessage], (id) =>
        request(world.reader, 'POST', 'direct_reactions', {
          message_id: id,
          user_id: world.reader.id
        })
      )
    })
  })
})
