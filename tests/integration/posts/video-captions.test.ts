// A clip's WebVTT captions through the real supabase-js client against the local backend on both
// databases: stored beside the clip in the videos bucket and served as text/vtt, in a carousel
// that mixes photos and clips; a bad file refused before anything is uploaded; the database
// refusing captions without a clip or from another person's folder; and every object of the post
// (clips, captions, posters, thumbnails) gone from both buckets' listings once it is deleted.

import { beforeAll, expect, it } from 'vitest'
import { createPost, type PostPhoto } from '../../../src/shared/data/post-create'
import { deletePost } from '../../../src/shared/data/post-edits'
import { postById } from '../../../src/shared/data/post-reads'
import { describeEachBackend } from '../../support/database-suite'
import { photo, signedIn, type User } from './support'

const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:01.500\nWaves on the wall\n'

function webmBytes(size = 4096): Uint8Array {
  const bytes = new Uint8Array(size)
  bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0)
  return bytes
}

function clip(seed: number, captions?: string): PostPhoto {
  return {
    ...photo(seed, 'a clip'),
    video: { bytes: webmBytes(), declaredType: 'video/webm', durationMs: 2_000, captions }
  }
}

describeEachBackend(
  'video captions',
  (suite) => {
    let alice: User
    let bob: User
    /** Bob's own clip, made first (which also readies create_post before the larger posts). */
    let bobsClip: { postId: string; imageUrl: string; videoUrl: string }

    /** What the storage API lists in a user's posts folder of `bucket`, as that user. */
    async function listed(user: User, bucket: 'images' | 'videos'): Promise<string[]> {
      const { data, error } = await user.client.storage
        .from(bucket)
        .list(`posts/${user.userId}`, { limit: 1000 })
      expect(error).toBeNull()
      return (data ?? []).map((object) => object.name).sort()
    }

    beforeAll(async () => {
      alice = await signedIn(suite.harness, 'cc_alice')
      bob = await signedIn(suite.harness, 'cc_bob')
      const bobs = await createPost(bob.client, {
        userId: bob.userId,
        caption: '',
        photos: [clip(7)]
      })
      const [item] = (await postById(bob.client, bobs.id)).post_images ?? []
      bobsClip = { postId: bobs.id, imageUrl: item.image_url, videoUrl: item.video_url! }
    })

    it('a photo, a clip with captions and a clip without: captions served as text/vtt', async () => {
      const created = await createPost(alice.client, {
        userId: alice.userId,
        caption: 'mixed',
        photos: [photo(1), clip(2, CAPTIONS), clip(3)]
      })
      const items = (await postById(bob.client, created.id)).post_images ?? []
      expect(items.map((item) => [item.video_url !== null, item.captions_url !== null])).toEqual([
        [false, false],
        [true, true],
        [true, false]
      ])
      expect(items[1].captions_url).toMatch(
        new RegExp(`/storage/v1/object/public/videos/posts/${alice.userId}/${created.id}-1\\.vtt$`)
      )
      const served = await fetch(items[1].captions_url!)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('text/vtt')
      expect(await served.text()).toBe(CAPTIONS)
    })

    it('a file that is not WebVTT is refused before anything is uploaded', async () => {
      const before = await listed(alice, 'videos')
      await expect(
        createPost(alice.client, {
          userId: alice.userId,
          caption: '',
          photos: [photo(4), clip(5, '1\n00:00:01,000 --> 00:00:02,000\nan SRT file\n')]
        })
      ).rejects.toThrow('Photo 2: The captions are not a WebVTT file of at most 256 KB.')
      expect(await listed(alice, 'videos')).toEqual(before)
    })

    it('the database refuses captions without a clip and captions from someone else’s folder', async () => {
      const own = await createPost(alice.client, {
        userId: alice.userId,
        caption: '',
        photos: [clip(6, CAPTIONS)]
      })
      const [item] = (await postById(alice.client, own.id)).post_images ?? []
      const noClip = await alice.client.rpc('create_post', {
        caption: '',
        images: [{ image_url: item.image_url, captions_url: item.captions_url }]
      })
      expect(noClip.error?.code).toBe('23514')

      const stolen = await bob.client.rpc('create_post', {
        caption: '',
        images: [
          {
            image_url: bobsClip.imageUrl,
            video_url: bobsClip.videoUrl,
            duration_ms: 2_000,
            captions_url: item.captions_url
          }
        ]
      })
      expect(stolen.error?.message).toBe('Every video must be uploaded to your own folder first')
      const direct = await bob.client.from('post_images').insert({
        post_id: bobsClip.postId,
        position: 1,
        image_url: bobsClip.imageUrl,
        video_url: bobsClip.videoUrl,
        duration_ms: 2_000,
        captions_url: item.captions_url
      })
      expect(direct.error).not.toBeNull()
      const update = await alice.client
        .from('post_images')
        .update({ captions_url: null })
        .eq('post_id', own.id)
        .select()
      expect(update.data ?? []).toEqual([])
      expect((await postById(alice.client, own.id)).post_images?.[0].captions_url).toBe(
        item.captions_url
      )
    })

    it('deleting a mixed post leaves neither bucket listing any of its objects', async () => {
      const created = await createPost(alice.client, {
        userId: alice.userId,
        caption: 'going',
        photos: [clip(8, CAPTIONS), photo(9), clip(10, CAPTIONS)]
      })
      const mine = (names: string[]): string[] =>
        names.filter((name) => name.startsWith(created.id))
      expect(mine(await listed(alice, 'videos'))).toEqual([
        `${created.id}-0.vtt`,
        `${created.id}-0.webm`,
        `${created.id}-2.vtt`,
        `${created.id}-2.webm`
      ])
      expect(mine(await listed(alice, 'images'))).toHaveLength(6)

      // The client removes what the rows named; the database's queue is the next test's.
      await deletePost(alice.client, created.id)
      expect(mine(await listed(alice, 'videos'))).toEqual([])
      expect(mine(await listed(alice, 'images'))).toEqual([])
    })

    it('a row deleted without the client’s removal still has its captions removed', async () => {
      const created = await createPost(alice.client, {
        userId: alice.userId,
        caption: '',
        photos: [clip(11, CAPTIONS)]
      })
      const { error } = await alice.client.from('posts').delete().eq('id', created.id)
      expect(error).toBeNull()
      await suite.harness.housekeeping!.run()
      const left = (await listed(alice, 'videos')).filter((name) => name.startsWith(created.id))
      expect(left).toEqual([])
    })
  },
  // The housekeeping's own sweep is off (grace -1) and its interval an hour: the tests run it.
  { housekeeping: { graceMinutes: -1, intervalMs: 60 * 60 * 1000 } }
)
