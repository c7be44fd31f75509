// A photo stops being public when its row goes, whoever deletes the row and however: the
// database queues the photo (a delete trigger) and the backend removes it on the notification
// (storage/removals.ts), without the client removing anything and without waiting for the
// hourly sweep. The interval is set to an hour here, so only the notification can do it;
// expired stories are checked through `run()`, what the interval does.

import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, expect, it, vi } from 'vitest'
import { signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { PNG_1X1 } from '../../support/images'
import { describeEachBackend } from '../../support/database-suite'

describeEachBackend(
  'photos removed with their rows',
  (suite) => {
    let harness: Harness
    let alice: SignedIn

    beforeAll(async () => {
      harness = suite.harness
      alice = await signUpAndIn(harness, 'rm_alice')
    })

    /** Uploads a photo into `folder/<alice>/` and returns its key and public URL. */
    async function upload(folder: string, name: string): Promise<{ key: string; url: string }> {
      const key = `${folder}/${alice.userId}/${name}-${Math.random().toString(36).slice(2)}.png`
      const bucket = alice.client.storage.from('images')
      expect((await bucket.upload(key, PNG_1X1, { contentType: 'image/png' })).error).toBeNull()
      return { key, url: bucket.getPublicUrl(key).data.publicUrl }
    }

    async function served(url: string): Promise<boolean> {
      const response = await fetch(url)
      await response.arrayBuffer()
      return response.status === 200
    }

    async function storedFiles(): Promise<string[]> {
      const dir = join(harness.dataDir!, 'storage')
      const entries = await readdir(dir, { recursive: true, withFileTypes: true })
      return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
    }

    async function objectRows(keys: string[]): Promise<number> {
      const { rows } = await harness.backend.db.query<{ n: number }>(
        `select count(*)::int as n from storage.objects where bucket_id = 'images' and name = any($1)`,
        [keys]
      )
      return rows[0].n
    }

    /** Waits (polling, at most 10 s) until none of `urls` is served any more. */
    async function gone(urls: string[]): Promise<void> {
      await vi.waitFor(
        async () => {
          for (const url of urls) expect(await served(url), url).toBe(false)
        },
        { timeout: 10_000, interval: 50 }
      )
    }

    it("removes a deleted post's photos, thumbnails and carousel, row and file", async () => {
      const photos = [await upload('posts', 'p0'), await upload('posts', 'p1')]
      const thumb = await upload('posts', 'p0-thumb')
      const { data: post, error } = await alice.client.rpc('create_post', {
        caption: 'short-lived',
        images: [{ image_url: photos[0].url, thumb_url: thumb.url }, { image_url: photos[1].url }]
      })
      expect(error).toBeNull()
      const all = [...photos, thumb]
      for (const { url } of all) expect(await served(url)).toBe(true)

      const deleted = await alice.client
        .from('posts')
        .delete()
        .eq('id', (post as { id: string }).id)
      expect(deleted.error).toBeNull()
      await gone(all.map((p) => p.url))
      expect(await objectRows(all.map((p) => p.key))).toBe(0)
      const files = await storedFiles()
      for (const { key } of all) {
        expect(files.some((f) => f.endsWith(key.split('/').pop()!))).toBe(false)
      }
    })

    it('keeps a photo another remaining row still shows, and removes it with the last one', async () => {
      const shared = await upload('posts', 'shared')
      const { data: posts } = await alice.client
        .from('posts')
        .insert([
          { user_id: alice.userId, image_url: shared.url },
          { user_id: alice.userId, image_url: shared.url }
        ])
        .select('id')
      expect(posts).toHaveLength(2)
      await alice.client.from('posts').delete().eq('id', posts![0].id)
      // Drained (the queue is empty) and still served.
      await harness.backend.removals.run()
      expect(await served(shared.url)).toBe(true)
      await alice.client.from('posts').delete().eq('id', posts![1].id)
      await gone([shared.url])
    })

    it("removes an expired story's photo", async () => {
      const photo = await upload('stories', 's')
      const { data: story, error } = await alice.client
        .from('stories')
        .insert({ user_id: alice.userId, image_url: photo.url, width: 1, height: 1 })
        .select('id')
        .single()
      expect(error).toBeNull()
      await harness.backend.removals.run()
      expect(await served(photo.url)).toBe(true)
      // The story's 24 hours are over (moved as the owner: clients cannot change expires_at).
      await harness.backend.db.query(
        `update public.stories set expires_at = now() - interval '1 second' where id = $1`,
        [story!.id]
      )
      expect(await harness.backend.removals.run()).toContain(`images/${photo.key}`)
      expect(await served(photo.url)).toBe(false)
    })

    it('lets no client read or drain the queue', async () => {
      for (const client of [alice.client, harness.anon()]) {
        const { error } = await client.rpc('take_storage_removals', { max_count: 10 })
        expect(error?.code).toMatch(/^(42501|PGRST202)$/)
        const queue = await client
          .schema('app_private' as 'public')
          .from('storage_removals')
          .select()
        expect(queue.error).not.toBeNull()
      }
    })
  },
  { withDataDir: true, config: { photoRemovalIntervalMs: 60 * 60 * 1000 } }
)
