// What a suspended account did is hidden from everyone but moderators and itself until the
// suspension is lifted (migrations 20261126120300, 20261129110100), on PGlite and PostgreSQL:
// its profile in search and suggestions, its posts, and on others' posts its comments, likes,
// comment likes, the activity it caused, its follows on either side, its follow requests, the
// tags of it and its story views. Each read is shown before (everyone who may see it does),
// during (only the person and a moderator) and after a moderator lifts the suspension.

import { randomUUID } from 'node:crypto'
import { beforeEach, expect, it } from 'vitest'
import {
  anon,
  attemptAs,
  grantModerator,
  resetData,
  runAs,
  signUp,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const STORAGE = 'http://127.0.0.1:5400/storage/v1/object/public/images'

interface People {
  sus: Actor
  ann: Actor
  ben: Actor
  mod: Actor
  priv: Actor
}

interface Read {
  what: string
  /** Rows that name the suspended person, counted as `reader`; $1 is their id. */
  sql: string
  /** Who reads those rows while nobody is suspended (the rest see none anyway). */
  readers: (keyof People | 'anon')[]
}

const READS: Read[] = [
  {
    what: 'profile',
    sql: 'select count(*) from profiles where id = $1',
    readers: ['ann', 'ben', 'anon']
  },
  {
    what: 'posts',
    sql: 'select count(*) from posts where user_id = $1',
    readers: ['ann', 'ben', 'anon']
  },
  {
    what: 'comments',
    sql: 'select count(*) from comments where user_id = $1',
    readers: ['ann', 'ben', 'anon']
  },
  {
    what: 'likes (the likers list)',
    sql: 'select count(*) from likes where user_id = $1',
    readers: ['ann', 'ben', 'anon']
  },
  {
    what: '"Liked by …"',
    sql: `select count(*) from posts p, like_highlights(array[p.id]) h
          join profiles pr on pr.username = h.username
          where p.caption = 'by ann' and pr.id = $1`,
    readers: ['ben']
  },
  {
    what: 'comment likes',
    sql: 'select count(*) from comment_likes where user_id = $1',
    readers: ['ann', 'ben', 'anon']
  },
  {
    what: 'follows, either side',
    sql: 'select count(*) from follows where $1 in (follower_id, following_id)',
    readers: ['ann', 'ben', 'anon']
  },
  {
    what: 'followers list',
    sql: `select count(*) from profiles me, profile_connections(me.id, 'followers') c
          where me.username = 'ann' and c.id = $1`,
    readers: ['ann', 'ben']
  },
  {
    what: 'follow requests',
    sql: 'select count(*) from follow_requests where requester_id = $1',
    readers: ['priv']
  },
  {
    what: 'activity it caused',
    sql: 'select count(*) from notifications where actor_id = $1',
    readers: ['ann']
  },
  {
    what: 'activity page',
    sql: `select count(*) from activity_page() a, jsonb_array_elements(a.actors) actor
          where actor ->> 'id' = $1::text`,
    readers: ['ann']
  },
  {
    what: 'tags of it',
    sql: 'select count(*) from post_people_tags where user_id = $1',
    readers: ['ann', 'ben', 'anon']
  },
  {
    what: 'story views',
    sql: 'select count(*) from story_views where viewer_id = $1',
    readers: ['ann']
  },
  {
    what: 'people search',
    sql: `select count(*) from search_profiles('suspended') where id = $1`,
    readers: ['ann', 'ben', 'anon']
  },
  {
    what: 'suggestions',
    sql: 'select count(*) from suggested_profiles(50) where id = $1',
    readers: ['priv']
  }
]

describeEachDatabase('a suspended account’s content', (suite) => {
  let p: People

  const actorOf = (name: keyof People | 'anon'): Actor => (name === 'anon' ? anon : p[name])

  async function seen(read: Read, reader: Actor): Promise<number> {
    const outcome = await attemptAs(suite.db, reader, read.sql, [p.sus.id])
    // Visitors may not call some of these at all: they see none of it either way.
    if (!outcome.ok && reader === anon && outcome.code === '42501') return 0
    if (!outcome.ok) throw new Error(`${read.what} as ${reader.name}: ${outcome.message}`)
    return Number(outcome.rows[0].count)
  }

  /** For each read, how many of the suspended person's rows each reader sees. */
  async function view(readers: Actor[]): Promise<Record<string, Record<string, number>>> {
    const result: Record<string, Record<string, number>> = {}
    for (const read of READS) {
      result[read.what] = {}
      for (const reader of readers) result[read.what][reader.name] = await seen(read, reader)
    }
    return result
  }

  beforeEach(async () => {
    await resetData(suite.db)
    const db = suite.db
    const sus = await signUp(db, 'sus', { username: 'suspended_one' })
    const ann = await signUp(db, 'ann', { username: 'ann' })
    const ben = await signUp(db, 'ben', { username: 'ben' })
    const mod = await signUp(db, 'mod', { username: 'mod', email: 'mod@example.test' })
    const priv = await signUp(db, 'priv', { username: 'priv' })
    await grantModerator(db, 'mod@example.test')
    p = { sus, ann, ben, mod, priv }
    await db.query('update profiles set is_private = true where id = $1', [priv.id])
    const post = async (actor: Actor, caption: string): Promise<string> =>
      (
        await runAs<{ id: string }>(db, actor, `select id from create_post($1, $2::jsonb)`, [
          caption,
          JSON.stringify([{ image_url: `${STORAGE}/posts/${actor.id}/${randomUUID()}.webp` }])
        ])
      ).rows[0].id
    const annsPost = await post(ann, 'by ann')
    await post(sus, 'by sus')
    const as = (actor: Actor, sql: string, params: unknown[] = []): Promise<unknown> =>
      runAs(db, actor, sql, params)
    await as(ben, 'select follow_profile($1)', [ann.id])
    await as(ben, 'select follow_profile($1)', [sus.id])
    await as(ann, 'select follow_profile($1)', [sus.id])
    await as(sus, 'select follow_profile($1)', [ann.id])
    await as(sus, 'select follow_profile($1)', [priv.id])
    await as(sus, 'select set_post_like($1, true)', [annsPost])
    await as(sus, `insert into comments (post_id, user_id, body) values ($1, $2, 'hi @ann')`, [
      annsPost,
      sus.id
    ])
    const { rows } = await runAs<{ id: string }>(
      db,
      ann,
      `insert into comments (post_id, user_id, body) values ($1, $2, 'thanks') returning id`,
      [annsPost, ann.id]
    )
    await as(sus, 'select set_comment_like($1, true)', [rows[0].id])
    await as(
      ann,
      `insert into post_people_tags (post_id, user_id, position, x, y) values ($1, $2, 0, 0.5, 0.5)`,
      [annsPost, sus.id]
    )
    const { rows: story } = await runAs<{ id: string }>(
      db,
      ann,
      `insert into stories (user_id, image_url, width, height) values ($1, $2, 1080, 1920)
       returning id`,
      [ann.id, `${STORAGE}/stories/${ann.id}/${randomUUID()}.webp`]
    )
    await as(sus, 'select mark_story_seen($1)', [story[0].id])
  })

  it('is hidden from everyone but a moderator and the person, and seen again once lifted', async () => {
    const everyone = [p.ann, p.ben, anon, p.priv]
    // Before: each read shows the person to the readers it names.
    const before = await view(everyone)
    for (const read of READS) {
      for (const name of read.readers) {
        expect(before[read.what][actorOf(name).name], `${read.what} for ${name}`).toBeGreaterThan(0)
      }
    }
    await suite.db.query('update profiles set suspended_at = now() where id = $1', [p.sus.id])
    const during = await view(everyone)
    for (const read of READS) {
      expect(Object.values(during[read.what]), read.what).toEqual(everyone.map(() => 0))
    }
    // The person still reads everything of theirs (and so exports it). A moderator reads their
    // profile and what they did on others' posts; their posts, stories and follows only as
    // reported (moderation_reports), so those policies stay the feeds' and lists' own.
    const own = await view([p.sus, p.mod])
    const person = ['posts', 'follows, either side', 'follow requests']
    for (const what of [
      'profile',
      'posts',
      'comments',
      'likes (the likers list)',
      'comment likes',
      'follows, either side',
      'follow requests',
      'tags of it'
    ]) {
      expect(own[what].sus, `${what} for the person`).toBeGreaterThan(0)
      if (!person.includes(what)) {
        expect(own[what].mod, `${what} for a moderator`).toBeGreaterThan(0)
      }
    }
    await runAs(suite.db, p.mod, 'select moderation_lift_suspension($1)', [p.sus.id])
    expect(await view(everyone)).toEqual(before)
  })
})
