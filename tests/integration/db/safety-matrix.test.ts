// The safety matrix (issue #25): who sees and who may touch what the owner made, for anon, the
// owner, an approved follower, a stranger, someone the owner blocked, someone who blocked the
// owner, and a moderator; over every table and rpc the block, private-account and moderation
// rules touch, and over realtime delivery (checkVisibility, the local backend's delivery
// decision). It runs twice: with the owner public (blocks decide) and private (the follow
// decides). On the schema before 20261126120000 every row naming `blocked`, `blocker` or, in
// the private phase, a non-follower fails: they all saw everything.

import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Change } from '../../../src/backend/realtime/changes'
import { loadPublishedTables, tableKey } from '../../../src/backend/realtime/published-tables'
import { checkVisibility } from '../../../src/backend/realtime/visibility'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const ROLES = ['anon', 'owner', 'follower', 'stranger', 'blocked', 'blocker', 'moderator'] as const
type Role = (typeof ROLES)[number]
type Phase = 'public' | 'private'

const STORAGE = 'http://127.0.0.1:5400/storage/v1/object/public/images'
/** Everyone but the two sides of the block. */
const NOT_BLOCKED: Role[] = ['anon', 'owner', 'follower', 'stranger', 'moderator']
const FOLLOWERS: Role[] = ['owner', 'follower']

interface Ids {
  owner: string
  follower: string
  post: string
  story: string
}

interface Row {
  name: string
  sql: string
  params: (ids: Ids) => unknown[]
  /** Who sees it (the statement returns a row) in each phase. */
  sees: Record<Phase, Role[]>
}

const bothPhases = (roles: Role[]): Record<Phase, Role[]> => ({ public: roles, private: roles })
const content: Record<Phase, Role[]> = { public: NOT_BLOCKED, private: FOLLOWERS }

const READS: Row[] = [
  {
    name: 'profiles row',
    sql: 'select 1 from profiles where id = $1',
    params: (i) => [i.owner],
    sees: bothPhases(NOT_BLOCKED)
  },
  {
    name: 'search_profiles',
    sql: `select 1 from search_profiles('safeowner') where id = $1`,
    params: (i) => [i.owner],
    sees: bothPhases(NOT_BLOCKED)
  },
  {
    name: 'suggested_profiles',
    sql: 'select 1 from suggested_profiles(50) where id = $1',
    params: (i) => [i.owner],
    sees: bothPhases(['anon', 'stranger', 'moderator'])
  },
  {
    name: 'posts row',
    sql: 'select 1 from posts where id = $1',
    params: (i) => [i.post],
    sees: content
  },
  {
    name: 'posts embed from profiles',
    sql: 'select 1 from profiles pr join posts p on p.user_id = pr.id where p.id = $1',
    params: (i) => [i.post],
    sees: content
  },
  {
    name: 'post_images',
    sql: 'select 1 from post_images where post_id = $1',
    params: (i) => [i.post],
    sees: content
  },
  {
    name: 'post_tags',
    sql: 'select 1 from post_tags where post_id = $1',
    params: (i) => [i.post],
    sees: content
  },
  {
    name: 'feed_page',
    sql: 'select 1 from feed_page(null, null, 100) where id = $1',
    params: (i) => [i.post],
    sees: content
  },
  {
    name: 'tag_page',
    sql: `select 1 from tag_page('safetymatrix') where id = $1`,
    params: (i) => [i.post],
    sees: content
  },
  {
    name: 'following_feed_page',
    sql: 'select 1 from following_feed_page() where id = $1',
    params: (i) => [i.post],
    sees: bothPhases(['follower'])
  },
  {
    name: 'likes (likers list)',
    sql: 'select 1 from likes where post_id = $1 and user_id = $2',
    params: (i) => [i.post, i.follower],
    sees: content
  },
  {
    name: 'comments',
    sql: 'select 1 from comments where post_id = $1',
    params: (i) => [i.post],
    sees: content
  },
  {
    name: 'latest_comments',
    sql: 'select 1 from latest_comments(array[$1::uuid])',
    params: (i) => [i.post],
    sees: content
  },
  {
    name: 'followers list',
    sql: `select 1 from profile_connections($1, 'followers') where id = $2`,
    params: (i) => [i.owner, i.follower],
    sees: content
  },
  {
    name: 'following list',
    sql: `select 1 from profile_connections($1, 'following') where id = $2`,
    params: (i) => [i.owner, i.follower],
    sees: content
  },
  {
    name: 'stories',
    sql: 'select 1 from stories where id = $1',
    params: (i) => [i.story],
    sees: bothPhases(FOLLOWERS)
  },
  {
    name: 'story_strip',
    sql: 'select 1 from story_strip() where user_id = $1',
    params: (i) => [i.owner],
    sees: bothPhases(FOLLOWERS)
  },
  {
    name: 'reports',
    sql: 'select 1 from reports',
    params: () => [],
    sees: bothPhases(['moderator'])
  }
]

