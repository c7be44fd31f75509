// Video posts through the real supabase-js client against the local backend on both databases:
// the clip is served as hosted Storage serves media (Range answers, its content type), the
// videos bucket holds only clips within its limits, a post is made all or nothing, and the clip
// and its poster go with the post.

import { beforeAll, expect, it } from 'vitest'
import { sweepOrphanedUploads } from '../../../src/local/housekeeping/orphans'
import { createPost, type PostPhoto } from '../../../src/shared/data/post-create'
import { deletePost } from '../../../src/shared/data/post-edits'
import { postById } from '../../../src/shared/data/post-reads'
import { testClient } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { photo, signedIn, type User } from './support'

/**
 * Bytes that open as a WebM container (its EBML header), then a counting pattern so a range
 * of them is recognisable. Storage keeps and serves bytes; what a clip holds is the converter's.
 */
function webmBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = i % 251
  bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0)
  return bytes
}

const sameBytes = (got: ArrayBuffer, want: Uint8Array): boolean =>
  Buffer.from(got).equals(Buffer.from(want))

function videoItem(seed: number, durationMs = 4_000, size = 64 * 1024): PostPhoto {
  return {
    ...photo(seed, 'a short clip'),
    video: { bytes: webmBytes(size), declaredType: 'video/webm', durationMs }
  }
}

