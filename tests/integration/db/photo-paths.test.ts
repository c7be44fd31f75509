// Stored photo URLs name this backend's storage and no host (the baseline's "Photo paths"), on
// PGlite and PostgreSQL: a photo written by its public URL on any host (a tracking server,
// http://10.0.0.1) is stored as its path on the API, which every client resolves against the
// backend it talks to; anything that is no storage object of this API is refused, for every
// role; and rows stored before the old migration 20261129120200 (now squashed into the
// baseline) keep only their paths.

import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { applyMigrations } from '../../../src/backend/db/migrations'
import { loadMigrations } from '../../../src/backend/db/migration-files'
import { openDatabase } from '../../../src/backend/db/open'
import { createTestDatabase, DATABASE_KINDS } from '../../support/databases'
import { describeEachDatabase, postgresUrl, skipReason } from '../../support/database-suite'
import { preBaselineMigrations } from '../../support/pre-baseline'
import {
  attemptAs,
  resetData,
  runAs,
  signUp,
  signUpUsers,
  type Actor
} from '../../support/sql-actors'

const PATH = '/storage/v1/object/public/images'
const TRACKER = 'https://tracker.example'
const INTERNAL = 'http://10.0.0.1'
const PATHS_MIGRATION = '20261129120200'

/** Every photo column that holds a host or anything but a storage path. */
const HOSTED_PHOTOS = `
  select t, v from (
    select 'posts' as t, image_url as v from public.posts
    union all select 'posts', thumb_url from public.posts
    union all select 'post_images', image_url from public.post_images
    union all select 'post_images', thumb_url from public.post_images
    union all select 'stories', image_url from public.stories
    union all select 'stories', thumb_url from public.stories
    union all select 'direct_messages', image_url from public.direct_messages
    union all select 'direct_messages', thumb_url from public.direct_messages
    union all select 'profiles', avatar_url from public.profiles
  ) photos
  where v is not null and v !~ '^/storage/v1/object/public/images/'`