/** Writes; each is undone after it (by the superuser) so the next role meets the same data. */
const WRITES: Row[] = [
  {
    name: 'like the post',
    sql: 'insert into likes (user_id, post_id) values (auth.uid(), $1) on conflict do nothing',
    params: (i) => [i.post],
    sees: { public: ['owner', 'follower', 'stranger', 'moderator'], private: FOLLOWERS }
  },
  {
    name: 'comment on the post',
    sql: `insert into comments (user_id, post_id, body) values (auth.uid(), $1, 'hi')`,
    params: (i) => [i.post],
    sees: { public: ['owner', 'follower', 'stranger', 'moderator'], private: FOLLOWERS }
  },
  {
    name: 'follow directly',
    sql: 'insert into follows (follower_id, following_id) values (auth.uid(), $1) on conflict do nothing',
    params: (i) => [i.owner],
    sees: { public: ['follower', 'stranger', 'moderator'], private: [] }
  },
  {
    name: 'mark the story seen',
    sql: 'select mark_story_seen($1)',
    params: (i) => [i.story],
    sees: bothPhases(FOLLOWERS)
  },
  {
    name: 'report the post',
    sql: `select report_content('post', $1, 'spam')`,
    params: (i) => [i.post],
    sees: { public: ['owner', 'follower', 'stranger', 'moderator'], private: FOLLOWERS }
  },
  {
    name: 'moderation_reports',
    sql: 'select moderation_reports()',
    params: () => [],
    sees: bothPhases(['moderator'])
  }
]