describeEachBackend(
  'video posts',
  (suite) => {
    let alice: User
    let bob: User
    const db = (): typeof suite.harness.backend.db => suite.harness.backend.db

    /** Every object of a user's posts folder, in either bucket, read as the database owner. */
    async function stored(userId: string): Promise<string[]> {
      const { rows } = await db().query<{ path: string }>(
        `select bucket_id || '/' || name as path from storage.objects
       where name like $1 order by 1`,
        [`posts/${userId}/%`]
      )
      return rows.map((row) => row.path)
    }

    beforeAll(async () => {
      alice = await signedIn(suite.harness, 'vid_alice')
      bob = await signedIn(suite.harness, 'vid_bob')
    })

    it('a video post says it is a video; its clip answers Range requests as video/webm', async () => {
      const clip = videoItem(1)
      const created = await createPost(alice.client, {
        userId: alice.userId,
        caption: 'a clip',
        photos: [clip]
      })
      expect(created.media_type).toBe('video')
      expect(created.duration_ms).toBe(4_000)
      const read = await postById(bob.client, created.id)
      expect(read.media_type).toBe('video')
      expect(read.video_url).toMatch(/\/storage\/v1\/object\/public\/videos\/posts\/.+\.webm$/)
      expect(read.post_images?.[0].video_url).toBe(read.video_url)
      expect(read.image_url).toMatch(/\/object\/public\/images\//)

      const whole = await fetch(read.video_url!)
      expect(whole.status).toBe(200)
      expect(whole.headers.get('content-type')).toBe('video/webm')
      expect(whole.headers.get('accept-ranges')).toBe('bytes')
      expect(whole.headers.get('cache-control')).toMatch(/max-age=\d+/)
      // Compared as buffers: a deep equal of 64 KB element by element outlasts the keep-alive.
      expect(sameBytes(await whole.arrayBuffer(), clip.video!.bytes)).toBe(true)

      const part = await fetch(read.video_url!, { headers: { Range: 'bytes=1000-1999' } })
      expect(part.status).toBe(206)
      expect(part.headers.get('content-type')).toBe('video/webm')
      expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${64 * 1024}`)
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(
        clip.video!.bytes.subarray(1000, 2000)
      )

      const tail = await fetch(read.video_url!, { headers: { Range: 'bytes=-100' } })
      expect(tail.status).toBe(206)
      expect((await tail.arrayBuffer()).byteLength).toBe(100)

      const past = await fetch(read.video_url!, { headers: { Range: 'bytes=999999-' } })
      expect(past.status).toBe(416)
    })

    it('the videos bucket takes MP4, WebM and WebVTT up to 150 MiB, only in the uploader’s folder', async () => {
      const { rows } = await db().query<{ public: boolean; limit: string; types: string[] }>(
        `select public, file_size_limit::text as limit, allowed_mime_types as types
       from storage.buckets where id = 'videos'`
      )
      expect(rows).toEqual([
        { public: true, limit: '157286400', types: ['video/mp4', 'video/webm', 'text/vtt'] }
      ])

      const bucket = alice.client.storage.from('videos')
      const png = photo(2).bytes
      const wrongType = await bucket.upload(`posts/${alice.userId}/x.png`, png, {
        contentType: 'image/png'
      })
      expect(wrongType.error?.message).toMatch(/mime type image\/png is not supported/i)
      const elsewhere = await bucket.upload(`posts/${bob.userId}/x.webm`, webmBytes(100), {
        contentType: 'video/webm'
      })
      expect(elsewhere.error?.message).toMatch(/row-level security/i)
      const { data: buckets } = await alice.client.storage
        .from('videos')
        .list(`posts/${bob.userId}`)
      expect(buckets ?? []).toEqual([])
    })

    it('a clip over 3 minutes, or not a WebM or MP4, is refused before anything is uploaded', async () => {
      const before = await stored(alice.userId)
      await expect(
        createPost(alice.client, {
          userId: alice.userId,
          caption: '',
          photos: [videoItem(3, 180_001)]
        })
      ).rejects.toThrow('Videos can be at most 3 minutes long. Trim it and try again.')
      const notAClip = videoItem(4)
      notAClip.video!.bytes = photo(4).bytes
      await expect(
        createPost(alice.client, { userId: alice.userId, caption: '', photos: [notAClip] })
      ).rejects.toThrow('The converted video is not an MP4 or WebM file')
      expect(await stored(alice.userId)).toEqual(before)
    })

    it('the database refuses someone else’s clip and a length out of range', async () => {
      const own = await createPost(alice.client, {
        userId: alice.userId,
        caption: '',
        photos: [videoItem(5)]
      })
      const [poster] = (await postById(bob.client, own.id)).post_images ?? []
      const bobPhoto = await createPost(bob.client, {
        userId: bob.userId,
        caption: '',
        photos: [photo(6)]
      })
      const bobImage = (await postById(bob.client, bobPhoto.id)).post_images![0]
      const stolen = await bob.client.rpc('create_post', {
        caption: 'stolen',
        images: [{ image_url: bobImage.image_url, video_url: poster.video_url, duration_ms: 4000 }]
      })
      expect(stolen.error?.message).toBe('Every video must be uploaded to your own folder first')
      const tooLong = await alice.client.rpc('create_post', {
        caption: '',
        images: [{ image_url: poster.image_url, video_url: poster.video_url, duration_ms: 180_001 }]
      })
      expect(tooLong.error?.code).toBe('23514')
      const direct = await bob.client.from('posts').insert({
        user_id: bob.userId,
        image_url: bobImage.image_url,
        video_url: poster.video_url,
        duration_ms: 4000
      })
      expect(direct.error?.message).toMatch(/row-level security/i)
    })

    it('when the insert fails after the uploads, the clip is removed with the photos', async () => {
      const before = await stored(alice.userId)
      await db().exec(`
      create or replace function public.refuse_post() returns trigger language plpgsql as $$
      begin raise exception 'disk quota exceeded'; end $$;
      create trigger refuse_post before insert on public.post_images
        for each row execute function public.refuse_post();`)
      try {
        await expect(
          createPost(alice.client, { userId: alice.userId, caption: '', photos: [videoItem(7)] })
        ).rejects.toThrow('Failed to save post: disk quota exceeded')
      } finally {
        await db().exec(
          'drop trigger refuse_post on public.post_images; drop function public.refuse_post();'
        )
      }
      expect(await stored(alice.userId)).toEqual(before)
    })

    it('the sweep keeps a posted clip; deleting the post removes its clip, poster and thumbnail', async () => {
      const created = await createPost(alice.client, {
        userId: alice.userId,
        caption: 'going',
        photos: [videoItem(8), photo(9)]
      })
      const read = await postById(alice.client, created.id)
      const own = (read.post_images ?? []).flatMap((image) =>
        [image.video_url, image.image_url, image.thumb_url].filter(Boolean)
      ) as string[]
      const paths = own.map((url) => url.split('/object/public/')[1])
      expect(paths.filter((path) => path.startsWith('videos/'))).toHaveLength(1)
      expect(paths).toHaveLength(5)

      const { backend } = suite.harness
      const admin = testClient(backend.url, backend.serviceRoleKey)
      const report = await sweepOrphanedUploads(admin, { graceMinutes: 0 })
      expect(report.orphanedObjects.filter((path) => paths.includes(path))).toEqual([])
      for (const path of paths) expect(await stored(alice.userId)).toContain(path)

      // The client removes the objects, and so does the app's housekeeping from the database's
      // removal queue (src/local/housekeeping): whichever comes first, all five go.
      await deletePost(alice.client, created.id)
      await suite.harness.housekeeping!.run()
      const left = await stored(alice.userId)
      for (const path of paths) expect(left).not.toContain(path)
      expect((await fetch(read.video_url!)).ok).toBe(false)
    })

    it('a clip left behind by a deleted row is queued and removed by the housekeeping', async () => {
      const created = await createPost(alice.client, {
        userId: alice.userId,
        caption: '',
        photos: [videoItem(10)]
      })
      const read = await postById(alice.client, created.id)
      const clip = read.video_url!.split('/object/public/')[1]
      // A delete that no client follows with a removal (another device, a moderator's delete).
      const { error } = await alice.client.from('posts').delete().eq('id', created.id)
      expect(error).toBeNull()
      await suite.harness.housekeeping!.run()
      expect(await stored(alice.userId)).not.toContain(clip)
    })
  },
  // The housekeeping's own sweep is off (grace -1) and its interval an hour: the tests run it.
  { housekeeping: { graceMinutes: -1, intervalMs: 60 * 60 * 1000 } }
)