describeEachDatabase('photo URLs keep only their path', (suite) => {
  let writer: Actor
  let friend: Actor
  let thread: string

  const stored = async (sql: string, params: unknown[]) =>
    (await suite.db.query<{ v: string }>(sql, params)).rows.map((row) => row.v)

  beforeEach(async () => {
    await resetData(suite.db)
    writer = await signUp(suite.db, 'writer', { username: 'photo_writer' })
    friend = await signUp(suite.db, 'friend', { username: 'photo_friend' })
    await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      friend.id,
      writer.id
    ])
    const { rows } = await runAs<{ id: string }>(
      suite.db,
      writer,
      'select start_direct_thread($1::uuid[]) as id',
      [[friend.id]]
    )
    thread = rows[0].id
  })

  afterAll(async () => {
    expect((await suite.db.query(HOSTED_PHOTOS)).rows).toEqual([])
  })

  it('a post, its carousel, a story, a message photo and an avatar drop any host', async () => {
    for (const host of [TRACKER, INTERNAL, 'http://127.0.0.1:54321']) {
      const own = (kind: string) => `${host}${PATH}/${kind}/${writer.id}/${randomUUID()}.png`
      const direct = await runAs<{ image_url: string; thumb_url: string }>(
        suite.db,
        writer,
        'insert into posts (user_id, image_url, thumb_url) values ($1, $2, $3) returning *',
        [writer.id, own('posts'), own('posts')]
      )
      expect(direct.rows[0].image_url).toMatch(new RegExp(`^${PATH}/posts/${writer.id}/`))
      expect(direct.rows[0].thumb_url).toMatch(new RegExp(`^${PATH}/posts/${writer.id}/`))

      const images = [
        { image_url: own('posts') },
        { image_url: own('posts'), thumb_url: own('posts') }
      ]
      const made = await runAs<{ id: string }>(
        suite.db,
        writer,
        'select id from create_post($1, $2::jsonb)',
        ['carousel', JSON.stringify(images)]
      )
      const carousel = await stored(
        `select coalesce(thumb_url, image_url) as v from post_images where post_id = $1
         union all select image_url from posts where id = $1`,
        [made.rows[0].id]
      )
      expect(carousel).toHaveLength(3)
      for (const url of carousel) expect(url.startsWith(`${PATH}/posts/${writer.id}/`)).toBe(true)

      const story = await runAs<{ image_url: string }>(
        suite.db,
        writer,
        `insert into stories (user_id, image_url, width, height) values ($1, $2, 1, 1)
         returning image_url`,
        [writer.id, own('stories')]
      )
      expect(story.rows[0].image_url.startsWith(`${PATH}/stories/`)).toBe(true)

      const photo = await runAs<{ image_url: string }>(
        suite.db,
        writer,
        `insert into direct_messages (thread_id, sender_id, kind, image_url, width, height)
         values ($1, $2, 'photo', $3, 1, 1) returning image_url`,
        [thread, writer.id, own('direct')]
      )
      expect(photo.rows[0].image_url.startsWith(`${PATH}/direct/`)).toBe(true)

      const avatar = await runAs<{ avatar_url: string }>(
        suite.db,
        writer,
        'update profiles set avatar_url = $2 where id = $1 returning avatar_url',
        [writer.id, own('avatars')]
      )
      expect(avatar.rows[0].avatar_url.startsWith(`${PATH}/avatars/${writer.id}/`)).toBe(true)
    }
    expect((await suite.db.query(HOSTED_PHOTOS)).rows).toEqual([])
  })

  it('an imported post keeps the path too', async () => {
    const { rows } = await runAs<{ image_url: string }>(
      suite.db,
      writer,
      `select image_url from import_post('old', $1::jsonb, $2, '2015-01-01')`,
      [
        JSON.stringify([{ image_url: `${TRACKER}${PATH}/posts/${writer.id}/old.jpg` }]),
        randomUUID()
      ]
    )
    expect(rows[0].image_url).toBe(`${PATH}/posts/${writer.id}/old.jpg`)
  })

  it('refuses a tracking pixel, another site and someone else’s folder, as a user', async () => {
    const refused = [
      `${TRACKER}/pixel.gif`,
      `${INTERNAL}/x.png`,
      `${TRACKER}${PATH}/posts/${friend.id}/x.png`,
      `${PATH}/posts/${friend.id}/x.png`,
      `//tracker.example${PATH}/posts/${writer.id}/x.png`
    ]
    for (const url of refused) {
      const post = await attemptAs(
        suite.db,
        writer,
        'insert into posts (user_id, image_url) values ($1, $2)',
        [writer.id, url]
      )
      expect(post, url).toMatchObject({ ok: false, code: '42501' })
      const message = await attemptAs(
        suite.db,
        writer,
        `insert into direct_messages (thread_id, sender_id, kind, image_url, width, height)
         values ($1, $2, 'photo', $3, 1, 1)`,
        [thread, writer.id, url.replace('/posts/', '/direct/')]
      )
      expect(message, url).toMatchObject({ ok: false, code: '42501' })
      const avatar = await attemptAs(
        suite.db,
        writer,
        'update profiles set avatar_url = $2 where id = $1',
        [writer.id, url.replace('/posts/', '/avatars/')]
      )
      expect(avatar, url).toMatchObject({ ok: false, code: '23514' })
    }
  })

  it('every role stores paths only: a full URL loses its host, anything else is refused', async () => {
    const [post] = (
      await suite.db.query<{ id: string; image_url: string }>(
        'insert into public.posts (user_id, image_url) values ($1, $2) returning id, image_url',
        [writer.id, `${TRACKER}${PATH}/posts/${writer.id}/a.png`]
      )
    ).rows
    expect(post.image_url).toBe(`${PATH}/posts/${writer.id}/a.png`)
    const writes = [
      'insert into public.posts (user_id, image_url) values ($1, $2)',
      'insert into public.stories (user_id, image_url, width, height) values ($1, $2, 1, 1)',
      `insert into public.direct_messages (thread_id, sender_id, kind, image_url, width, height)
       values ($3, $1, 'photo', $2, 1, 1)`,
      'update public.profiles set avatar_url = $2 where id = $1'
    ]
    for (const sql of writes) {
      for (const url of [`${TRACKER}/pixel.gif`, `${INTERNAL}/storage/v1/object/x`, 'data:,x']) {
        await expect(
          suite.db.query(sql, sql.includes('$3') ? [writer.id, url, thread] : [writer.id, url]),
          `${sql}: ${url}`
        ).rejects.toMatchObject({ code: '23514' })
      }
    }
  })
})

