// Video stories under row-level security on both databases: a story's clip comes from its
// author's own videos/stories/ folder only, lasts 1 ms to 60 s and always says how long; the
// clip's columns are read under the story's own policies (follower yes, stranger no); the
// videos bucket takes a story clip only in the uploader's own stories folder; and deleting the
// row queues the clip for removal with its photos.

import { randomUUID } from 'node:crypto'
import { beforeEach, expect, it } from 'vitest'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const PERMISSION_DENIED = '42501'
const CHECK_VIOLATION = '23514'
const PUBLIC = 'http://127.0.0.1:5400/storage/v1/object/public'

const poster = (owner: string): string => `${PUBLIC}/images/stories/${owner}/${randomUUID()}.jpg`
const clip = (owner: string, folder = 'stories'): string =>
  `${PUBLIC}/videos/${folder}/${owner}/${randomUUID()}.webm`

const INSERT = `insert into stories (user_id, image_url, width, height, video_url, duration_ms)
                values ($1, $2, 1080, 1920, $3, $4) returning id, media_type, video_url`

describeEachDatabase('video stories under row-level security', (suite) => {
  let a: Actor
  let b: Actor
  let c: Actor

  beforeEach(async () => {
    await resetData(suite.db)
    // resetData keeps only the images bucket.
    await suite.db.query(
      `insert into storage.buckets (id, name, public) values ('videos', 'videos', true)
       on conflict (id) do nothing`
    )
    a = await signUp(suite.db, 'author A', { username: 'alice' })
    b = await signUp(suite.db, 'follower B', { username: 'bob' })
    c = await signUp(suite.db, 'stranger C', { username: 'carol' })
    await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      b.id,
      a.id
    ])
  })

  it('an author posts a clip from their own stories folder; it is stored as its path', async () => {
    const outcome = await attemptAs(suite.db, a, INSERT, [a.id, poster(a.id!), clip(a.id!), 60_000])
    expect(outcome).toMatchObject({ ok: true, rowCount: 1 })
    if (!outcome.ok) return
    expect(outcome.rows[0].media_type).toBe('video')
    expect(outcome.rows[0].video_url).toMatch(
      new RegExp(`^/storage/v1/object/public/videos/stories/${a.id}/[0-9a-f-]+\\.webm$`)
    )
    const photo = await runAs(suite.db, a, INSERT, [a.id, poster(a.id!), null, null])
    expect(photo.rows[0]).toMatchObject({ media_type: 'photo', video_url: null })
  })

  it('refuses a clip of someone else, from a post, or not in storage', async () => {
    for (const url of [clip(b.id!), clip(a.id!, 'posts'), 'https://example.com/x.webm']) {
      const outcome = await attemptAs(suite.db, a, INSERT, [a.id, poster(a.id!), url, 4_000])
      expect(outcome, url).toMatchObject({ ok: false })
      if (!outcome.ok) expect([PERMISSION_DENIED, CHECK_VIOLATION], url).toContain(outcome.code)
    }
    const stolen = await attemptAs(suite.db, a, INSERT, [a.id, poster(a.id!), clip(b.id!), 4_000])
    expect(stolen).toMatchObject({ ok: false, code: PERMISSION_DENIED })
  })

  it('a clip lasts from 1 ms to 60 s and always says how long; a photo has no length', async () => {
    for (const [url, duration] of [
      [clip(a.id!), 60_001],
      [clip(a.id!), 0],
      [clip(a.id!), null],
      [null, 4_000]
    ] as const) {
      const outcome = await attemptAs(suite.db, a, INSERT, [a.id, poster(a.id!), url, duration])
      expect(outcome, `${url} ${duration}`).toMatchObject({ ok: false, code: CHECK_VIOLATION })
    }
  })

  it('the clip is read under the story’s policies: the follower yes, a stranger and anon no', async () => {
    const [row] = (await runAs(suite.db, a, INSERT, [a.id, poster(a.id!), clip(a.id!), 12_345]))
      .rows
    const read = `select video_url, duration_ms, media_type from stories where id = $1`
    const seen = await runAs(suite.db, b, read, [row.id])
    expect(seen.rows).toEqual([
      { video_url: row.video_url, duration_ms: 12_345, media_type: 'video' }
    ])
    for (const reader of [c, anon]) {
      expect((await runAs(suite.db, reader, read, [row.id])).rows, reader.name).toEqual([])
    }
  })

  it('the videos bucket takes a story clip only in the uploader’s own stories folder', async () => {
    const upload = `insert into storage.objects (bucket_id, name, owner, owner_id)
                    values ('videos', $1, $2::uuid, $2::text)`
    const own = await attemptAs(suite.db, a, upload, [`stories/${a.id}/1.webm`, a.id])
    expect(own).toMatchObject({ ok: true, rowCount: 1 })
    for (const name of [`stories/${b.id}/1.webm`, 'stories/1.webm', `story/${a.id}/1.webm`]) {
      const outcome = await attemptAs(suite.db, a, upload, [name, a.id])
      expect(outcome, name).toMatchObject({ ok: false, code: PERMISSION_DENIED })
    }
    const signedOut = await attemptAs(suite.db, anon, upload, [`stories/${a.id}/2.webm`, null])
    expect(signedOut).toMatchObject({ ok: false, code: PERMISSION_DENIED })
  })

  it('deleting a video story queues its clip with its poster; until then the clip is referenced', async () => {
    const [row] = (await runAs(suite.db, a, INSERT, [a.id, poster(a.id!), clip(a.id!), 4_000])).rows
    const name = String(row.video_url).split('/public/videos/')[1]
    const referenced = `select app_private.storage_object_referenced('videos', $1) as held`
    expect((await suite.db.query(referenced, [name])).rows).toEqual([{ held: true }])

    await runAs(suite.db, a, 'delete from stories where id = $1', [row.id])
    const { rows: queued } = await suite.db.query<{ bucket_id: string; name: string }>(
      `select bucket_id, name from app_private.storage_removals where name like $1 order by 1`,
      [`stories/${a.id}/%`]
    )
    expect(queued.map((entry) => entry.bucket_id)).toEqual(['images', 'videos'])
    expect(queued[1].name).toBe(name)
    expect((await suite.db.query(referenced, [name])).rows).toEqual([{ held: false }])
  })
})
