// Saved collections: a collection and its items are their owner's alone; a name is 1–50
// characters and unique per owner without case, at most 100 each; an item is always a saved post
// the owner sees (save_to_collection saves and files at once; unsaving empties it from every
// collection); deleting a collection keeps the saves; a post the owner can no longer see leaves
// the collection's reads and its cover; a suspended account changes nothing.

import { beforeEach, expect, it } from 'vitest'
import {
  anon,
  attemptAs,
  postAs,
  resetData,
  runAs,
  signUp,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

describeEachDatabase('saved collections', (suite) => {
  let me: Actor
  let other: Actor
  let author: Actor
  let post: string

  const create = async (actor: Actor, name: string, postId: string | null = null) =>
    attemptAs(suite.db, actor, 'select id from create_save_collection($1, $2)', [name, postId])

  const createdId = async (actor: Actor, name: string, postId: string | null = null) => {
    const outcome = await create(actor, name, postId)
    if (!outcome.ok) throw new Error(outcome.message)
    return (outcome.rows[0] as { id: string }).id
  }

  const itemsOf = async (actor: Actor, collectionId: string): Promise<string[]> =>
    (
      await runAs<{ post_id: string }>(
        suite.db,
        actor,
        `select i.post_id from save_collection_items i join posts p on p.id = i.post_id
         where i.collection_id = $1 order by i.created_at desc`,
        [collectionId]
      )
    ).rows.map((row) => row.post_id)

  const savedBy = async (actor: Actor): Promise<string[]> =>
    (
      await suite.db.query<{ post_id: string }>(
        'select post_id from saves where user_id = $1 order by post_id',
        [actor.id]
      )
    ).rows.map((row) => row.post_id)

  beforeEach(async () => {
    await resetData(suite.db)
    me = await signUp(suite.db, 'me', { username: 'collector' })
    other = await signUp(suite.db, 'other', { username: 'othercollector' })
    author = await signUp(suite.db, 'author', { username: 'collauthor' })
    post = await postAs(suite.db, author)
  })

  it('a collection and its items are seen only by their owner', async () => {
    const trips = await createdId(me, 'Trips', post)
    const list = (actor: Actor) =>
      runAs<{ name: string; cover_post_id: string | null }>(
        suite.db,
        actor,
        'select name, cover_post_id from saved_collections()'
      )
    expect((await list(me)).rows).toEqual([{ name: 'Trips', cover_post_id: post }])
    expect((await list(other)).rows).toEqual([])
    expect((await runAs(suite.db, other, 'select * from save_collections')).rows).toEqual([])
    expect((await runAs(suite.db, other, 'select * from save_collection_items')).rows).toEqual([])
    expect(await attemptAs(suite.db, anon, 'select * from save_collections')).toMatchObject({
      ok: false
    })
    expect(await attemptAs(suite.db, anon, 'select saved_collections()')).toMatchObject({
      ok: false
    })
    expect(await itemsOf(me, trips)).toEqual([post])
  })

  it("refuses writing another person's collection, or filing someone else's save", async () => {
    const trips = await createdId(me, 'Trips', post)
    // Another person cannot file into it, rename it, delete it or take its posts out.
    const filed = await attemptAs(suite.db, other, 'select save_to_collection($1, $2)', [
      trips,
      post
    ])
    expect(filed).toMatchObject({ ok: false, message: "This collection isn't available" })
    await runAs(suite.db, other, "update save_collections set name = 'Mine' where id = $1", [trips])
    await runAs(suite.db, other, 'delete from save_collections where id = $1', [trips])
    await runAs(suite.db, other, 'delete from save_collection_items where collection_id = $1', [
      trips
    ])
    expect(
      (await suite.db.query('select name from save_collections where id = $1', [trips])).rows
    ).toEqual([{ name: 'Trips' }])
    expect(await itemsOf(me, trips)).toEqual([post])
    // Nor make a collection or an item in my name, or an item of my save in their collection.
    expect(
      await attemptAs(
        suite.db,
        other,
        'insert into save_collections (user_id, name) values ($1, $2)',
        [me.id, 'Forged']
      )
    ).toMatchObject({ ok: false })
    const theirs = await createdId(other, 'Theirs')
    for (const [owner, collection] of [
      [me.id, theirs],
      [other.id, trips]
    ]) {
      expect(
        await attemptAs(
          suite.db,
          other,
          'insert into save_collection_items (collection_id, post_id, user_id) values ($1, $2, $3)',
          [collection, post, owner]
        )
      ).toMatchObject({ ok: false })
    }
    // An item is always a save: a direct item for a post not saved is refused.
    const unsaved = await postAs(suite.db, author, '2.png')
    expect(
      await attemptAs(
        suite.db,
        me,
        'insert into save_collection_items (collection_id, post_id) values ($1, $2)',
        [trips, unsaved]
      )
    ).toMatchObject({ ok: false })
    expect(await savedBy(other)).toEqual([])
  })

  it('refuses a post the owner cannot see, leaving no save, item or collection', async () => {
    await suite.db.query('update profiles set is_private = true where id = $1', [author.id])
    const refused = await create(me, 'Hidden', post)
    expect(refused).toMatchObject({ ok: false, message: "This post isn't available" })
    expect((await suite.db.query('select * from save_collections')).rows).toEqual([])
    expect(await savedBy(me)).toEqual([])
  })

  it('says why a name is refused: length, a duplicate without case, the 101st', async () => {
    for (const name of ['', '   ', 'x'.repeat(51)]) {
      expect(await create(me, name)).toMatchObject({
        ok: false,
        message: 'A collection name is 1 to 50 characters'
      })
    }
    const trips = await createdId(me, '  Trips  ')
    expect(
      (await suite.db.query('select name from save_collections where id = $1', [trips])).rows
    ).toEqual([{ name: 'Trips' }])
    expect(await create(me, 'TRIPS')).toMatchObject({
      ok: false,
      message: 'You already have a collection with this name'
    })
    // The same name is someone else's to use too.
    expect(await create(other, 'Trips')).toMatchObject({ ok: true })
    const food = await createdId(me, 'Food')
    expect(
      await attemptAs(suite.db, me, "update save_collections set name = 'trips' where id = $1", [
        food
      ])
    ).toMatchObject({ ok: false, message: 'You already have a collection with this name' })
    await runAs(suite.db, me, "update save_collections set name = 'Recipes' where id = $1", [food])
    await suite.db.query(
      `insert into save_collections (user_id, name) select $1, 'c' || i from generate_series(1, 98) i`,
      [me.id]
    )
    expect(await create(me, 'One more')).toMatchObject({
      ok: false,
      message: 'You can have at most 100 collections'
    })
  })

  it('unsaving empties the post from every collection; deleting a collection keeps saves', async () => {
    const second = await postAs(suite.db, author, '2.png')
    const trips = await createdId(me, 'Trips', post)
    const food = await createdId(me, 'Food', post)
    await runAs(suite.db, me, 'select save_to_collection($1, $2)', [food, second])
    // Filing twice is no error and files once.
    await runAs(suite.db, me, 'select save_to_collection($1, $2)', [food, second])
    expect(await savedBy(me)).toEqual([post, second].sort())
    expect(await itemsOf(me, food)).toEqual([second, post])

    await runAs(suite.db, me, 'delete from saves where post_id = $1', [post])
    expect(await itemsOf(me, trips)).toEqual([])
    expect(await itemsOf(me, food)).toEqual([second])

    await runAs(suite.db, me, 'delete from save_collections where id = $1', [food])
    expect(await savedBy(me)).toEqual([second])
    expect((await suite.db.query('select * from save_collection_items')).rows).toEqual([])
  })

  it('a post the owner no longer sees leaves the collection and its cover', async () => {
    const older = await postAs(suite.db, other, '3.png')
    const trips = await createdId(me, 'Trips', older)
    await runAs(suite.db, me, 'select save_to_collection($1, $2)', [trips, post])
    const cover = async () =>
      (
        await runAs<{ cover_post_id: string | null }>(
          suite.db,
          me,
          'select cover_post_id from saved_collections()'
        )
      ).rows[0].cover_post_id
    expect(await cover()).toBe(post)
    expect(await itemsOf(me, trips)).toEqual([post, older])

    await suite.db.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      author.id,
      me.id
    ])
    expect(await itemsOf(me, trips)).toEqual([older])
    expect(await cover()).toBe(older)

    await suite.db.query('delete from posts where id = $1', [older])
    expect(await itemsOf(me, trips)).toEqual([])
    expect(await cover()).toBeNull()
  })

  it('a suspended account makes, renames, files and deletes nothing', async () => {
    const trips = await createdId(me, 'Trips', post)
    const second = await postAs(suite.db, author, '2.png')
    await suite.db.query('update profiles set suspended_at = now() where id = $1', [me.id])
    expect(await create(me, 'Food')).toMatchObject({ ok: false })
    expect(
      await attemptAs(suite.db, me, 'select save_to_collection($1, $2)', [trips, second])
    ).toMatchObject({ ok: false })
    expect(
      await attemptAs(suite.db, me, "update save_collections set name = 'New' where id = $1", [
        trips
      ])
    ).toMatchObject({ ok: false })
    expect(
      await attemptAs(suite.db, me, 'delete from save_collection_items where collection_id = $1', [
        trips
      ])
    ).toMatchObject({ ok: false })
    expect(
      await attemptAs(suite.db, me, 'delete from save_collections where id = $1', [trips])
    ).toMatchObject({ ok: false })
    expect(
      (await suite.db.query('select name from save_collections where user_id = $1', [me.id])).rows
    ).toEqual([{ name: 'Trips' }])
    expect(await itemsOf(me, trips)).toEqual([post])
  })
})