// Its own database at an old migration, so no migrated one of describeEachDatabase.
describe.each(DATABASE_KINDS)('photo URLs stored before keep only their path on %s', (kind) => {
  const reason = skipReason(kind)
  if (reason) {
    it.skip(reason, () => undefined)
    return
  }
  let folder: string
  let oldChain: string
  let db: Database

  beforeAll(async () => {
    // A database at the migration before the rewrite, with rows as the app wrote them then
    // (the migrations the baseline squashes, tests/fixtures).
    folder = await preBaselineMigrations((version) => version < PATHS_MIGRATION)
    oldChain = await preBaselineMigrations()
    db =
      kind === 'postgres'
        ? await openDatabase({
            databaseUrl: await createTestDatabase(postgresUrl),
            migrationsDir: folder
          })
        : await openDatabase({ migrationsDir: folder })
  })

  afterAll(async () => {
    await db?.close()
    await rm(folder, { recursive: true, force: true })
    await rm(oldChain, { recursive: true, force: true })
  })

  it('rewrites every photo URL to its path and leaves nothing with a host', async () => {
    const [id] = await signUpUsers(db, [{ username: 'old_writer' }])
    const url = (kind: string, name: string) =>
      `http://127.0.0.1:40001${PATH}/${kind}/${id}/${name}`
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'insert into posts (user_id, image_url, thumb_url) values ($1, $2, $3) returning id',
        [id, url('posts', 'a.png'), url('posts', 'a-thumb.png')]
      )
      await tx.query(`select set_config('app.creating_post', $1, true)`, [rows[0].id])
      await tx.query('insert into post_images (post_id, position, image_url) values ($1, 0, $2)', [
        rows[0].id,
        url('posts', 'a.png')
      ])
      await tx.query(
        'insert into stories (user_id, image_url, width, height) values ($1, $2, 1, 1)',
        [id, `https://abc.supabase.co${PATH}/stories/${id}/s.png`]
      )
      await tx.query('update profiles set avatar_url = $2 where id = $1', [
        id,
        url('avatars', 'me.png')
      ])
    })
    await applyMigrations(db, await loadMigrations(oldChain))
    const photos = await db.query<{ v: string }>(
      `select image_url as v from posts union all select thumb_url from posts
       union all select image_url from post_images union all select image_url from stories
       union all select avatar_url from profiles where id = $1 order by 1`,
      [id]
    )
    expect(photos.rows.map((row) => row.v)).toEqual([
      `${PATH}/avatars/${id}/me.png`,
      `${PATH}/posts/${id}/a-thumb.png`,
      `${PATH}/posts/${id}/a.png`,
      `${PATH}/posts/${id}/a.png`,
      `${PATH}/stories/${id}/s.png`
    ])
    expect((await db.query(HOSTED_PHOTOS)).rows).toEqual([])
    // The constraints hold for the rows as they are now, so they were validated.
    const { rows } = await db.query<{ name: string }>(
      `select conname as name from pg_constraint
       where conname like '%storage_path' and not convalidated order by 1`
    )
    expect(rows).toEqual([])
  })
})
