// The row-level security matrix of posts in full: anon, user A and user B against comments,
// saves, post edits and deletes, carousel photos (post_images), tags and create_post. Every
// forbidden case asserts how it is refused and that no table changed; every rule also has its
// allowed case, so removing a policy, a grant or a check fails a test.

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
  'public.posts',
  'public.post_images',
  'public.comments',
  'public.saves',
  'public.post_tags',
  'public.likes'
]
const PERMISSION_DENIED = '42501'
const CHECK_VIOLATION = '23514'
const INVALID_PARAMETER = '22023'
const storageUrl = (userId: string | null, name: string): string =>
  `https://example.test/storage/v1/object/public/images/posts/${userId}/${name}`

type Refusal = { code: string } | 'no rows'

describeEachDatabase('posts in full: row-level security', (suite) => {
  let a: Actor
  let b: Actor
  let postA: string
  let postB: string
  /** A's and B's comments on A's post, and A's comment on B's post. */
  let commentA: string
  let commentB: string
  let commentAOnB: string

  async function expectRefused(
    actor: Actor,
    sql: string,
    params: unknown[],
    refusal: Refusal
  ): Promise<void> {
    const before = await Promise.all(TABLES.map((t) => snapshot(suite.db, t)))
    const outcome = await attemptAs(suite.db, actor, sql, params)
    const context = `${actor.name}: ${sql}`
    if (refusal === 'no rows') expect(outcome, context).toMatchObject({ ok: true, rowCount: 0 })
    else expect(outcome, context).toMatchObject({ ok: false, code: refusal.code })
    expect(await Promise.all(TABLES.map((t) => snapshot(suite.db, t))), context).toEqual(before)
  }

  async function expectAllowed(
    actor: Actor,
    sql: string,
    params: unknown[] = [],
    rowCount = 1
  ): Promise<void> {
    const outcome = await attemptAs(suite.db, actor, sql, params)
    expect(outcome, `${actor.name}: ${sql}`).toMatchObject({ ok: true, rowCount })
  }

  /** Inserts photos as create_post does: only inside its transaction does the guard let them in. */
  async function addPhotos(postId: string, sql: string, params: unknown[]): Promise<void> {
    await suite.db.transaction(async (tx) => {
      await tx.query(`select set_config('app.creating_post', $1, true)`, [postId])
      await tx.query(sql, params)
    })
  }

  async function value<T>(sql: string, params: unknown[] = []): Promise<T> {
    const { rows } = await suite.db.query<Record<string, T>>(sql, params)
    return Object.values(rows[0] ?? {})[0]
  }

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'user A', { username: 'alice' })
    b = await signUp(suite.db, 'user B', { username: 'bob' })
    const { rows } = await suite.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url, caption)
       values ($1, $3, 'from A #first'), ($2, $4, 'from B') returning id`,
      [a.id, b.id, storageUrl(a.id, 'a.png'), storageUrl(b.id, 'b.png')]
    )
    ;[postA, postB] = rows.map((row) => row.id)
    await addPhotos(
      postA,
      `insert into public.post_images (post_id, position, image_url, alt_text)
       values ($1, 0, $2, 'first'), ($1, 1, $3, 'second')`,
      [postA, storageUrl(a.id, 'a.png'), storageUrl(a.id, 'a2.png')]
    )
    const comments = await suite.db.query<{ id: string }>(
      `insert into public.comments (post_id, user_id, body)
       values ($1, $3, 'A on A'), ($1, $4, 'B on A'), ($2, $3, 'A on B') returning id`,
      [postA, postB, a.id, b.id]
    )
    ;[commentA, commentB, commentAOnB] = comments.rows.map((row) => row.id)
    await suite.db.query('insert into public.saves (user_id, post_id) values ($1, $2)', [
      a.id,
      postB
    ])
  })

  describe('comments', () => {
    it('anyone reads comments', async () => {
      for (const actor of [anon, a, b]) {
        const { rows } = await runAs(suite.db, actor, 'select id from comments')
        expect(rows, actor.name).toHaveLength(3)
      }
    })

    it('a user comments as themselves; anon and impersonation are refused', async () => {
      const insert = 'insert into comments (post_id, user_id, body) values ($1, $2, $3)'
      await expectAllowed(b, insert, [postA, b.id, 'hi'])
      await expectRefused(anon, insert, [postA, b.id, 'hi'], { code: PERMISSION_DENIED })
      await expectRefused(b, insert, [postA, a.id, 'as alice'], { code: PERMISSION_DENIED })
    })

    it('clients cannot choose a comment’s id or time, nor edit a comment', async () => {
      await expectRefused(
        b,
        `insert into comments (post_id, user_id, body, created_at) values ($1, $2, 'x', now())`,
        [postA, b.id],
        { code: PERMISSION_DENIED }
      )
      await expectRefused(b, `update comments set body = 'edited' where id = $1`, [commentB], {
        code: PERMISSION_DENIED
      })
    })

    it('a body is 1 to 2200 characters and not only whitespace', async () => {
      const insert = 'insert into comments (post_id, user_id, body) values ($1, $2, $3)'
      for (const body of ['', '  \n\t', 'x'.repeat(2201)]) {
        await expectRefused(b, insert, [postA, b.id, body], { code: CHECK_VIOLATION })
      }
      await expectAllowed(b, insert, [postA, b.id, 'x'.repeat(2200)])
    })

    it('a reply to a reply joins the top-level thread; a reply on another post is refused', async () => {
      const reply =
        'insert into comments (post_id, user_id, parent_id, body) values ($1, $2, $3, $4) returning id, parent_id'
      const first = await runAs<{ id: string; parent_id: string }>(suite.db, b, reply, [
        postA,
        b.id,
        commentA,
        'reply'
      ])
      expect(first.rows[0].parent_id).toBe(commentA)
      const second = await runAs<{ parent_id: string }>(suite.db, a, reply, [
        postA,
        a.id,
        first.rows[0].id,
        'reply to reply'
      ])
      expect(second.rows[0].parent_id).toBe(commentA)
      await expectRefused(b, reply, [postB, b.id, commentA, 'elsewhere'], {
        code: CHECK_VIOLATION
      })
    })

    it('the comment’s author deletes it; nobody else but the post’s author can', async () => {
      // B is neither the author of A's comment nor of A's post.
      await expectRefused(b, 'delete from comments where id = $1', [commentA], 'no rows')
      await expectRefused(anon, 'delete from comments where id = $1', [commentB], 'no rows')
      await expectAllowed(b, 'delete from comments where id = $1', [commentB])
      // A wrote commentAOnB, so A may delete it even on B's post; B owns that post, so may too.
      await expectAllowed(b, 'delete from comments where id = $1', [commentAOnB])
    })

    it('the post’s author deletes anyone’s comment on their post', async () => {
      await expectAllowed(a, 'delete from comments where id = $1', [commentB])
      expect(await value('select comments_count from posts where id = $1', [postA])).toBe(1)
    })

    it('comments_count counts replies and cannot be written by clients', async () => {
      await runAs(
        suite.db,
        b,
        'insert into comments (post_id, user_id, parent_id, body) values ($1, $2, $3, $4)',
        [postA, b.id, commentA, 'reply']
      )
      expect(await value('select comments_count from posts where id = $1', [postA])).toBe(3)
      await expectRefused(a, 'update posts set comments_count = 99 where id = $1', [postA], {
        code: PERMISSION_DENIED
      })
      // Deleting the thread's top comment takes its reply: both leave the count.
      await expectAllowed(a, 'delete from comments where id = $1', [commentA])
      expect(await value('select comments_count from posts where id = $1', [postA])).toBe(1)
    })
  })

  describe('saves', () => {
    it('a user reads only their own saves', async () => {
      expect((await runAs(suite.db, a, 'select * from saves')).rows).toHaveLength(1)
      expect((await runAs(suite.db, b, 'select * from saves')).rows).toHaveLength(0)
      expect((await runAs(suite.db, anon, 'select * from saves')).rows).toHaveLength(0)
    })

    it('a user saves as themselves only', async () => {
      const insert = 'insert into saves (user_id, post_id) values ($1, $2)'
      await expectAllowed(b, insert, [b.id, postA])
      await expectRefused(b, insert, [a.id, postA], { code: PERMISSION_DENIED })
      await expectRefused(anon, insert, [b.id, postB], { code: PERMISSION_DENIED })
    })

    it('a user removes only their own saves', async () => {
      await expectRefused(b, 'delete from saves where user_id = $1', [a.id], 'no rows')
      await expectRefused(anon, 'delete from saves where user_id = $1', [a.id], 'no rows')
      await expectAllowed(a, 'delete from saves where user_id = $1', [a.id])
    })
  })

  describe('post edits', () => {
    it('the author edits caption and alt text; edited_at follows a real caption change only', async () => {
      await expectAllowed(a, `update posts set alt_text = 'a cat' where id = $1`, [postA])
      expect(await value('select edited_at from posts where id = $1', [postA])).toBeNull()
      await expectAllowed(a, `update posts set caption = 'from A' where id = $1`, [postA])
      expect(await value('select edited_at from posts where id = $1', [postA])).not.toBeNull()
    })

    it('nobody else edits a post; nobody edits its photos, counters, owner or edit time', async () => {
      await expectRefused(b, `update posts set caption = 'mine' where id = $1`, [postA], 'no rows')
      await expectRefused(anon, `update posts set caption = 'mine' where id = $1`, [postA], {
        code: PERMISSION_DENIED
      })
      for (const assignment of [
        `image_url = 'https://example.test/storage/v1/object/public/images/x.png'`,
        'thumb_url = null',
        'likes_count = 5',
        'image_count = 2',
        'edited_at = null',
        `user_id = '${'0'.repeat(8)}-0000-0000-0000-000000000000'`
      ]) {
        await expectRefused(a, `update posts set ${assignment} where id = $1`, [postA], {
          code: PERMISSION_DENIED
        })
      }
    })

    it('caption and alt text keep their limits', async () => {
      await expectRefused(
        a,
        'update posts set caption = $2 where id = $1',
        [postA, 'x'.repeat(501)],
        {
          code: CHECK_VIOLATION
        }
      )
      await expectRefused(
        a,
        'update posts set alt_text = $2 where id = $1',
        [postA, 'x'.repeat(1001)],
        {
          code: CHECK_VIOLATION
        }
      )
    })

    it('edit_post changes caption and every alt text for the author only', async () => {
      // PGlite reports no row count for a select: look at the row itself.
      const edited = await runAs<{ caption: string }>(
        suite.db,
        a,
        `select caption from edit_post($1, 'new #second', array['one', 'two'])`,
        [postA]
      )
      expect(edited.rows).toEqual([{ caption: 'new #second' }])
      const { rows } = await suite.db.query(
        'select alt_text from post_images where post_id = $1 order by position',
        [postA]
      )
      expect(rows).toEqual([{ alt_text: 'one' }, { alt_text: 'two' }])
      expect(await value('select alt_text from posts where id = $1', [postA])).toBe('one')
      await expectRefused(b, `select edit_post($1, 'stolen')`, [postA], {
        code: PERMISSION_DENIED
      })
      await expectRefused(anon, `select edit_post($1, 'stolen')`, [postA], {
        code: PERMISSION_DENIED
      })
    })
  })

  describe('post deletes', () => {
    it('only the author deletes a post, and its photos, comments, saves, likes and tags go too', async () => {
      await suite.db.query('insert into likes (user_id, post_id) values ($1, $2)', [b.id, postA])
      await suite.db.query('insert into saves (user_id, post_id) values ($1, $2)', [b.id, postA])
      await expectRefused(b, 'delete from posts where id = $1', [postA], 'no rows')
      await expectRefused(anon, 'delete from posts where id = $1', [postA], 'no rows')
      await expectAllowed(a, 'delete from posts where id = $1', [postA])
      for (const table of ['post_images', 'comments', 'saves', 'likes', 'post_tags']) {
        expect(
          await value(`select count(*)::int from ${table} where post_id = $1`, [postA]),
          table
        ).toBe(0)
      }
    })
  })

  describe('post_images', () => {
    it('anyone reads the photos of a post', async () => {
      for (const actor of [anon, a, b]) {
        const { rows } = await runAs(suite.db, actor, 'select * from post_images')
        expect(rows, actor.name).toHaveLength(2)
      }
    })

    it('photos are never added, swapped or removed directly, not even by the author', async () => {
      await expectRefused(
        a,
        'insert into post_images (post_id, position, image_url) values ($1, 2, $2)',
        [postA, storageUrl(a.id, 'a3.png')],
        { code: PERMISSION_DENIED }
      )
      await expectRefused(
        a,
        'update post_images set image_url = $2 where post_id = $1',
        [postA, storageUrl(a.id, 'z.png')],
        {
          code: PERMISSION_DENIED
        }
      )
      await expectRefused(a, 'delete from post_images where post_id = $1', [postA], {
        code: PERMISSION_DENIED
      })
    })

    it('image_count follows the photos create_post added, and clients cannot set it', async () => {
      expect(await value('select image_count from posts where id = $1', [postA])).toBe(2)
      await expectRefused(
        a,
        `insert into posts (user_id, image_url, image_count) values ($1, $2, 5)`,
        [a.id, storageUrl(a.id, 'z.png')],
        { code: PERMISSION_DENIED }
      )
    })

    it('only the author changes a photo’s alt text', async () => {
      await expectAllowed(a, `update post_images set alt_text = 'x' where post_id = $1`, [postA], 2)
      await expectRefused(
        b,
        `update post_images set alt_text = 'y' where post_id = $1`,
        [postA],
        'no rows'
      )
    })

    it('photo URLs must be this project’s public storage URLs', async () => {
      for (const url of [
        'https://evil.test/cat.png',
        `${storageUrl(a.id, 'a.png')}${'x'.repeat(2048)}`
      ]) {
        await expect(
          addPhotos(
            postA,
            'insert into post_images (post_id, position, image_url) values ($1, 5, $2)',
            [postA, url]
          )
        ).rejects.toMatchObject({ code: CHECK_VIOLATION })
      }
    })
  })

  describe('create_post', () => {
    const call = 'select id from create_post($1, $2::jsonb)'

    it('a signed-in user publishes up to 10 photos from their own folder', async () => {
      const images = Array.from({ length: 10 }, (_, i) => ({
        image_url: storageUrl(b.id, `${i}.png`),
        alt_text: `photo ${i}`
      }))
      const { rows } = await runAs<{ id: string }>(suite.db, b, call, [
        'ten',
        JSON.stringify(images)
      ])
      expect(await value('select image_count from posts where id = $1', [rows[0].id])).toBe(10)
      expect(
        await value('select count(*)::int from post_images where post_id = $1', [rows[0].id])
      ).toBe(10)
    })

    it('is refused to anon, for 0 or 11 photos, and for photos in someone else’s folder', async () => {
      const one = JSON.stringify([{ image_url: storageUrl(b.id, '1.png') }])
      await expectRefused(anon, call, ['x', one], { code: PERMISSION_DENIED })
      await expectRefused(b, call, ['x', '[]'], { code: INVALID_PARAMETER })
      const eleven = Array.from({ length: 11 }, (_, i) => ({
        image_url: storageUrl(b.id, `${i}.png`)
      }))
      await expectRefused(b, call, ['x', JSON.stringify(eleven)], { code: INVALID_PARAMETER })
      await expectRefused(
        b,
        call,
        ['x', JSON.stringify([{ image_url: storageUrl(a.id, 'a.png') }])],
        {
          code: PERMISSION_DENIED
        }
      )
      await expectRefused(
        b,
        call,
        [
          'x',
          JSON.stringify([
            { image_url: storageUrl(b.id, '1.png'), thumb_url: storageUrl(a.id, 't.png') }
          ])
        ],
        { code: PERMISSION_DENIED }
      )
    })

    it('is all or nothing: one bad photo leaves no post', async () => {
      const images = [
        { image_url: storageUrl(b.id, '1.png') },
        { image_url: storageUrl(b.id, '2.png'), width: 5 }
      ]
      await expectRefused(b, call, ['x', JSON.stringify(images)], { code: CHECK_VIOLATION })
    })
  })

  describe('post_tags', () => {
    it('are read by anyone, written only by the caption trigger', async () => {
      const { rows } = await runAs(suite.db, anon, 'select tag from post_tags')
      expect(rows).toEqual([{ tag: 'first' }])
      await expectRefused(
        a,
        `insert into post_tags (post_id, tag, post_created_at) values ($1, 'fake', now())`,
        [postB],
        { code: PERMISSION_DENIED }
      )
      await expectAllowed(a, `update posts set caption = '#One #one #two x#no' where id = $1`, [
        postA
      ])
      const tags = await suite.db.query(
        'select tag from post_tags where post_id = $1 order by tag',
        [postA]
      )
      expect(tags.rows).toEqual([{ tag: 'one' }, { tag: 'two' }])
    })
  })
})
