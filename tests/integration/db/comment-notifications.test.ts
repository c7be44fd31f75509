// The notifications comments write (supabase/migrations/20261123170000_comment_notifications.sql):
// a comment tells the post's author, a reply the comment's author, a mention the person named;
// nobody hears about their own comment, and deleting a comment takes back what is unread.

import { beforeEach, expect, it } from 'vitest'
import { resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const IMAGE = 'https://example.test/storage/v1/object/public/images/posts/x/1.png'

describeEachDatabase('comment, reply and mention notifications', (suite) => {
  let a: Actor
  let b: Actor
  let c: Actor
  let postA: string

  const notifications = async (): Promise<Record<string, unknown>[]> =>
    (
      await suite.db.query(
        `select n.recipient_id, n.actor_id, n.type, n.post_id, n.comment_id
         from public.notifications n order by n.created_at, n.type, n.id`
      )
    ).rows

  const commentAs = async (
    actor: Actor,
    body: string,
    parentId: string | null = null
  ): Promise<string> => {
    const { rows } = await runAs<{ id: string }>(
      suite.db,
      actor,
      `insert into comments (post_id, user_id, parent_id, body) values ($1, $2, $3, $4)
       returning id`,
      [postA, actor.id, parentId, body]
    )
    return rows[0].id
  }

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'user A', { username: 'alice' })
    b = await signUp(suite.db, 'user B', { username: 'bob' })
    c = await signUp(suite.db, 'user C', { username: 'carol' })
    const { rows } = await suite.db.query<{ id: string }>(
      'insert into public.posts (user_id, image_url) values ($1, $2) returning id',
      [a.id, IMAGE]
    )
    postA = rows[0].id
  })

  it("a comment notifies the post's author; the author's own comment notifies nobody", async () => {
    const comment = await commentAs(b, 'nice')
    await commentAs(a, 'thanks')
    expect(await notifications()).toEqual([
      { recipient_id: a.id, actor_id: b.id, type: 'comment', post_id: postA, comment_id: comment }
    ])
  })

  it("a reply notifies the replied comment's author, not the post's author", async () => {
    const thread = await commentAs(b, 'first')
    await suite.db.query('delete from public.notifications')
    const reply = await commentAs(c, 'agreed', thread)
    expect(await notifications()).toEqual([
      { recipient_id: b.id, actor_id: c.id, type: 'reply', post_id: postA, comment_id: reply }
    ])
  })

  it('a mention notifies each person named once, ignoring unknown names and the one already told', async () => {
    const comment = await commentAs(b, '@Carol look, @carol! @alice @nobody_here mail@carol')
    expect(await notifications()).toEqual([
      { recipient_id: a.id, actor_id: b.id, type: 'comment', post_id: postA, comment_id: comment },
      { recipient_id: c.id, actor_id: b.id, type: 'mention', post_id: postA, comment_id: comment }
    ])
  })

  it('deleting a comment takes back its unread notifications but keeps read ones', async () => {
    const unread = await commentAs(b, 'hello @carol')
    await runAs(suite.db, b, 'delete from comments where id = $1', [unread])
    expect(await notifications()).toEqual([])
    const read = await commentAs(b, 'again')
    await runAs(suite.db, a, 'select mark_activity_read()')
    await runAs(suite.db, b, 'delete from comments where id = $1', [read])
    expect(await notifications()).toEqual([
      { recipient_id: a.id, actor_id: b.id, type: 'comment', post_id: postA, comment_id: read }
    ])
  })
})
