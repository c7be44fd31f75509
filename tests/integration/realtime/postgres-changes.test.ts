// supabase-js `channel().on('postgres_changes')` against the local backend, on PGlite and on
// PostgreSQL: changes arrive fast, only to subscribers whose row-level security lets them
// select the row, filtered as asked, across a token refresh.

import { afterAll, beforeAll, expect, it } from 'vitest'
import { signJwt } from '../../../src/backend/jwt'
import { addComment, deleteComment } from '../../../src/shared/data/comments'
import { type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { createPost, like, record, signUpUser, type User } from './support'

describeEachBackend('postgres_changes', (suite) => {
  let harness: Harness
  let alice: User
  let bob: User
  let carol: User
  let alicePost: string

  beforeAll(async () => {
    harness = suite.harness
    const { url, anonKey } = harness.backend
    ;[alice, bob, carol] = await Promise.all([
      signUpUser(url, anonKey, 'alice'),
      signUpUser(url, anonKey, 'bob'),
      signUpUser(url, anonKey, 'carol')
    ])
    alicePost = await createPost(alice, url)
  })
  afterAll(async () => {
    await Promise.all([alice, bob, carol].map((user) => user?.client.removeAllChannels()))
  })

  it("delivers another user's insert within a second, shaped as hosted Realtime sends it", async () => {
    const likes = record(alice.client, [
      { event: 'INSERT', table: 'likes', filter: `post_id=eq.${alicePost}` }
    ])
    await likes.subscribe()
    expect(likes.system).toContainEqual(
      expect.objectContaining({ extension: 'postgres_changes', status: 'ok' })
    )
    const started = Date.now()
    const likeId = await like(bob, alicePost)
    await likes.until(() => likes.changes.length === 1, 'the like', 1_000)
    expect(Date.now() - started).toBeLessThan(1_000)
    const change = likes.changes[0]
    expect(change).toMatchObject({
      schema: 'public',
      table: 'likes',
      eventType: 'INSERT',
      new: { id: likeId, user_id: bob.id, post_id: alicePost },
      old: {},
      errors: null
    })
    expect(Date.parse(change.commit_timestamp)).not.toBeNaN()
    await alice.client.removeChannel(likes.channel)
  })

  it('sees writes made straight in SQL, with UPDATE carrying the new row (or the selected columns) and the old key', async () => {
    const post = await createPost(alice, harness.backend.url)
    const edits = record(bob.client, [{ event: 'UPDATE', table: 'posts', filter: `id=eq.${post}` }])
    const narrow = record(bob.client, [
      { event: 'UPDATE', table: 'posts', filter: `id=eq.${post}`, select: ['id', 'caption'] }
    ])
    await Promise.all([edits.subscribe(), narrow.subscribe()])
    // Not through the API at all: the change comes from the database's own trigger.
    await harness.backend.db.query(
      `update public.posts set caption = 'edited in SQL' where id = $1`,
      [post]
    )
    await edits.until(() => edits.changes.length === 1, 'the SQL update')
    expect(edits.changes[0]).toMatchObject({
      eventType: 'UPDATE',
      new: { id: post, caption: 'edited in SQL', likes_count: 0 },
      old: { id: post }
    })
    // A binding with `select` gets only those columns.
    await narrow.until(() => narrow.changes.length === 1, 'the narrowed update')
    expect(narrow.changes[0].new).toEqual({ id: post, caption: 'edited in SQL' })
    await Promise.all([edits, narrow].map((r) => bob.client.removeChannel(r.channel)))
  })

  it("carries the post's comments_count on UPDATE when someone comments, and when the comment goes", async () => {
    const post = await createPost(alice, harness.backend.url)
    const counters = record(carol.client, [
      { event: 'UPDATE', table: 'posts', filter: `id=eq.${post}` }
    ])
    await counters.subscribe()
    const comment = await addComment(bob.client, { postId: post, userId: bob.id, body: 'nice' })
    await counters.until(() => counters.changes.length === 1, 'the count after the comment')
    expect(counters.changes[0].new).toMatchObject({ id: post, comments_count: 1, likes_count: 0 })
    await deleteComment(bob.client, comment.id)
    await counters.until(() => counters.changes.length === 2, 'the count after the delete')
    expect(counters.changes[1].new).toMatchObject({ id: post, comments_count: 0 })
    await carol.client.removeChannel(counters.channel)
  })

  it('never delivers a row the subscriber may not select, inserted or deleted (RLS)', async () => {
    const aliceInbox = record(alice.client, [{ event: '*', table: 'notifications' }])
    const bobInbox = record(bob.client, [{ event: '*', table: 'notifications' }])
    await Promise.all([aliceInbox.subscribe(), bobInbox.subscribe()])
    // Carol's like notifies Alice; Bob, subscribed to the same table, may not see that row.
    await like(carol, alicePost)
    await aliceInbox.until(() => aliceInbox.changes.length === 1, "Alice's notification")
    expect(aliceInbox.changes[0].new).toMatchObject({
      recipient_id: alice.id,
      actor_id: carol.id,
      type: 'like'
    })
    // Changes are delivered one at a time in commit order: once Bob has his own notifications,
    // every earlier change was already decided, and Alice's withheld from him. The second of
    // his is the fence after which nothing else may have come.
    const bobPost = await createPost(bob, harness.backend.url)
    const fencePost = await createPost(bob, harness.backend.url)
    await like(alice, bobPost)
    await like(alice, fencePost)
    await bobInbox.until(() => bobInbox.changes.length >= 2, "Bob's own notifications")
    expect(bobInbox.changes.map((change) => change.new)).toEqual([
      expect.objectContaining({ recipient_id: bob.id, actor_id: alice.id, post_id: bobPost }),
      expect.objectContaining({ recipient_id: bob.id, actor_id: alice.id, post_id: fencePost })
    ])

    // Deletes too: Carol's unlike removes Alice's notification; only Alice hears of it, with
    // nothing but its id. Bob then hears of his own, so the first was decided before it.
    const aliceNotification = (aliceInbox.changes[0].new as { id: string }).id
    await carol.client.from('likes').delete().eq('post_id', alicePost)
    await aliceInbox.until(() => aliceInbox.changes.length === 2, "the notification's delete")
    expect(aliceInbox.changes[1]).toMatchObject({
      eventType: 'DELETE',
      old: { id: aliceNotification },
      new: {}
    })
    await alice.client.from('likes').delete().eq('post_id', bobPost)
    await alice.client.from('likes').delete().eq('post_id', fencePost)
    await bobInbox.until(() => bobInbox.changes.length >= 4, "Bob's own deletes")
    expect(bobInbox.changes.map((change) => change.eventType)).toEqual([
      'INSERT',
      'INSERT',
      'DELETE',
      'DELETE'
    ])
    await Promise.all([
      alice.client.removeChannel(aliceInbox.channel),
      bob.client.removeChannel(bobInbox.channel)
    ])
  })

  it('applies in filters and sends only the primary key of a deleted row', async () => {
    const [p1, p2, p3] = await Promise.all(
      [1, 2, 3].map(() => createPost(alice, harness.backend.url))
    )
    const likes = record(alice.client, [
      { event: 'INSERT', table: 'likes', filter: `post_id=in.(${p1},${p2})` },
      { event: 'DELETE', table: 'likes', filter: `post_id=eq.${p1}` }
    ])
    await likes.subscribe()
    const onP3 = await like(carol, p3)
    const onP1 = await like(carol, p1)
    const onP2 = await like(carol, p2)
    // An INSERT is checked by reading its row back as the subscriber, as hosted Realtime does
    // (visibility.ts): a row deleted before its check reaches no one. So the deletes wait until
    // both inserts are delivered; under load the check could come after the delete.
    await likes.until(() => likes.changes.length >= 2, 'the two inserts')
    for (const id of [onP3, onP1]) {
      const { error } = await carol.client.from('likes').delete().eq('id', id)
      expect(error).toBeNull()
    }
    // A fence: a later like the filter lets through. Changes come in commit order, so once it
    // is here nothing from before it can still arrive.
    const fence = await like(bob, p2)
    await likes.until(() => likes.changes.length >= 4, 'two inserts, a delete and the fence')
    expect(likes.changes.map((change) => [change.eventType, change.new, change.old])).toEqual([
      ['INSERT', expect.objectContaining({ id: onP1, post_id: p1 }), {}],
      ['INSERT', expect.objectContaining({ id: onP2, post_id: p2 }), {}],
      ['DELETE', {}, { id: onP1 }],
      ['INSERT', expect.objectContaining({ id: fence, post_id: p2 }), {}]
    ])
    await alice.client.removeChannel(likes.channel)
  })

  it('delivers every row of a bulk insert, in order, across several notifications', async () => {
    const author = await signUpUser(harness.backend.url, harness.backend.anonKey, 'bulk')
    const posts = record(bob.client, [
      { event: 'INSERT', table: 'posts', filter: `user_id=eq.${author.id}` }
    ])
    await posts.subscribe()
    // 200 keys are about 10 KB: more than one pg_notify payload can carry.
    const rows = Array.from({ length: 200 }, (_, i) => ({
      user_id: author.id,
      image_url: `${harness.backend.url}/storage/v1/object/public/images/posts/${author.id}/${i}.png`,
      caption: `bulk ${i}`
    }))
    const { error } = await author.client.from('posts').insert(rows)
    expect(error).toBeNull()
    await posts.until(() => posts.changes.length === 200, 'all 200 inserts', 10_000)
    expect(posts.changes.map((change) => (change.new as { caption: string }).caption)).toEqual(
      rows.map((row) => row.caption)
    )
    await bob.client.removeChannel(posts.channel)
  })

  it('refuses a filter on a column the table does not have, saying why', async () => {
    const bad = record(alice.client, [{ event: 'INSERT', table: 'likes', filter: 'nope=eq.1' }])
    bad.start()
    await bad.until(() => bad.statuses.includes('CHANNEL_ERROR'), 'the join error')
    expect(JSON.stringify(bad.system)).toContain('has no column nope')
    await alice.client.removeChannel(bad.channel)
  })

  it('keeps the subscription across a token refresh, and closes it when the token expires', async () => {
    const { keys } = harness.backend.context
    const claims = { role: 'authenticated' as const, sub: alice.id, aud: 'authenticated' }
    const shortLived = await signJwt(keys, claims, 2)
    const refreshed = await signJwt(keys, claims, 3600)
    const { url, anonKey } = harness.backend
    const client = (await signUpUser(url, anonKey, 'tokens')).client
    // The control: a client on the same token, never refreshed. Its channel's close is the
    // event that says the token has expired, so nothing sleeps for it.
    const lapsing = (await signUpUser(url, anonKey, 'lapse')).client
    await Promise.all([client.realtime.setAuth(shortLived), lapsing.realtime.setAuth(shortLived)])
    const post = await createPost(alice, url)
    const kept = record(client, [{ event: 'INSERT', table: 'likes', filter: `post_id=eq.${post}` }])
    const closed = record(lapsing, [{ event: 'INSERT', table: 'likes' }])
    await Promise.all([kept.subscribe(), closed.subscribe()])
    await client.realtime.setAuth(refreshed)
    await closed.until(() => closed.statuses.includes('CLOSED'), 'the expiry close', 5_000)
    expect(JSON.stringify(closed.system)).toContain('Token has expired')

    const after = await like(bob, post)
    await kept.until(
      () => kept.changes.some((change) => (change.new as { id?: string }).id === after),
      'a like after the first token expired'
    )
    expect(kept.statuses).not.toContain('CLOSED')
    await Promise.all([client.removeAllChannels(), lapsing.removeAllChannels()])
  })
})
