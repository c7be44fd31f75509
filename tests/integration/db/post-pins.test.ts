// Pinned posts (supabase/migrations/20261129180000_archive_and_pin_posts.sql): at most three
// per author, guarded by the database (three slots, one post each), newest pin first, by the
// author alone; archiving a post unpins it.

import { beforeEach, expect, it } from 'vitest'
import { describeEachDatabase } from '../../support/database-suite'
import { attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'

const storageUrl = (userId: string | null, name: string): string =>
  `https://example.test/storage/v1/object/public/images/posts/${userId}/${name}`

describeEachDatabase('pinned posts', (suite) => {
  let alice: Actor
  let bob: Actor
  let posts: string[]

  const setPinned = (actor: Actor, postId: string, on: boolean): ReturnType<typeof attemptAs> =>
    attemptAs(suite.db, actor, 'select id, pin_slot from set_post_pinned($1, $2)', [postId, on])
  /** The author's pins as a visitor reads them, in the grid's order. */
  const pinsSeenBy = async (viewer: Actor): Promise<string[]> =>
    (
      await runAs<{ id: string }>(
        suite.db,
        viewer,
        `select id from posts where user_id = $1 and pin_slot is not null
         order by pinned_at desc`,
        [alice.id]
      )
    ).rows.map((row) => row.id)

  beforeEach(async () => {
    await resetData(suite.db)
    alice = await signUp(suite.db, 'alice', { username: 'alice' })
    bob = await signUp(suite.db, 'bob', { username: 'bob' })
    const { rows } = await runAs<{ id: string }>(
      suite.db,
      alice,
      `insert into posts (user_id, image_url)
       select $1::uuid, $2::text || i || '.png' from generate_series(1, 5) i returning id`,
      [alice.id, storageUrl(alice.id, '')]
    )
    posts = rows.map((row) => row.id)
  })

  it('pins up to three, newest pin first, and refuses a fourth with a clear message', async () => {
    for (const id of posts.slice(0, 3)) {
      expect(await setPinned(alice, id, true)).toMatchObject({ ok: true, rowCount: 1 })
    }
    expect(await pinsSeenBy(bob)).toEqual([posts[2], posts[1], posts[0]])
    const fourth = await setPinned(alice, posts[3], true)
    expect(fourth).toMatchObject({
      ok: false,
      code: '23514',
      message: 'You can pin up to 3 posts. Unpin one first.'
    })
    // Pinning a pinned post again keeps its place; unpinning frees a slot for the next.
    expect(await setPinned(alice, posts[0], true)).toMatchObject({ ok: true })
    expect(await setPinned(alice, posts[1], false)).toMatchObject({
      ok: true,
      rows: [{ id: posts[1], pin_slot: null }]
    })
    expect(await setPinned(alice, posts[3], true)).toMatchObject({ ok: true })
    expect(await pinsSeenBy(bob)).toEqual([posts[3], posts[2], posts[0]])
  })

  it('holds the limit against writes that go around the function', async () => {
    for (const id of posts.slice(0, 3)) await setPinned(alice, id, true)
    const taken = await attemptAs(
      suite.db,
      alice,
      'update posts set pin_slot = 1, pinned_at = now() where id = $1',
      [posts[3]]
    )
    expect(taken).toMatchObject({ ok: false, code: '23505' })
    const fourthSlot = await attemptAs(
      suite.db,
      alice,
      'update posts set pin_slot = 4, pinned_at = now() where id = $1',
      [posts[3]]
    )
    expect(fourthSlot).toMatchObject({ ok: false, code: '23514' })
    expect(await pinsSeenBy(alice)).toHaveLength(3)
  })

  it('is the author’s alone, and archiving a post unpins it', async () => {
    expect(await setPinned(bob, posts[0], true)).toMatchObject({ ok: false, code: 'PT404' })
    const direct = await attemptAs(
      suite.db,
      bob,
      'update posts set pin_slot = 1, pinned_at = now() where id = $1',
      [posts[0]]
    )
    expect(direct).toMatchObject({ ok: true, rowCount: 0 })
    await setPinned(alice, posts[0], true)
    await runAs(suite.db, alice, 'select set_post_archived($1, true)', [posts[0]])
    expect(await pinsSeenBy(alice)).toEqual([])
    expect(await setPinned(alice, posts[0], true)).toMatchObject({
      ok: false,
      code: '23514',
      message: 'Show this post on your profile before you pin it'
    })
  })
})
