// The people rpcs as a signed-in user or anon would call them: search_profiles,
// suggested_profiles, following_feed_page and profile_connections. What they return, in
// which order, how they page, and that search is answered from an index.

import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import {
  anon,
  attemptAs,
  resetData,
  runAs,
  signUp,
  signUpUsers,
  type Actor
} from '../../support/sql-actors'
import { seededRandom } from '../../../src/shared/random'
import { describeEachDatabase } from '../../support/database-suite'

const IMAGE = 'https://example.test/storage/v1/object/public/images/posts/x/1.png'

let followClock = 0

/** A follow made a second after the previous one, so "newest first" has one right answer. */
async function follow(db: Database, follower: Actor, followed: Actor): Promise<void> {
  followClock += 1
  await db.query(
    `insert into follows (follower_id, following_id, created_at)
     values ($1, $2, now() + make_interval(secs => $3))`,
    [follower.id, followed.id, followClock]
  )
}

/** Inserts posts for `author` at the given minutes ago; returns their ids, in that order. */
async function postAt(db: Database, author: Actor, minutesAgo: number[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into posts (user_id, image_url, created_at)
     select $1, $2, now() - make_interval(mins => m)
     from unnest($3::int[]) with ordinality as t(m, i) order by i
     returning id`,
    [author.id, IMAGE, minutesAgo]
  )
  return rows.map((row) => row.id)
}

async function usernames(
  db: Database,
  actor: Actor,
  sql: string,
  params: unknown[]
): Promise<string[]> {
  const { rows } = await runAs<{ username: string }>(db, actor, sql, params)
  return rows.map((row) => row.username)
}

describeEachDatabase('people queries', (suite) => {
  let me: Actor
  let ana: Actor
  let bruno: Actor
  let chloe: Actor
  let dmitri: Actor
  let eve: Actor

  beforeAll(async () => {
    await resetData(suite.db)
    me = await signUp(suite.db, 'me', { username: 'me_myself', fullName: 'Me Myself' })
    ana = await signUp(suite.db, 'ana', { username: 'ana.lopez', fullName: 'Ána López' })
    bruno = await signUp(suite.db, 'bruno', { username: 'bruno_k', fullName: 'Bruno Kowalski' })
    chloe = await signUp(suite.db, 'chloe', { username: 'chloe', fullName: 'Chloé Zoë Analyst' })
    dmitri = await signUp(suite.db, 'dmitri', { username: 'dima', fullName: 'Dmitri 100%_real' })
    eve = await signUp(suite.db, 'eve', { username: 'eve', fullName: null as unknown as string })
  })

  describe('search_profiles', () => {
    const search = (query: string, max?: number): Promise<string[]> =>
      usernames(suite.db, anon, 'select username from search_profiles($1, $2)', [query, max ?? 10])

    it('matches username and full name, ignoring case and accents, prefix before substring', async () => {
      // "ana" starts ana.lopez's username and is inside Chloé's full name ("Analyst").
      expect(await search('ANA')).toEqual(['ana.lopez', 'chloe'])
      expect(await search('lopez')).toEqual(['ana.lopez'])
      expect(await search('Chloe')).toEqual(['chloe'])
      expect(await search('zoe ana')).toEqual(['chloe'])
      expect(await search('ÉVE')).toEqual(['eve'])
    })

    it('finds people by part of their full name', async () => {
      expect(await search('owals')).toEqual(['bruno_k'])
    })

    it('a one- or two-character query matches only the start of a username or full name', async () => {
      expect(await search('b')).toEqual(['bruno_k'])
      expect(await search('al')).toEqual([])
      expect(await search('dm')).toEqual(['dima'])
    })

    it('treats % and _ in the query as plain characters', async () => {
      expect(await search('100%_')).toEqual(['dima'])
      expect(await search('%')).toEqual([])
      expect(await search('_')).toEqual([])
    })

    it('returns nothing for an empty or blank query, and caps the number of rows', async () => {
      expect(await search('')).toEqual([])
      expect(await search('   ')).toEqual([])
      expect(await search('e', 1)).toHaveLength(1)
      expect(await search('e', 0)).toHaveLength(1)
    })

    // Its 10,000 sign-ups took 15-30 s on PGlite with other suites in parallel on two cores.
    it('substring and prefix predicates are answered from the trigram and pattern indexes', async () => {
      // Enough people with varied names that reading the whole table would cost more than the
      // index: the planner must then pick the indexes for both kinds of match.
      const random = seededRandom(7)
      const word = (): string =>
        Array.from({ length: 7 }, () => 'bcdfghjklmnprstvz'[Math.floor(random() * 17)]).join('')
      const fillers = Array.from({ length: 10_000 }, (_, i) => ({
        username: `${word()}${i}`,
        fullName: `${word()} ${word()}`
      }))
      await signUpUsers(suite.db, fillers)
      try {
        await suite.db.query('analyze profiles')
        const plan = async (predicate: string): Promise<string> => {
          const { rows } = await suite.db.query<Record<string, string>>(
            `explain select * from profiles where ${predicate}`
          )
          return rows.map((row) => Object.values(row)[0]).join('\n')
        }
        const substring = await plan(`username like '%owals%' or search_name like '%owals%'`)
        expect(substring).toMatch(/profiles_username_trgm_idx/)
        expect(substring).toMatch(/profiles_search_name_trgm_idx/)
        expect(substring).not.toMatch(/Seq Scan/)
        const prefix = await plan(`username like 'owa%' or search_name like 'owa%'`)
        expect(prefix).toMatch(/Index Cond: \(\(username ~>=~ 'owa'::text\)/)
        expect(prefix).toMatch(/profiles_search_name_prefix_idx/)
        expect(prefix).not.toMatch(/Seq Scan/)
      } finally {
        await suite.db.query(
          `delete from auth.users where id in (select id from profiles where username ~ '^[a-z]{7}[0-9]+$')`
        )
      }
    }, 120_000)
  })

  describe('suggested_profiles, following_feed_page and profile_connections', () => {
    beforeAll(async () => {
      // me follows ana and bruno; both follow chloe, only ana follows dmitri; eve posted last.
      await follow(suite.db, me, ana)
      await follow(suite.db, me, bruno)
      await follow(suite.db, ana, chloe)
      await follow(suite.db, bruno, chloe)
      await follow(suite.db, ana, dmitri)
      await follow(suite.db, chloe, me)
      await postAt(suite.db, eve, [1])
      await postAt(suite.db, dmitri, [300])
    })

    it('suggests people I do not follow, by how many of my follows follow them, then activity', async () => {
      const { rows } = await runAs<{ username: string; followed_by_count: number }>(
        suite.db,
        me,
        'select username, followed_by_count from suggested_profiles(10)'
      )
      expect(rows).toEqual([
        { username: 'chloe', followed_by_count: 2 },
        { username: 'dima', followed_by_count: 1 },
        { username: 'eve', followed_by_count: 0 }
      ])
    })

    it('suggests to a visitor the recently active and the most followed', async () => {
      expect(
        await usernames(suite.db, anon, 'select username from suggested_profiles($1)', [3])
      ).toEqual(['eve', 'dima', 'chloe'])
    })

    it("the Following feed holds only followed people's posts, newest first, paged without gaps", async () => {
      const anaPosts = await postAt(suite.db, ana, [10, 20, 30, 40, 50])
      const brunoPosts = await postAt(suite.db, bruno, [15, 25, 35])
      const expected = [...anaPosts, ...brunoPosts]
      const order = await suite.db.query<{ id: string }>(
        'select id from posts where id = any($1) order by created_at desc, id desc',
        [expected]
      )
      const seen: string[] = []
      let cursor: { created_at: string; id: string } | null = null
      for (let page = 0; page < 5; page++) {
        const page: { rows: { id: string; created_at: string }[] } = await runAs(
          suite.db,
          me,
          `select id, to_json(created_at) #>> '{}' as created_at
           from following_feed_page($1, $2, 3)`,
          [cursor?.created_at ?? null, cursor?.id ?? null]
        )
        const { rows } = page
        if (rows.length === 0) break
        seen.push(...rows.map((row) => row.id))
        cursor = rows[rows.length - 1]
      }
      expect(seen).toEqual(order.rows.map((row) => row.id))
      const { rows: visitor } = await runAs(suite.db, anon, 'select * from following_feed_page()')
      expect(visitor).toEqual([])
    })

    it('lists followers and following newest first, paged and searchable', async () => {
      const list = (profile: Actor, direction: string, query: string | null): Promise<string[]> =>
        usernames(
          suite.db,
          anon,
          'select username from profile_connections($1, $2, $3, null, null, 10)',
          [profile.id, direction, query]
        )
      expect(await list(chloe, 'followers', null)).toEqual(['bruno_k', 'ana.lopez'])
      expect(await list(chloe, 'followers', 'LÓP')).toEqual(['ana.lopez'])
      expect(await list(me, 'following', 'kowal')).toEqual(['bruno_k'])
      expect(await list(me, 'followers', null)).toEqual(['chloe'])

      const first = await runAs<{ username: string; followed_at: string; id: string }>(
        suite.db,
        anon,
        `select username, id, to_json(followed_at) #>> '{}' as followed_at
         from profile_connections($1, 'followers', null, null, null, 1)`,
        [chloe.id]
      )
      expect(first.rows.map((row) => row.username)).toEqual(['bruno_k'])
      const second = await usernames(
        suite.db,
        anon,
        `select username from profile_connections($1, 'followers', null, $2, $3, 1)`,
        [chloe.id, first.rows[0].followed_at, first.rows[0].id]
      )
      expect(second).toEqual(['ana.lopez'])
    })

    it('refuses a list direction other than followers or following', async () => {
      expect(
        await attemptAs(suite.db, anon, `select * from profile_connections($1, 'friends')`, [me.id])
      ).toMatchObject({ ok: false, code: '22023' })
    })
  })

  describe('the Following feed read down to its floor (migration 20261127180100)', () => {
    const BASE = '2026-01-01T12:00:00Z'
    let reader: Actor
    let order: string[]

    /** Posts by `author` at the given minutes before BASE: equal minutes are equal timestamps. */
    const postsBefore = async (author: Actor, minutes: number[]): Promise<void> => {
      await suite.db.query(
        `insert into posts (user_id, image_url, created_at)
         select $1, $2, $3::timestamptz - make_interval(mins => m) from unnest($4::int[]) as t(m)`,
        [author.id, IMAGE, BASE, minutes]
      )
    }

    beforeAll(async () => {
      reader = await signUp(suite.db, 'floor_reader', { username: 'floor_reader' })
      // More authors than a page, one far more active than the rest, and ties across authors.
      const activity = [[1, 2, 3, 4, 5, 6, 7], [8, 30, 30], [30, 31], [50], [30, 60, 61, 62]]
      for (const [n, minutes] of activity.entries()) {
        const author = await signUp(suite.db, `floor_author_${n}`, {
          username: `floor_author_${n}`
        })
        await follow(suite.db, reader, author)
        await postsBefore(author, minutes)
      }
      // One more followed person with no posts: the floor counts authors who have one.
      await follow(suite.db, reader, await signUp(suite.db, 'floor_quiet', { username: 'quiet' }))
      const { rows } = await suite.db.query<{ id: string }>(
        `select p.id from posts p join follows f on f.following_id = p.user_id
         where f.follower_id = $1 order by p.created_at desc, p.id desc`,
        [reader.id]
      )
      order = rows.map((row) => row.id)
      expect(order).toHaveLength(17)
    })

    type Cursor = { created_at: string; id: string }
    const pageOf = async (sql: string, cursor: Cursor | null, size: number): Promise<Cursor[]> =>
      (
        await runAs<Cursor>(
          suite.db,
          reader,
          `select id, to_json(created_at) #>> '{}' as created_at from ${sql}`,
          [cursor?.created_at ?? null, cursor?.id ?? null, size]
        )
      ).rows

    it('pages older and newer hold every post in order, at each page size', async () => {
      for (const size of [1, 2, 3, 4, 5, 16]) {
        const older: Cursor[] = []
        for (let cursor: Cursor | null = null; ;) {
          const page = await pageOf('following_feed_page($1, $2, $3)', cursor, size)
          older.push(...page)
          if (page.length < size) break
          cursor = page[page.length - 1]
        }
        expect(
          older.map((post) => post.id),
          `older, pages of ${size}`
        ).toEqual(order)

        const newer: Cursor[] = []
        let after: Cursor = { created_at: '-infinity', id: '00000000-0000-0000-0000-000000000000' }
        for (;;) {
          const page = await pageOf('following_feed_page_newer($1, $2, $3)', after, size)
          newer.push(...page)
          if (page.length < size) break
          after = page[page.length - 1]
        }
        expect(
          newer.map((post) => post.id),
          `newer, pages of ${size}`
        ).toEqual([...order].reverse())
      }
    })
  })
})
