// Video stories through the real supabase-js client against the local backend on both
// databases: a clip of up to 60 s goes to videos/stories/<uid>/ beside its poster, a follower
// reads it and it answers Range requests; a longer one is refused before anything is sent; a
// failed insert or a cancel leaves no object; the sweep keeps a posted clip and removes an
// orphaned one; deleting the story (by the app, or by a delete no client follows) removes its
// clip, poster and thumbnail. Every check lists the buckets through the Storage API.

import { beforeAll, expect, it } from 'vitest'
import { sweepOrphanedUploads } from '../../../src/local/housekeeping/orphans'
import {
  deleteStory,
  fetchUserStories,
  postStory,
  type NewStory
} from '../../../src/shared/data/stories'
import { testClient } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { photo, signedIn, type User } from './support'

/** Bytes that open as a WebM container; storage keeps bytes, what a clip holds is the converter's. */
function webmBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = i % 251
  bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0)
  return bytes
}

function videoStory(user: User, durationMs = 15_000, size = 32 * 1024): NewStory {
  const poster = photo(7)
  return {
    userId: user.userId,
    bytes: poster.bytes,
    declaredType: poster.declaredType,
    text: 'a clip',
    renditions: poster.renditions!,
    video: { bytes: webmBytes(size), declaredType: 'video/webm', durationMs }
  }
}

describeEachBackend(
  'video stories',
  (suite) => {
    let alice: User
    let bob: User

    /** What the author's stories folders hold in both buckets, as the Storage API lists them. */
    async function listed(user: User): Promise<string[]> {
      const names: string[] = []
      for (const bucket of ['images', 'videos']) {
        const { data, error } = await user.client.storage
          .from(bucket)
          .list(`stories/${user.userId}`, { limit: 1000 })
        expect(error).toBeNull()
        for (const entry of data ?? []) names.push(`${bucket}/stories/${user.userId}/${entry.name}`)
      }
      return names.sort()
    }

    const pathOf = (url: string): string => url.split('/object/public/')[1]

    beforeAll(async () => {
      alice = await signedIn(suite.harness, 'vstory_alice')
      bob = await signedIn(suite.harness, 'vstory_bob')
      const { error } = await bob.client
        .from('follows')
        .insert({ follower_id: bob.userId, following_id: alice.userId })
      expect(error).toBeNull()
    })

    it('a clip and its poster are stored together; a follower reads and streams it', async () => {
      const before = await listed(alice)
      const posted = await postStory(alice.client, videoStory(alice))
      expect(posted).toMatchObject({ media_type: 'video', duration_ms: 15_000 })
      const [read] = await fetchUserStories(bob.client, alice.userId, bob.userId)
      expect(read.id).toBe(posted.id)
      expect(read.video_url).toMatch(/\/object\/public\/videos\/stories\/.+\.webm$/)
      // The clip is named like its poster, in the other bucket.
      expect(pathOf(read.video_url!).replace(/^videos\/|\.webm$/g, '')).toBe(
        pathOf(read.image_url).replace(/^images\/|\.png$/g, '')
      )
      const added = (await listed(alice)).filter((name) => !before.includes(name))
      expect(added).toEqual([read.video_url!, read.image_url, read.thumb_url!].map(pathOf).sort())

      const part = await fetch(read.video_url!, { headers: { Range: 'bytes=100-199' } })
      expect(part.status).toBe(206)
      expect(part.headers.get('content-type')).toBe('video/webm')
      expect((await part.arrayBuffer()).byteLength).toBe(100)
    })

    it('a clip over 60 seconds is refused before anything is uploaded', async () => {
      const before = await listed(alice)
      await expect(postStory(alice.client, videoStory(alice, 60_001))).rejects.toThrow(
        'A story can be at most 60 seconds long.'
      )
      const notAClip = videoStory(alice)
      notAClip.video!.bytes = photo(3).bytes
      await expect(postStory(alice.client, notAClip)).rejects.toThrow(
        'The converted video is not an MP4 or WebM file'
      )
      expect(await listed(alice)).toEqual(before)
    })

    it('a refused insert or a cancel before it leaves neither clip nor poster', async () => {
      const before = await listed(alice)
      const ownStories = async (): Promise<string[]> =>
        (await fetchUserStories(alice.client, alice.userId, alice.userId)).map((row) => row.id)
      const storiesBefore = await ownStories()
      const { db } = suite.harness.backend
      await db.exec(`
        create or replace function public.refuse_story() returns trigger language plpgsql as $$
        begin raise exception 'disk quota exceeded'; end $$;
        create trigger refuse_story before insert on public.stories
          for each row execute function public.refuse_story();`)
      try {
        await expect(postStory(alice.client, videoStory(alice))).rejects.toThrow(
          'Failed to save story: disk quota exceeded'
        )
      } finally {
        await db.exec(
          'drop trigger refuse_story on public.stories; drop function public.refuse_story();'
        )
      }
      expect(await listed(alice)).toEqual(before)

      const canceled = new AbortController()
      const story = videoStory(alice)
      story.onUploadProgress = () => canceled.abort()
      story.signal = canceled.signal
      await expect(postStory(alice.client, story)).rejects.toThrow()
      expect(await listed(alice)).toEqual(before)
      expect(await ownStories()).toEqual(storiesBefore)
    })

    it('the sweep keeps a posted clip and removes one no story holds', async () => {
      const posted = await postStory(alice.client, videoStory(alice))
      const stray = `stories/${alice.userId}/stray.webm`
      const upload = await alice.client.storage
        .from('videos')
        .upload(stray, webmBytes(1000), { contentType: 'video/webm' })
      expect(upload.error).toBeNull()

      const { backend } = suite.harness
      const admin = testClient(backend.url, backend.serviceRoleKey)
      const report = await sweepOrphanedUploads(admin, { graceMinutes: 0 })
      expect(report.orphanedObjects).toContain(`videos/${stray}`)
      const left = await listed(alice)
      expect(left).not.toContain(`videos/${stray}`)
      for (const url of [posted.video_url!, posted.image_url, posted.thumb_url!]) {
        expect(left).toContain(pathOf(url))
      }
    })

    it('deleting a story removes its clip, poster and thumbnail, whoever deletes the row', async () => {
      for (const how of ['app', 'row'] as const) {
        const posted = await postStory(alice.client, videoStory(alice))
        const paths = [posted.video_url!, posted.image_url, posted.thumb_url!].map(pathOf)
        for (const path of paths) expect(await listed(alice), how).toContain(path)
        if (how === 'app') await deleteStory(alice.client, posted)
        else {
          // A delete no client follows with a removal (another device, a moderator's delete):
          // the database queues the objects and the app's housekeeping removes them.
          const { error } = await alice.client.from('stories').delete().eq('id', posted.id)
          expect(error).toBeNull()
        }
        await suite.harness.housekeeping!.run()
        const left = await listed(alice)
        for (const path of paths) expect(left, `${how} ${path}`).not.toContain(path)
        expect((await fetch(posted.video_url!)).ok).toBe(false)
      }
    })
  },
  // The housekeeping's own sweep is off (grace -1) and its interval an hour: the tests run it.
  { housekeeping: { graceMinutes: -1, intervalMs: 60 * 60 * 1000 } }
)
