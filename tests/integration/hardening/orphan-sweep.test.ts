// The orphan sweeps delete data, so what they must keep matters as much as what they remove:
// the app's (src/local/housekeeping/orphans.ts, through the API) keeps objects a post references
// (by its image or thumbnail URL, whatever host and port the URL was written with), objects
// outside posts/, and anything younger than the grace period; the backend's own
// (src/backend/storage/sweep.ts) removes only files without a row. Only old, unreferenced
// uploads and row-less files go.

import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import { sweepStrayFiles } from '../../../src/backend/storage/sweep'
import { sweepOrphanedUploads } from '../../../src/local/housekeeping/orphans'
import { signUpAndIn, testClient, type Harness, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { PNG_1X1 } from '../../support/images'

describeEachBackend(
  'orphan sweep (a data folder for the stored objects)',
  (suite) => {
    let harness: Harness
    let user: SignedIn
    /** The service role, as the app's housekeeping calls the API. */
    let admin: SupabaseClient

    beforeAll(async () => {
      harness = suite.harness
      user = await signUpAndIn(harness, 'sweep')
      admin = testClient(harness.backend.url, harness.backend.serviceRoleKey)
    })

    it('removes only old unreferenced uploads under posts/ and avatars/, and old row-less files', async () => {
      const db = harness.backend.db
      const bucket = user.client.storage.from('images')
      const key = (name: string): string => `posts/${user.userId}/${name}.png`
      for (const name of ['image', 'thumb', 'orphan', 'young-orphan']) {
        expect(
          (await bucket.upload(key(name), PNG_1X1, { contentType: 'image/png' })).error
        ).toBeNull()
      }
      // Written with another port (the backend restarted since).
      const url = (name: string): string =>
        `http://127.0.0.1:1/storage/v1/object/public/images/${key(name)}`
      const { rows: thumbColumn } = await db.query(
        `select 1 from information_schema.columns
       where table_schema = 'public' and table_name = 'posts' and column_name = 'thumb_url'`
      )
      if (thumbColumn.length > 0) {
        await db.query(
          `insert into public.posts (user_id, image_url, thumb_url) values ($1, $2, $3)`,
          [user.userId, url('image'), url('thumb')]
        )
      } else {
        await db.query(`insert into public.posts (user_id, image_url) values ($1, $2), ($1, $3)`, [
          user.userId,
          url('image'),
          url('thumb')
        ])
      }
      // Avatars: the one the profile points at stays, one whose profile update never happened goes.
      const avatar = (name: string): string => `avatars/${user.userId}/${name}.png`
      for (const name of ['current', 'abandoned']) {
        expect(
          (await bucket.upload(avatar(name), PNG_1X1, { contentType: 'image/png' })).error
        ).toBeNull()
      }
      await db.query('update public.profiles set avatar_url = $2 where id = $1', [
        user.userId,
        `http://127.0.0.1:1/storage/v1/object/public/images/${avatar('current')}`
      ])
      await db.query(
        `update storage.objects set created_at = now() - interval '1 hour' where name <> $1`,
        [key('young-orphan')]
      )
      // Files without a row: one old (a crash between publish and commit), one just written.
      const storageDir = harness.backend.context.config.storageDir!
      const folder = join(storageDir, 'images', 'posts', user.userId)
      await writeFile(join(folder, 'stray-old.png'), PNG_1X1)
      await writeFile(join(folder, 'stray-new.png'), PNG_1X1)
      const anHourAgo = new Date(Date.now() - 3600_000)
      await utimes(join(folder, 'stray-old.png'), anHourAgo, anHourAgo)
      await mkdir(join(storageDir, '.staging'), { recursive: true })
      await writeFile(join(storageDir, '.staging', 'leftover'), 'x')

      const report = {
        ...(await sweepOrphanedUploads(admin, { graceMinutes: 10 })),
        strayFiles: await sweepStrayFiles(harness.backend.context, {
          graceMinutes: 10,
          atStart: true
        })
      }
      expect(report.orphanedObjects).toEqual([
        `images/${key('orphan')}`,
        `images/${avatar('abandoned')}`
      ])
      expect(report.strayFiles).toBe(2)

      const { rows } = await db.query<{ name: string }>(
        `select name from storage.objects order by name`
      )
      expect(rows.map((r) => r.name)).toEqual(
        [avatar('current'), key('image'), key('thumb'), key('young-orphan')].sort()
      )
      expect((await readdir(folder)).sort()).toEqual(
        ['image.png', 'stray-new.png', 'thumb.png', 'young-orphan.png'].sort()
      )
      expect(await readdir(join(storageDir, '.staging'))).toEqual([])
    })

    it('keeps expired stories and their photos: they stay in the archive', async () => {
      const db = harness.backend.db
      const bucket = user.client.storage.from('images')
      const key = (name: string): string => `stories/${user.userId}/${name}.png`
      for (const name of ['live', 'expired']) {
        expect(
          (await bucket.upload(key(name), PNG_1X1, { contentType: 'image/png' })).error
        ).toBeNull()
      }
      const url = (name: string): string =>
        `http://127.0.0.1:1/storage/v1/object/public/images/${key(name)}`
      const insert = `insert into public.stories (user_id, image_url, width, height)
                    values ($1, $2, 1, 1) returning id`
      await db.query(insert, [user.userId, url('live')])
      // Posted 25 hours ago: the database dates it by the story clock.
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('app.story_now', $1, true)`, [
          new Date(Date.now() - 25 * 3600_000).toISOString()
        ])
        await tx.query(insert, [user.userId, url('expired')])
      })
      await db.query(
        `update storage.objects set created_at = now() - interval '1 hour' where name like 'stories/%'`
      )

      const storageDir = harness.backend.context.config.storageDir!
      await sweepOrphanedUploads(admin, { graceMinutes: 10 })
      await harness.housekeeping!.run()
      const { rows: objects } = await db.query<{ name: string }>(
        `select name from storage.objects where name like 'stories/%' order by name`
      )
      expect(objects.map((o) => o.name)).toEqual([key('expired'), key('live')])
      const { rows } = await db.query<{ image_url: string }>(
        'select image_url from public.stories order by image_url'
      )
      // Stored as its path: the database keeps no host.
      expect(rows.map((r) => r.image_url)).toEqual([
        `/storage/v1/object/public/images/${key('expired')}`,
        `/storage/v1/object/public/images/${key('live')}`
      ])
      expect((await readdir(join(storageDir, 'images', 'stories', user.userId))).sort()).toEqual([
        'expired.png',
        'live.png'
      ])
    })

    it('leaves every object with a row to the API: the backend knows no app table', async () => {
      const db = harness.backend.db
      const key = `posts/${user.userId}/unreferenced.png`
      const bucket = user.client.storage.from('images')
      expect((await bucket.upload(key, PNG_1X1, { contentType: 'image/png' })).error).toBeNull()
      await db.query(
        `update storage.objects set created_at = now() - interval '1 hour' where name = $1`,
        [key]
      )
      await db.exec('alter table public.posts rename to posts_hidden')
      try {
        await sweepStrayFiles(harness.backend.context, { graceMinutes: 0, atStart: false })
        const { rows } = await db.query('select 1 from storage.objects where name = $1', [key])
        expect(rows).toHaveLength(1)
      } finally {
        await db.exec('alter table public.posts_hidden rename to posts')
        await bucket.remove([key])
      }
    })
  },
  // The housekeeping's own sweep is off (grace -1) and its interval an hour: each test runs
  // the sweep itself.
  { withDataDir: true, housekeeping: { graceMinutes: -1, intervalMs: 60 * 60 * 1000 } }
)
