// Likes on comments (supabase/migrations/20261126110000_comment_likes.sql): anyone reads them
// where the comment is visible, only the liker adds or removes their own, one per person per
// comment, comments.likes_count stays exact, and the comment's author is told (and untold).

import { beforeEach, expect, it } from 'vitest'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const SET_LIKE = 'select * from public.set_comment_like($1, $2)'
const IMAGE = 'https://example.test/storage/v1/object/public/images/posts/x/1.png'

describeEachDatabase('comment likes', (suite) => {
  let author: Actor
  let fan: Actor
  let other: Actor
  let postId: string
  let commentId: string

  beforeEach(async () => {
    await resetData(suite.db)
    author = await signUp(suite.db, 'author', { username: 'author' })
    fan = await signUp(suite.db, 'fan', { username: 'fan' })
    other = await signUp(suite.db, 'other', { username: 'other' })
    const post = await suite.db.query<{ id: string }>(
      'insert into public.posts (user_id, image_url) values ($1, $2) returning id',
      [other.id, IMAGE]
    )
    postId = post.rows[0].id
    const comment = await runAs<{ id: string }>(
      suite.db,
      author,
      'insert into comments (post_id, user_id, body) values ($1, $2, $3) returning id',
      [postId, author.id, 'nice one']
    )
    commentId = comment.rows[0].id
    await suite.db.query('delete from public.notifications')
  })

  const likesCount = async (): Promise<number> =>
    (
      await suite.db.query<{ n: number }>('select likes_count as n from comments where id = $1', [
        commentId
      ])
    ).rows[0].n

  const commentLikeNotifications = async (): Promise<Record<string, unknown>[]> =>
    (
      await suite.db.query(
        `select recipient_id, actor_id, post_id, comment_id from public.notifications
         where type = 'comment_like'`
      )
    ).rows

  it('set_comment_like likes as the caller, once, and answers with the exact count', async () => {
    expect((await runAs(suite.db, fan, SET_LIKE, [commentId, true])).rows).toEqual([
      { liked: true, likes_count: 1 }
    ])
    expect((await runAs(suite.db, fan, SET_LIKE, [commentId, true])).rows).toEqual([
      { liked: true, likes_count: 1 }
    ])
    await runAs(suite.db, author, SET_LIKE, [commentId, true])
    expect(await likesCount()).toBe(2)
    expect((await runAs(suite.db, fan, SET_LIKE, [commentId, false])).rows).toEqual([
      { liked: false, likes_count: 1 }
    ])
  })

  it('allows one like per person per comment on a direct insert', async () => {
    const insert = 'insert into comment_likes (user_id, comment_id) values ($1, $2)'
    await runAs(suite.db, fan, insert, [fan.id, commentId])
    expect(await attemptAs(suite.db, fan, insert, [fan.id, commentId])).toMatchObject({
      ok: false,
      code: '23505'
    })
    expect(await likesCount()).toBe(1)
  })

  it('refuses a like on behalf of someone else, and a visitor', async () => {
    expect(
      await attemptAs(
        suite.db,
        fan,
        'insert into comment_likes (user_id, comment_id) values ($1, $2)',
        [author.id, commentId]
      )
    ).toMatchObject({ ok: false, code: '42501' })
    expect(await attemptAs(suite.db, anon, SET_LIKE, [commentId, true])).toMatchObject({
      ok: false,
      code: '42501'
    })
    expect(await likesCount()).toBe(0)
  })

  it('lets nobody write the counter or remove another person’s like', async () => {
    await runAs(suite.db, fan, SET_LIKE, [commentId, true])
    expect(
      await attemptAs(suite.db, fan, 'update comments set likes_count = 99 where id = $1', [
        commentId
      ])
    ).toMatchObject({ ok: false, code: '42501' })
    const removed = await runAs(
      suite.db,
      author,
      'delete from comment_likes where comment_id = $1 returning user_id',
      [commentId]
    )
    expect(removed.rows).toEqual([])
    expect(await likesCount()).toBe(1)
  })

  it('lets visitors and everyone read the likes of a visible comment', async () => {
    await runAs(suite.db, fan, SET_LIKE, [commentId, true])
    const read = 'select user_id from comment_likes where comment_id = $1'
    expect((await runAs(suite.db, anon, read, [commentId])).rows).toEqual([{ user_id: fan.id }])
    expect((await runAs(suite.db, other, read, [commentId])).rows).toEqual([{ user_id: fan.id }])
  })

  it("tells the comment's author, takes the unread notice back on unlike, never tells oneself", async () => {
    await runAs(suite.db, fan, SET_LIKE, [commentId, true])
    await runAs(suite.db, author, SET_LIKE, [commentId, true])
    expect(await commentLikeNotifications()).toEqual([
      { recipient_id: author.id, actor_id: fan.id, post_id: postId, comment_id: commentId }
    ])
    await runAs(suite.db, fan, SET_LIKE, [commentId, false])
    expect(await commentLikeNotifications()).toEqual([])
  })

  it('says the comment is gone, and deleting a comment takes its likes along', async () => {
    await runAs(suite.db, fan, SET_LIKE, [commentId, true])
    await runAs(suite.db, author, 'delete from comments where id = $1', [commentId])
    expect(
      (await suite.db.query('select 1 from comment_likes where comment_id = $1', [commentId])).rows
    ).toEqual([])
    expect(await commentLikeNotifications()).toEqual([])
    expect(await attemptAs(suite.db, fan, SET_LIKE, [commentId, true])).toMatchObject({
      ok: false
    })
  })

  it('activity_page quotes the comment and keeps likes on different comments apart', async () => {
    const second = await runAs<{ id: string }>(
      suite.db,
      author,
      'insert into comments (post_id, user_id, body) values ($1, $2, $3) returning id',
      [postId, author.id, 'second thought']
    )
    await runAs(suite.db, fan, SET_LIKE, [commentId, true])
    await runAs(suite.db, fan, SET_LIKE, [second.rows[0].id, true])
    const page = await runAs<{ type: string; comment_body: string }>(
      suite.db,
      author,
      'select type, comment_body from activity_page() order by comment_body'
    )
    expect(page.rows).toEqual([
      { type: 'comment_like', comment_body: 'nice one' },
      { type: 'comment_like', comment_body: 'second thought' }
    ])
    await runAs(
      suite.db,
      fan,
      'insert into comments (post_id, user_id, body) values ($1, $2, $3)',
      [postId, fan.id, 'so true']
    )
    const commented = await runAs<{ type: string; comment_body: string }>(
      suite.db,
      other,
      'select type, comment_body from activity_page()'
    )
    expect(commented.rows).toContainEqual({ type: 'comment', comment_body: 'so true' })
  })
})
