// A post's location (supabase/migrations/20261126230000_post_location.sql): the author sets it
// through create_post or a direct insert and changes or clears it through edit_post or a direct
// update; nobody else can. Every path stores it tidied (one line, trimmed, blank as null) and
// refuses more than 100 characters in the app's words, as checkLocation does before a request.
// The feed pages return it with the rest of the post.

import { randomUUID } from 'node:crypto'
import { beforeEach, expect, it } from 'vitest'
import { checkLocation } from '../../../src/shared/data/post-edits'
import { MAX_LOCATION_LENGTH } from '../../../src/shared/limits'
import { MESSAGES } from '../../../src/shared/messages'
import { describeEachDatabase } from '../../support/database-suite'
import {
  anon,
  attemptAs,
  resetData,
  runAs,
  signUp,
  snapshot,
  type Actor
} from '../../support/sql-actors'

const storageUrl = (userId: string | null, name: string): string =>
  `https://example.test/storage/v1/object/public/images/posts/${userId}/${name}`
const CREATE = 'select id, location from create_post($1, $2::jsonb, $3::uuid, $4)'
const EDIT = 'select location from edit_post($1, $2, null, $3)'
const CHECK_VIOLATION = '23514'
const PERMISSION_DENIED = '42501'

describeEachDatabase('post location', (suite) => {
  let alice: Actor
  let bob: Actor

  const photos = (owner: Actor): string =>
    JSON.stringify([{ image_url: storageUrl(owner.id, `${randomUUID()}.jpg`) }])

  async function locationOf(postId: string): Promise<string | null | undefined> {
    const { rows } = await suite.db.query<{ location: string | null }>(
      'select location from public.posts where id = $1',
      [postId]
    )
    return rows[0]?.location
  }

  /** Alice's post, made through create_post with `location`. */
  async function postWith(location: string | null): Promise<string> {
    const id = randomUUID()
    await runAs(suite.db, alice, CREATE, ['a post', photos(alice), id, location])
    return id
  }

  beforeEach(async () => {
    await resetData(suite.db)
    alice = await signUp(suite.db, 'alice', { username: 'alice' })
    bob = await signUp(suite.db, 'bob', { username: 'bob' })
  })

  it('create_post stores it tidied: one line, trimmed, blank as none', async () => {
    const cases: Array<[string | null, string | null]> = [
      ['Lisbon, Portugal', 'Lisbon, Portugal'],
      ['  Café  de\tFlore \n Paris  ', 'Café de Flore Paris'],
      ['   ', null],
      ['', null],
      [null, null]
    ]
    for (const [typed, stored] of cases) {
      expect(await locationOf(await postWith(typed)), JSON.stringify(typed)).toBe(stored)
      // The app tidies it the same way before it sends it.
      expect(checkLocation(typed ?? '') || null).toBe(stored)
    }
    // Without the argument (an older caller) the post has none.
    const id = randomUUID()
    await runAs(suite.db, alice, 'select id from create_post($1, $2::jsonb, $3::uuid)', [
      'old caller',
      photos(alice),
      id
    ])
    expect(await locationOf(id)).toBeNull()
  })

  it('takes 100 characters and refuses 101 on every path, in the app’s words', async () => {
    expect(MAX_LOCATION_LENGTH).toBe(100)
    // Counted in characters, as the renderer counts them: 100 of them take 200 bytes here.
    const longest = 'é'.repeat(100)
    const id = await postWith(` ${longest} `)
    expect(await locationOf(id)).toBe(longest)
    const tooLong = 'x'.repeat(101)
    const before = await snapshot(suite.db, 'public.posts')
    const refused = { ok: false, code: CHECK_VIOLATION, message: MESSAGES.locationTooLong }
    expect(
      await attemptAs(suite.db, alice, CREATE, ['x', photos(alice), randomUUID(), tooLong])
    ).toMatchObject(refused)
    expect(await attemptAs(suite.db, alice, EDIT, [id, 'a post', tooLong])).toMatchObject(refused)
    expect(
      await attemptAs(suite.db, alice, 'update posts set location = $2 where id = $1', [
        id,
        tooLong
      ])
    ).toMatchObject(refused)
    expect(await snapshot(suite.db, 'public.posts')).toEqual(before)
    expect(() => checkLocation(tooLong)).toThrow(MESSAGES.locationTooLong)
    expect(checkLocation(` ${longest} `)).toBe(longest)
  })

  it('the author changes and clears it; null leaves it as it is', async () => {
    const id = await postWith('Porto')
    expect((await runAs(suite.db, alice, EDIT, [id, 'a post', ' Sintra '])).rows).toEqual([
      { location: 'Sintra' }
    ])
    // A caller that does not send it (edit_post of caption and alt text) changes nothing.
    await runAs(suite.db, alice, `select edit_post($1, 'new caption')`, [id])
    expect(await locationOf(id)).toBe('Sintra')
    await runAs(suite.db, alice, EDIT, [id, 'a post', ''])
    expect(await locationOf(id)).toBeNull()
    // A direct update of the column, under the same policies, is tidied the same way.
    await runAs(suite.db, alice, 'update posts set location = $2 where id = $1', [id, ' Faro  '])
    expect(await locationOf(id)).toBe('Faro')
    await runAs(suite.db, alice, 'update posts set location = $2 where id = $1', [id, ' '])
    expect(await locationOf(id)).toBeNull()
  })

  it('nobody but the author sets it', async () => {
    const id = await postWith('Porto')
    expect(await attemptAs(suite.db, bob, EDIT, [id, 'stolen', 'Elsewhere'])).toMatchObject({
      ok: false,
      code: PERMISSION_DENIED
    })
    expect(await attemptAs(suite.db, anon, EDIT, [id, 'stolen', 'Elsewhere'])).toMatchObject({
      ok: false,
      code: PERMISSION_DENIED
    })
    // The update policy hides the row from bob; anon has no grant on the column at all.
    expect(
      await attemptAs(suite.db, bob, 'update posts set location = $2 where id = $1', [id, 'X'])
    ).toMatchObject({ ok: true, rowCount: 0 })
    expect(
      await attemptAs(suite.db, anon, 'update posts set location = $2 where id = $1', [id, 'X'])
    ).toMatchObject({ ok: false, code: PERMISSION_DENIED })
    // Nor on a post of his own made in her name.
    expect(
      await attemptAs(
        suite.db,
        bob,
        'insert into posts (user_id, image_url, location) values ($1, $2, $3)',
        [alice.id, storageUrl(alice.id, 'x.png'), 'Fake']
      )
    ).toMatchObject({ ok: false, code: PERMISSION_DENIED })
    expect(await locationOf(id)).toBe('Porto')
  })

  it('the feed returns it with the post, to anyone who can see the post', async () => {
    const id = await postWith('Lisbon')
    for (const actor of [alice, bob, anon]) {
      const { rows } = await runAs<{ id: string; location: string | null }>(
        suite.db,
        actor,
        'select id, location from feed_page()'
      )
      expect(rows, actor.name).toEqual([{ id, location: 'Lisbon' }])
    }
  })

  it('the check holds even where the tidying trigger does not run', async () => {
    const id = await postWith('Lisbon')
    for (const bad of [' Lisbon', '', 'y'.repeat(101)]) {
      await expect(
        suite.db.transaction(async (tx) => {
          // Replica mode skips triggers (as a restore does): only the check stands.
          await tx.query(`set local session_replication_role = replica`)
          await tx.query('update public.posts set location = $2 where id = $1', [id, bad])
        }),
        JSON.stringify(bad)
      ).rejects.toMatchObject({ code: CHECK_VIOLATION })
    }
    expect(await locationOf(id)).toBe('Lisbon')
  })
})
