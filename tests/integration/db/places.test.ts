// Places: a post's location names a place, found or added once per name without case or
// accents; who may add one (RLS: signed in, second factor, not suspended) and with what name;
// the place search; and the place page and a hashtag's recent posts, which hide what each rule
// hides. Each rule's test keeps a twin post that must stay, so a rule that hid everything fails.

import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import {
  anon,
  asAuthAdmin,
  attemptAs,
  resetData,
  runAs,
  signUp,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const PHOTO = (owner: string, n: number): string =>
  `https://example.test/storage/v1/object/public/images/posts/${owner}/${n}.png`

let photo = 0

/** A post written by `author` through create_post (their policies), at `location`. */
async function postAt(
  db: Database,
  author: Actor,
  location: string | null,
  caption = 'a photo'
): Promise<{ id: string; location: string | null; place_id: string | null }> {
  const images = JSON.stringify([{ image_url: PHOTO(author.id!, ++photo) }])
  const { rows } = await runAs<{ id: string; location: string | null; place_id: string | null }>(
    db,
    author,
    'select id, location, place_id from create_post($1, $2::jsonb, null, $3)',
    [caption, images, location]
  )
  return rows[0]
}

const placeCount = async (db: Database): Promise<number> =>
  Number((await db.query<{ n: string }>('select count(*) as n from places')).rows[0].n)

describeEachDatabase('places', (suite) => {
  let author: Actor
  let other: Actor

  beforeEach(async () => {
    await resetData(suite.db)
    await suite.db.query('delete from places')
    author = await signUp(suite.db, 'author', { username: 'placeauthor' })
    other = await signUp(suite.db, 'other', { username: 'placeother' })
  })

  describe('a location names one place, without case or accents', () => {
    it('adds the place once and gives every later spelling its name', async () => {
      const first = await postAt(suite.db, author, 'Café  de Flore ')
      expect(first.location).toBe('Café de Flore')
      expect(first.place_id).not.toBeNull()
      const second = await postAt(suite.db, other, 'CAFE DE FLORE')
      expect(second).toMatchObject({ place_id: first.place_id, location: 'Café de Flore' })
      expect(await placeCount(suite.db)).toBe(1)
      const { rows } = await suite.db.query('select name, created_by from places')
      expect(rows).toEqual([{ name: 'Café de Flore', created_by: author.id }])
      // Another name is another place; an emptied location leaves its place.
      expect((await postAt(suite.db, other, 'Café de Paris')).place_id).not.toBe(first.place_id)
      const { rows: edited } = await runAs<{ place_id: string | null; location: string | null }>(
        suite.db,
        author,
        `select place_id, location from edit_post($1, 'edited', null, '')`,
        [first.id]
      )
      expect(edited).toEqual([{ place_id: null, location: null }])
    })

    it('refuses a second place whose name differs only in case or accents', async () => {
      await runAs(suite.db, author, "insert into places (name) values ('Zürich HB')")
      const refused = await attemptAs(
        suite.db,
        other,
        "insert into places (name) values ('zurich hb')"
      )
      expect(refused).toMatchObject({ ok: false, code: '23505' })
      expect(await placeCount(suite.db)).toBe(1)
    })
  })

  describe('who may add a place, and what it may be called', () => {
    it('refuses a visitor, a forged author, and any change to a place', async () => {
      expect(
        await attemptAs(suite.db, anon, "insert into places (name) values ('Visitor spot')")
      ).toMatchObject({ ok: false })
      expect(
        await attemptAs(suite.db, author, 'insert into places (name, created_by) values ($1, $2)', [
          'Forged',
          other.id
        ])
      ).toMatchObject({ ok: false })
      await runAs(suite.db, author, "insert into places (name) values ('Harbour')")
      expect(await attemptAs(suite.db, author, "update places set name = 'Renamed'")).toMatchObject(
        { ok: false }
      )
      expect(await attemptAs(suite.db, author, 'delete from places')).toMatchObject({ ok: false })
      const { rows } = await suite.db.query('select name, created_by from places')
      expect(rows).toEqual([{ name: 'Harbour', created_by: author.id }])
    })

    it('refuses a suspended person, in a place of its own and through a post', async () => {
      await suite.db.query('update profiles set suspended_at = now() where id = $1', [author.id])
      const refused = await attemptAs(suite.db, author, "insert into places (name) values ('Pier')")
      expect(refused).toMatchObject({ ok: false })
      expect(JSON.stringify(refused)).toContain('suspended')
      expect(await placeCount(suite.db)).toBe(0)
      expect(await attemptAs(suite.db, other, "insert into places (name) values ('Pier')")).toEqual(
        expect.objectContaining({ ok: true })
      )
    })

    it('refuses someone whose verified second factor this session has not passed', async () => {
      await asAuthAdmin(suite.db, (tx) =>
        tx.query(
          `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret,
                                         created_at, updated_at)
           values ($1, $2, 'app', 'totp', 'verified', 'SECRET', now(), now())`,
          [randomUUID(), author.id]
        )
      )
      const aal = (level: string): Actor => ({
        ...author,
        identity: {
          role: 'authenticated',
          claims: { ...author.identity.claims, aal: level }
        }
      })
      await suite.db.query("insert into places (name) values ('Pier')")
      expect(
        await attemptAs(suite.db, aal('aal1'), "insert into places (name) values ('Quay')")
      ).toMatchObject({ ok: false })
      expect(await placeCount(suite.db)).toBe(1)
      // As every table, it reads nothing before the second factor either; a visitor reads all.
      expect((await runAs(suite.db, aal('aal1'), 'select name from places')).rows).toEqual([])
      expect((await runAs(suite.db, anon, 'select name from places')).rows).toEqual([
        { name: 'Pier' }
      ])
      expect(
        await attemptAs(suite.db, aal('aal2'), "insert into places (name) values ('Quay')")
      ).toMatchObject({ ok: true })
    })

    it('names from 1 to 100 characters with a clear message, and whole coordinates', async () => {
      const empty = await attemptAs(suite.db, author, "insert into places (name) values ('   ')")
      expect(empty).toMatchObject({ ok: false, message: 'A place needs a name' })
      const long = await attemptAs(suite.db, author, 'insert into places (name) values ($1)', [
        'x'.repeat(101)
      ])
      expect(long).toMatchObject({
        ok: false,
        message: 'A place name can be at most 100 characters'
      })
      expect(
        await attemptAs(suite.db, author, 'insert into places (name) values ($1)', [
          'x'.repeat(100)
        ])
      ).toMatchObject({ ok: true })
      expect(
        await attemptAs(suite.db, author, "insert into places (name, latitude) values ('Half', 10)")
      ).toMatchObject({ ok: false })
      expect(
        await attemptAs(
          suite.db,
          author,
          "insert into places (name, latitude, longitude) values ('Off the map', 91, 0)"
        )
      ).toMatchObject({ ok: false })
      expect(
        await attemptAs(
          suite.db,
          author,
          "insert into places (name, latitude, longitude) values ('Eiffel Tower', 48.8584, 2.2945)"
        )
      ).toMatchObject({ ok: true })
    })
  })

  it('searches places by the start of their name first, then anywhere in it', async () => {
    await suite.db.query(
      `insert into places (name) values ('Café de Flore'), ('Le Café Marly'), ('Flore Park'),
                                        ('100% Bar'), ('Harbour')`
    )
    const search = async (query: string): Promise<string[]> =>
      (
        await runAs<{ name: string }>(suite.db, anon, 'select name from search_places($1)', [query])
      ).rows.map((row) => row.name)
    expect(await search('CAFE')).toEqual(['Café de Flore', 'Le Café Marly'])
    expect(await search('flore')).toEqual(['Flore Park', 'Café de Flore'])
    // Wildcards are text: '%' and '_' match only themselves.
    expect(await search('%')).toEqual([])
    expect(await search('_')).toEqual([])
    expect(await search('0% b')).toEqual(['100% Bar'])
    expect(await search('  ')).toEqual([])
  })
})