describeEachDatabase('safety matrix', (suite) => {
  const actors = {} as Record<Role, Actor>
  const ids = {} as Ids

  async function sees(role: Role, row: Row): Promise<boolean> {
    const outcome = await attemptAs(suite.db, actors[role], row.sql, row.params(ids))
    return outcome.ok && outcome.rowCount > 0
  }

  async function undoWrites(): Promise<void> {
    await suite.db.query('delete from likes where post_id = $1 and user_id <> $2', [
      ids.post,
      ids.follower
    ])
    await suite.db.query(`delete from comments where post_id = $1 and body = 'hi'`, [ids.post])
    await suite.db.query('delete from story_views where story_id = $1', [ids.story])
    await suite.db.query(`delete from reports where target_type = 'post'`)
    await suite.db.query('delete from follows where following_id = $1 and follower_id <> $2', [
      ids.owner,
      ids.follower
    ])
  }

  beforeAll(async () => {
    await resetData(suite.db)
    for (const role of ROLES) {
      actors[role] =
        role === 'anon'
          ? anon
          : await signUp(suite.db, role, {
              username: role === 'owner' ? 'safeowner' : `safe_${role}`
            })
    }
    const id = (role: Role): string => actors[role].id!
    ids.owner = id('owner')
    ids.follower = id('follower')
    // Before any block everyone but anon follows the owner, and the owner follows them back.
    for (const role of ['follower', 'blocked', 'blocker'] as Role[]) {
      await runAs(
        suite.db,
        actors[role],
        'insert into follows (follower_id, following_id) values ($1, $2)',
        [id(role), ids.owner]
      )
      await runAs(
        suite.db,
        actors.owner,
        'insert into follows (follower_id, following_id) values ($1, $2)',
        [ids.owner, id(role)]
      )
    }
    const post = await runAs<{ id: string }>(
      suite.db,
      actors.owner,
      `select id from create_post('a #safetymatrix', $1::jsonb)`,
      [JSON.stringify([{ image_url: `${STORAGE}/posts/${ids.owner}/${randomUUID()}.webp` }])]
    )
    ids.post = post.rows[0].id
    const story = await runAs<{ id: string }>(
      suite.db,
      actors.owner,
      `insert into stories (user_id, image_url, width, height) values ($1, $2, 1080, 1920) returning id`,
      [ids.owner, `${STORAGE}/stories/${ids.owner}/${randomUUID()}.webp`]
    )
    ids.story = story.rows[0].id
    await runAs(
      suite.db,
      actors.owner,
      `insert into comments (user_id, post_id, body) values ($1, $2, 'mine')`,
      [ids.owner, ids.post]
    )
    await runAs(suite.db, actors.follower, 'insert into likes (user_id, post_id) values ($1, $2)', [
      ids.follower,
      ids.post
    ])
    await runAs(
      suite.db,
      actors.owner,
      'insert into blocks (blocker_id, blocked_id) values ($1, $2)',
      [ids.owner, id('blocked')]
    )
    await runAs(
      suite.db,
      actors.blocker,
      'insert into blocks (blocker_id, blocked_id) values ($1, $2)',
      [id('blocker'), ids.owner]
    )
    await suite.db.query('insert into moderators (user_id) values ($1)', [id('moderator')])
    await suite.db.query(
      `insert into reports (reporter_id, target_type, target_id, reason) values ($1, 'profile', $1, 'spam')`,
      [id('stranger')]
    )
  })

  for (const phase of ['public', 'private'] as Phase[]) {
    describe(`with the owner ${phase}`, () => {
      beforeAll(async () => {
        await suite.db.query('update profiles set is_private = $2 where id = $1', [
          ids.owner,
          phase === 'private'
        ])
      })

      it.each(READS.map((row) => [row.name, row] as const))('reads: %s', async (_name, row) => {
        const seen: Role[] = []
        for (const role of ROLES) if (await sees(role, row)) seen.push(role)
        expect(seen).toEqual(row.sees[phase])
      })

      it.each(WRITES.map((row) => [row.name, row] as const))('writes: %s', async (_name, row) => {
        const allowed: Role[] = []
        for (const role of ROLES) {
          const outcome = await attemptAs(suite.db, actors[role], row.sql, row.params(ids))
          if (outcome.ok) allowed.push(role)
          await undoWrites()
        }
        expect(allowed).toEqual(row.sees[phase])
      })

      it('realtime delivers a new post, and its deletion, only to those who may read it', async () => {
        const published = await loadPublishedTables(suite.db)
        const posts = published.get(tableKey('public', 'posts'))!
        const fresh = await runAs<{ id: string }>(
          suite.db,
          actors.owner,
          `select id from create_post('live', $1::jsonb)`,
          [JSON.stringify([{ image_url: `${STORAGE}/posts/${ids.owner}/${randomUUID()}.webp` }])]
        )
        const key = { id: fresh.rows[0].id }
        const insert: Change = {
          schema: 'public',
          table: 'posts',
          type: 'INSERT',
          commitTimestamp: new Date().toISOString(),
          key,
          oldKey: null,
          old: null
        }
        const { rows } = await suite.db.query<Record<string, unknown>>(
          'select * from posts where id = $1',
          [key.id]
        )
        const remove: Change = { ...insert, type: 'DELETE', oldKey: key, old: rows[0] }
        for (const change of [insert, remove]) {
          const delivered: Role[] = []
          for (const role of ROLES) {
            const seen = await checkVisibility(suite.db, posts, change, actors[role].identity, [])
            if (seen.record) delivered.push(role)
          }
          expect(delivered, change.type).toEqual(content[phase])
        }
        await suite.db.query('delete from posts where id = $1', [key.id])
      })
    })
  }
})
