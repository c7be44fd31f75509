// A photo stops being public when its row goes, whoever deletes the row and however: the
// database queues the photo (a delete trigger) and the app's housekeeping removes it when
// Realtime tells it of the queued path (src/local/housekeeping/removals.ts), without the client
// removing anything and without waiting for the hourly sweep. The interval is set to an hour
// here, so only the Realtime signal can do it; expired stories are checked through `run()`, what
// the interval does.

import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, expect, it, vi } from 'vitest'
import { signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { realtimeClient, signUpUser } from '../realtime/support'
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
      await harness.housekeeping!.run()
      expect(await served(shared.url)).toBe(true)
      await alice.client.from('posts').delete().eq('id', posts![1].id)
      await gone([shared.url])
    })

    it("keeps an expired story's photo for the archive, and removes it with the story", async () => {
      const photo = await upload('stories', 's')
      const { data: story, error } = await alice.client
        .from('stories')
        .insert({ user_id: alice.userId, image_url: photo.url, width: 1, height: 1 })
        .select('id')
        .single()
      expect(error).toBeNull()
      // The story's 24 hours are over (moved as the owner: clients cannot change expires_at).
      await harness.backend.db.query(
        `update public.stories set expires_at = now() - interval '1 second' where id = $1`,
        [story!.id]
      )
      expect(await harness.housekeeping!.run()).not.toContain(`images/${photo.key}`)
      expect(await served(photo.url)).toBe(true)
      // Deleted from the archive: the row, then its photo through the queue.
      const removed = await alice.client.from('stories').delete().eq('id', story!.id).select('id')
      expect(removed.data).toHaveLength(1)
      await gone([photo.url])
    })

    it('lets no client read or drain the queue, list orphans or name moderators', async () => {
      for (const client of [alice.client, harness.anon()]) {
        const { error } = await client.rpc('take_storage_removals', { max_count: 10 })
        expect(error?.code).toMatch(/^(42501|PGRST202)$/)
        const orphans = await client.rpc('orphaned_uploads', { grace_seconds: 0, max_count: 10 })
        expect(orphans.error?.code).toMatch(/^(42501|PGRST202)$/)
        const grant = await client.rpc('grant_moderator', { email: 'rm_alice@example.test' })
        expect(grant.error?.code).toMatch(/^(42501|PGRST202)$/)
        const queue = await client
          .schema('app_private' as 'public')
          .from('storage_removals')
          .select()
        expect(queue.error).not.toBeNull()
      }
    })

    it('tells queued paths to the service role alone, over Realtime', async () => {
      const { url, anonKey, serviceRoleKey } = harness.backend
      // The housekeeping drains a queued path as soon as it hears of it; a subscriber whose
      // check runs after that finds the row gone and is told nothing, so it stops here (this is
      // the last test) and the queue keeps its rows for the subscribers below.
      await harness.housekeeping!.close()
      const watcher = await signUpUser(url, anonKey, 'rm_watcher')
      // A signed-in user, an anonymous caller, and the service role as the control.
      const clients = [
        watcher.client,
        realtimeClient(url, anonKey),
        realtimeClient(url, serviceRoleKey)
      ]
      const heard: unknown[][] = clients.map(() => [])
      const channels = clients.map((client, i) =>
        client
          .channel(`queue-watch-${i}-${Math.random().toString(36).slice(2)}`)
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'app_private', table: 'storage_removals' },
            (change) => heard[i].push(change)
          )
      )
      try {
        await Promise.all(
          channels.map(
            (channel) =>
              new Promise<void>((resolve) =>
                channel.subscribe((status) => {
                  if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') resolve()
                })
              )
          )
        )
        for (const name of ['w0', 'w1']) {
          const photo = await upload('posts', name)
          const { data: post } = await alice.client
            .from('posts')
            .insert({ user_id: alice.userId, image_url: photo.url })
            .select('id')
            .single()
          await alice.client.from('posts').delete().eq('id', post!.id)
        }
        // The second change is handled after the first reached everyone it could reach.
        await vi.waitFor(() => expect(heard[2].length).toBeGreaterThanOrEqual(2), {
          timeout: 10_000,
          interval: 50
        })
        expect(heard[0]).toEqual([])
        expect(heard[1]).toEqual([])
      } finally {
        for (const client of clients) await client.removeAllChannels()
      }
    })
  },
  { withDataDir: true, housekeeping: { intervalMs: 60 * 60 * 1000 } }
)
