// The row-level security matrix: anon, user A and user B against every table and operation,
// and against the storage policies of the images bucket. Every forbidden case asserts how it
// is refused (42501, a check or unique violation, or 0 rows) and that no table changed; every
// rule also has its allowed case, so removing a policy, a grant or a constraint fails a test.

import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  anon,
  attemptAs,
  resetData,
  runAs,
  signUp,
  snapshot,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const TABLES = [
  'public.profiles',
  'public.posts',
  'public.likes',
  'public.follows',
  'storage.objects',
  'storage.buckets'
]
const PERMISSION_DENIED = '42501'
const CHECK_VIOLATION = '23514'
const UNIQUE_VIOLATION = '23505'
const IMAGE = 'https://example.test/storage/v1/object/public/images/posts/x/1.png'
/** A photo in `userId`'s own posts folder, the only kind a user may attach (insert policy). */
const ownImage = (userId: string | null): string =>
  `https://example.test/storage/v1/object/public/images/posts/${userId}/1.png`

type Refusal = { code: string } | 'no rows'

describeEachDatabase('row-level security', (suite) => {
  let a: Actor
  let b: Actor
  /** A's post (liked by B) and B's post. */
  let postA: string
  let postB: string

  async function snapshotAll(): Promise<string[][]> {
    return Promise.all(TABLES.map((table) => snapshot(suite.db, table)))
  }

  /** Runs `sql` as `actor`, expects it to be refused as described, and nothing to have changed. */
  async function expectRefused(
    actor: Actor,
    sql: string,
    params: unknown[],
    refusal: Refusal
  ): Promise<void> {
    const before = await snapshotAll()
    const outcome = await attemptAs(suite.db, actor, sql, params)
    const context = `${actor.name}: ${sql}`
    if (refusal === 'no rows') expect(outcome, context).toMatchObject({ ok: true, rowCount: 0 })
    else expect(outcome, context).toMatchObject({ ok: false, code: refusal.code })
    expect(await snapshotAll(), `${context} changed data`).toEqual(before)
  }

  /** Runs `sql` as `actor` and expects it to succeed on exactly `rowCount` rows. */
  async function expectAllowed(
    actor: Actor,
    sql: string,
    params: unknown[] = [],
    rowCount = 1
  ): Promise<void> {
    const outcome = await attemptAs(suite.db, actor, sql, params)
    expect(outcome, `${actor.name}: ${sql}`).toMatchObject({ ok: true, rowCount })
  }

  /** The first column of the first row, read as the superuser. */
  async function value<T>(sql: string, params: unknown[] = []): Promise<T> {
    const { rows } = await suite.db.query<Record<string, T>>(sql, params)
    return Object.values(rows[0] ?? {})[0]
  }

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'user A', { username: 'alice', fullName: 'Alice A' })
    b = await signUp(suite.db, 'user B', { username: 'bob', fullName: 'Bob B' })
    const { rows } = await suite.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url, caption)
       values ($1, $3, 'from A'), ($2, $3, 'from B') returning id`,
      [a.id, b.id, IMAGE]
    )
    ;[postA, postB] = rows.map((row) => row.id)
    await suite.db.query('insert into public.likes (user_id, post_id) values ($1, $2)', [
      b.id,
      postA
    ])
    await suite.db.query('insert into public.follows (follower_id, following_id) values ($1, $2)', [
      b.id,
      a.id
    ])
    await suite.db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id)
       values ('images', $1, $2::uuid, $2), ('images', $3, $4::uuid, $4)`,
      [`posts/${a.id}/a.png`, a.id, `posts/${b.id}/b.png`, b.id]
    )
  })

  describe('profiles', () => {
    it('anyone may read profiles', async () => {
      for (const actor of [anon, a, b]) {
        const { rows } = await runAs<{ username: string }>(
          suite.db,
          actor,
          'select username from profiles order by username'
        )
        expect(rows.map((row) => row.username)).toEqual(['alice', 'bob'])
      }
    })

    it('a user can update their own profile', async () => {
      await expectAllowed(
        a,
        `update profiles set full_name = 'Alice Z', bio = 'hi', avatar_url = $2,
                             username = 'alice.z' where id = $1`,
        [a.id, `https://example.test/storage/v1/object/public/images/avatars/${a.id}/a.png`]
      )
      expect(
        await value('select username || full_name || bio from profiles where id = $1', [a.id])
      ).toBe('alice.zAlice Zhi')
    })

    it("a user cannot update another user's profile", async () => {
      await expectRefused(
        a,
        `update profiles set full_name = 'hacked' where id = $1`,
        [b.id],
        'no rows'
      )
      await expectRefused(a, `update profiles set bio = 'hacked' where id <> $1`, [a.id], 'no rows')
      // Without a filter, only the user's own row is touched.
      await expectAllowed(a, `update profiles set bio = 'mine'`)
      expect(await value('select bio from profiles where id = $1', [b.id])).toBeNull()
    })

    it('anon cannot update profiles', async () => {
      await expectRefused(anon, `update profiles set full_name = 'x' where id = $1`, [a.id], {
        code: PERMISSION_DENIED
      })
    })

    it('a user cannot change the id or the creation date of their profile', async () => {
      await expectRefused(a, 'update profiles set id = $2 where id = $1', [a.id, randomUUID()], {
        code: PERMISSION_DENIED
      })
      await expectRefused(
        a,
        `update profiles set created_at = '2000-01-01' where id = $1`,
        [a.id],
        { code: PERMISSION_DENIED }
      )
    })

    it('no client can insert a profile: only the sign-up trigger creates them', async () => {
      for (const actor of [anon, a]) {
        await expectRefused(
          actor,
          `insert into profiles (id, username) values ($1, 'intruder')`,
          [actor.id ?? randomUUID()],
          { code: PERMISSION_DENIED }
        )
      }
    })

    it('no client can delete a profile, not even their own', async () => {
      await expectRefused(anon, 'delete from profiles', [], 'no rows')
      await expectRefused(a, 'delete from profiles where id = $1', [a.id], 'no rows')
      await expectRefused(a, 'delete from profiles where id = $1', [b.id], 'no rows')
    })

    it('a username is 3 to 30 lower-case letters, digits, dots or underscores', async () => {
      for (const bad of ['Alice', 'al ice', 'al', 'a'.repeat(31), 'alice!', 'alicé']) {
        await expectRefused(a, 'update profiles set username = $2 where id = $1', [a.id, bad], {
          code: CHECK_VIOLATION
        })
      }
      await expectAllowed(a, 'update profiles set username = $2 where id = $1', [
        a.id,
        `a.b_9${'x'.repeat(25)}`
      ])
    })

    it('usernames are unique', async () => {
      await expectRefused(a, `update profiles set username = 'bob' where id = $1`, [a.id], {
        code: UNIQUE_VIOLATION
      })
    })

    it('a bio is at most 150 characters', async () => {
      await expectRefused(
        a,
        'update profiles set bio = $2 where id = $1',
        [a.id, 'x'.repeat(151)],
        {
          code: CHECK_VIOLATION
        }
      )
      await expectAllowed(a, 'update profiles set bio = $2 where id = $1', [a.id, 'x'.repeat(150)])
    })
  })

  describe('posts', () => {
    it('anyone may read posts', async () => {
      for (const actor of [anon, a, b]) {
        const { rows } = await runAs<{ caption: string }>(
          suite.db,
          actor,
          'select caption from posts order by caption'
        )
        expect(rows.map((row) => row.caption)).toEqual(['from A', 'from B'])
      }
    })

    it('a user can create a post as themselves', async () => {
      await expectAllowed(
        a,
        `insert into posts (user_id, image_url, caption) values ($1, $2, 'new') returning id`,
        [a.id, ownImage(a.id)]
      )
      expect(await value('select count(*) from posts where user_id = $1', [a.id])).toBe(2)
    })

    it("a user cannot create a post on someone else's behalf", async () => {
      await expectRefused(
        a,
        `insert into posts (user_id, image_url, caption) values ($1, $2, 'forged')`,
        [b.id, IMAGE],
        { code: PERMISSION_DENIED }
      )
    })

    it('anon cannot create posts', async () => {
      await expectRefused(
        anon,
        `insert into posts (user_id, image_url) values ($1, $2)`,
        [a.id, IMAGE],
        { code: PERMISSION_DENIED }
      )
    })

    it('a post cannot be created with likes_count or comments_count preset', async () => {
      for (const column of ['likes_count', 'comments_count']) {
        await expectRefused(
          a,
          `insert into posts (user_id, image_url, ${column}) values ($1, $2, 1000)`,
          [a.id, IMAGE],
          { code: PERMISSION_DENIED }
        )
      }
    })

    // A client names a new post with an id it generated, so that a retried insert from the
    // offline outbox finds its first attempt instead of making a second post (see the
    // idempotent_writes migration). Taking an id that exists is refused, and the date stays
    // the server's.
    it('a post may carry a fresh id of its own choosing, never a taken one', async () => {
      await expectAllowed(a, `insert into posts (id, user_id, image_url) values ($3, $1, $2)`, [
        a.id,
        ownImage(a.id),
        randomUUID()
      ])
      await expectRefused(
        a,
        `insert into posts (id, user_id, image_url) values ($3, $1, $2)`,
        [a.id, ownImage(a.id), postB],
        { code: UNIQUE_VIOLATION }
      )
    })

    it('a post cannot be created with a chosen created_at', async () => {
      await expectRefused(
        a,
        `insert into posts (user_id, image_url, created_at) values ($1, $2, '2000-01-01')`,
        [a.id, IMAGE],
        { code: PERMISSION_DENIED }
      )
    })

    it("a user can edit their own caption but not another user's", async () => {
      await expectAllowed(a, `update posts set caption = 'edited' where id = $1`, [postA])
      expect(await value('select caption from posts where id = $1', [postA])).toBe('edited')
      await expectRefused(
        a,
        `update posts set caption = 'hacked' where id = $1`,
        [postB],
        'no rows'
      )
      await expectAllowed(a, `update posts set caption = 'only mine'`)
      expect(await value('select caption from posts where id = $1', [postB])).toBe('from B')
    })

    it('no client can write likes_count', async () => {
      for (const actor of [a, b, anon]) {
        await expectRefused(actor, 'update posts set likes_count = 999 where id = $1', [postA], {
          code: PERMISSION_DENIED
        })
      }
      expect(await value('select likes_count from posts where id = $1', [postA])).toBe(1)
    })

    it('no client can write comments_count', async () => {
      for (const actor of [a, b, anon]) {
        await expectRefused(actor, 'update posts set comments_count = 5 where id = $1', [postA], {
          code: PERMISSION_DENIED
        })
      }
    })

    it('a post cannot be moved to another user', async () => {
      await expectRefused(a, 'update posts set user_id = $2 where id = $1', [postA, b.id], {
        code: PERMISSION_DENIED
      })
      await expectRefused(b, 'update posts set user_id = $2 where id = $1', [postA, b.id], {
        code: PERMISSION_DENIED
      })
    })

    it('only the caption of a post can be edited, not its image, id or date', async () => {
      for (const [column, newValue] of [
        ['image_url', 'https://evil.test/x.png'],
        ['id', randomUUID()],
        ['created_at', '2000-01-01']
      ]) {
        await expectRefused(a, `update posts set ${column} = $2 where id = $1`, [postA, newValue], {
          code: PERMISSION_DENIED
        })
      }
    })

    it('anon cannot edit or delete posts', async () => {
      await expectRefused(anon, `update posts set caption = 'x' where id = $1`, [postA], {
        code: PERMISSION_DENIED
      })
      await expectRefused(anon, 'delete from posts', [], 'no rows')
    })

    it("a user can delete their own post but not another user's", async () => {
      await expectRefused(a, 'delete from posts where id = $1', [postB], 'no rows')
      // Without a filter, only the user's own post goes (and its likes with it).
      await expectAllowed(a, 'delete from posts')
      expect(await value('select id from posts')).toBe(postB)
      expect(await value('select count(*) from likes where post_id = $1', [postA])).toBe(0)
    })

    it('a caption over 500 characters is rejected', async () => {
      await expectRefused(
        a,
        'insert into posts (user_id, image_url, caption) values ($1, $2, $3)',
        [a.id, ownImage(a.id), 'x'.repeat(501)],
        { code: CHECK_VIOLATION }
      )
      await expectRefused(
        a,
        'update posts set caption = $2 where id = $1',
        [postA, 'x'.repeat(501)],
        {
          code: CHECK_VIOLATION
        }
      )
      await expectAllowed(
        a,
        'insert into posts (user_id, image_url, caption) values ($1, $2, $3)',
        [a.id, ownImage(a.id), 'x'.repeat(500)]
      )
    })
  })

  describe('likes', () => {
    it('anyone may read likes', async () => {
      for (const actor of [anon, a, b]) {
        const { rows } = await runAs(suite.db, actor, 'select user_id, post_id from likes')
        expect(rows).toEqual([{ user_id: b.id, post_id: postA }])
      }
    })

    it('a user can like and unlike a post as themselves, and likes_count follows', async () => {
      await expectAllowed(a, 'insert into likes (user_id, post_id) values ($1, $2)', [a.id, postA])
      expect(await value('select likes_count from posts where id = $1', [postA])).toBe(2)
      await expectAllowed(a, 'delete from likes where user_id = $1 and post_id = $2', [a.id, postA])
      expect(await value('select likes_count from posts where id = $1', [postA])).toBe(1)
    })

    it("a user cannot insert a like on someone else's behalf", async () => {
      await expectRefused(
        a,
        'insert into likes (user_id, post_id) values ($1, $2)',
        [b.id, postB],
        {
          code: PERMISSION_DENIED
        }
      )
      expect(await value('select likes_count from posts where id = $1', [postB])).toBe(0)
    })

    it('anon cannot like a post', async () => {
      await expectRefused(
        anon,
        'insert into likes (user_id, post_id) values ($1, $2)',
        [a.id, postB],
        {
          code: PERMISSION_DENIED
        }
      )
    })

    it("a user cannot delete another user's like", async () => {
      await expectRefused(a, 'delete from likes where user_id = $1', [b.id], 'no rows')
      await expectRefused(a, 'delete from likes', [], 'no rows')
      await expectRefused(anon, 'delete from likes', [], 'no rows')
      expect(await value('select likes_count from posts where id = $1', [postA])).toBe(1)
    })

    it('a like cannot be edited or moved to another post or user', async () => {
      await expectRefused(b, 'update likes set post_id = $2 where user_id = $1', [b.id, postB], {
        code: PERMISSION_DENIED
      })
      await expectRefused(b, 'update likes set user_id = $2 where user_id = $1', [b.id, a.id], {
        code: PERMISSION_DENIED
      })
    })

    it('a like cannot be created with a chosen id or date', async () => {
      await expectRefused(
        a,
        `insert into likes (user_id, post_id, created_at) values ($1, $2, '2000-01-01')`,
        [a.id, postB],
        { code: PERMISSION_DENIED }
      )
    })

    it('a user cannot like the same post twice', async () => {
      await expectRefused(
        b,
        'insert into likes (user_id, post_id) values ($1, $2)',
        [b.id, postA],
        {
          code: UNIQUE_VIOLATION
        }
      )
      expect(await value('select likes_count from posts where id = $1', [postA])).toBe(1)
    })

    it('likes_count never goes negative', async () => {
      // Even if the counter drifted to 0 (a manual fix, a restore), unliking keeps it at 0.
      await suite.db.query('update posts set likes_count = 0 where id = $1', [postA])
      await expectAllowed(b, 'delete from likes where user_id = $1 and post_id = $2', [b.id, postA])
      expect(await value('select likes_count from posts where id = $1', [postA])).toBe(0)
      // And the table itself refuses a negative count, whoever writes it.
      await expect(
        suite.db.query('update posts set likes_count = -1 where id = $1', [postA])
      ).rejects.toMatchObject({ code: CHECK_VIOLATION })
    })
  })

  describe('follows', () => {
    it('anyone may read follows', async () => {
      for (const actor of [anon, a, b]) {
        const { rows } = await runAs(
          suite.db,
          actor,
          'select follower_id, following_id from follows'
        )
        expect(rows).toEqual([{ follower_id: b.id, following_id: a.id }])
      }
    })

    it('a user can follow and unfollow as themselves', async () => {
      await expectAllowed(a, 'insert into follows (follower_id, following_id) values ($1, $2)', [
        a.id,
        b.id
      ])
      await expectAllowed(a, 'delete from follows where follower_id = $1', [a.id])
      expect(await value('select count(*) from follows')).toBe(1)
    })

    it("a user cannot follow on someone else's behalf", async () => {
      await expectRefused(
        a,
        'insert into follows (follower_id, following_id) values ($1, $2)',
        [b.id, a.id],
        { code: PERMISSION_DENIED }
      )
    })

    it('anon cannot follow', async () => {
      await expectRefused(
        anon,
        'insert into follows (follower_id, following_id) values ($1, $2)',
        [a.id, b.id],
        { code: PERMISSION_DENIED }
      )
    })

    it("a user cannot remove another user's follow", async () => {
      // A is the one followed: that still does not let A delete B's follow.
      await expectRefused(a, 'delete from follows where follower_id = $1', [b.id], 'no rows')
      await expectRefused(a, 'delete from follows', [], 'no rows')
      await expectRefused(anon, 'delete from follows', [], 'no rows')
    })

    it('a follow cannot be edited', async () => {
      await expectRefused(
        b,
        'update follows set following_id = $2 where follower_id = $1',
        [b.id, b.id],
        { code: PERMISSION_DENIED }
      )
    })

    it('a user cannot follow themselves', async () => {
      await expectRefused(
        a,
        'insert into follows (follower_id, following_id) values ($1, $1)',
        [a.id],
        { code: CHECK_VIOLATION }
      )
    })
  })

  describe('storage: the images bucket', () => {
    const upload = `insert into storage.objects (bucket_id, name, owner, owner_id)
                    values ($1, $2, $3, $4)`

    function uploadParams(actor: Actor, name: string, bucket = 'images'): unknown[] {
      return [bucket, name, actor.id, actor.id]
    }

    it('a user can upload into posts/<their id>/ in the images bucket', async () => {
      await expectAllowed(a, upload, uploadParams(a, `posts/${a.id}/x.png`))
      await expectAllowed(a, upload, uploadParams(a, `posts/${a.id}/nested/y.png`))
    })

    it("a user cannot upload into another user's folder", async () => {
      await expectRefused(a, upload, uploadParams(a, `posts/${b.id}/x.png`), {
        code: PERMISSION_DENIED
      })
    })

    it('a user cannot upload outside posts/<their id>/', async () => {
      for (const name of [
        'other/x.png',
        'x.png',
        'posts/x.png',
        `${a.id}/x.png`,
        `other/${a.id}/x.png`
      ]) {
        await expectRefused(a, upload, uploadParams(a, name), { code: PERMISSION_DENIED })
      }
    })

    it('uploads are accepted only into the images bucket', async () => {
      await suite.db.query(
        `insert into storage.buckets (id, name, public) values ('other', 'other', true)`
      )
      await expectRefused(a, upload, uploadParams(a, `posts/${a.id}/x.png`, 'other'), {
        code: PERMISSION_DENIED
      })
    })

    it('anon cannot upload', async () => {
      await expectRefused(anon, upload, ['images', `posts/${a.id}/x.png`, null, null], {
        code: PERMISSION_DENIED
      })
    })

    it('through the API a user sees only their own objects', async () => {
      const names = async (actor: Actor): Promise<string[]> => {
        const { rows } = await runAs<{ name: string }>(
          suite.db,
          actor,
          'select name from storage.objects'
        )
        return rows.map((row) => row.name)
      }
      expect(await names(a)).toEqual([`posts/${a.id}/a.png`])
      expect(await names(b)).toEqual([`posts/${b.id}/b.png`])
      expect(await names(anon)).toEqual([])
    })

    it("a user can delete their own object but not another user's", async () => {
      await expectRefused(
        a,
        'delete from storage.objects where name = $1',
        [`posts/${b.id}/b.png`],
        'no rows'
      )
      await expectRefused(anon, 'delete from storage.objects', [], 'no rows')
      // Without a filter (so no SELECT policy hides rows first), only A's own object goes.
      await expectAllowed(a, 'delete from storage.objects')
      expect(await value('select name from storage.objects')).toBe(`posts/${b.id}/b.png`)
    })

    it('an object cannot be renamed or overwritten', async () => {
      await expectRefused(
        a,
        `update storage.objects set name = $2 where name = $1`,
        [`posts/${a.id}/a.png`, `posts/${a.id}/renamed.png`],
        'no rows'
      )
      await expectRefused(
        a,
        `update storage.objects set owner_id = $2 where name = $1`,
        [`posts/${b.id}/b.png`, a.id],
        'no rows'
      )
    })

    it('no client can create or change buckets', async () => {
      for (const actor of [anon, a]) {
        await expectRefused(
          actor,
          `insert into storage.buckets (id, name) values ('mine', 'mine')`,
          [],
          {
            code: PERMISSION_DENIED
          }
        )
        await expectRefused(actor, `update storage.buckets set public = false`, [], 'no rows')
        await expectRefused(actor, `delete from storage.buckets`, [], 'no rows')
      }
    })
  })
})
