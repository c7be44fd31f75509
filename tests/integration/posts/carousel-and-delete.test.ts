// Publishing carousels all or nothing, editing a post, and deleting one with everything it
// owns, through the real supabase-js client against the local backend on both databases.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addComment } from '../../../src/shared/data/comments'
import { createPost } from '../../../src/shared/data/post-create'
import { deletePost, editPost } from '../../../src/shared/data/post-edits'
import { postById } from '../../../src/shared/data/post-reads'
import { savePost } from '../../../src/shared/data/saves'
import { sweepOrphanedUploads } from '../../../src/local/housekeeping/orphans'
import { startHarness, testClient, type Harness } from '../../support/backend-harness'
import type { DatabaseKind } from '../../support/databases'
import { listedObjects, photo, postPhotos, signedIn, storedObjects, type User } from './support'

const postgresUrl = inject('postgresUrl')

describe.each<DatabaseKind>(['pglite', 'postgres'])(
  'carousels, edits and deletes on %s',
  (kind) => {
    const unavailable = kind === 'postgres' && !postgresUrl
    let harness: Harness
    let alice: User
    let bob: User

    beforeAll(async () => {
      if (unavailable) return
      harness = await startHarness(kind, postgresUrl, { housekeeping: true })
      alice = await signedIn(harness, 'alice')
      bob = await signedIn(harness, 'bob')
    })
    afterAll(async () => {
      await harness?.close()
    })

    const db = (): Harness['backend']['db'] => harness.backend.db

    it.skipIf(unavailable)(
      'a 3-photo carousel stores every photo in order with its alt text; the post row keeps photo 1',
      async () => {
        const created = await postPhotos(alice, 3, 'three #Sunsets')
        expect(created.image_count).toBe(3)
        // Returned ready for the feed: author embedded, photos in order, nothing re-read.
        expect(created.profiles?.username).toBe(alice.username)
        expect(created.post_images?.map((image) => image.position)).toEqual([0, 1, 2])
        const read = await postById(bob.client, created.id)
        expect(read.image_count).toBe(3)
        expect(read.post_images?.map((image) => image.alt_text)).toEqual([
          'photo 1',
          'photo 2',
          'photo 3'
        ])
        expect(read.image_url).toBe(read.post_images?.[0].image_url)
        expect(read.alt_text).toBe('photo 1')
        expect(read.profiles?.username).toBe(alice.username)
        expect(new Set(read.post_images?.map((image) => image.image_url)).size).toBe(3)
      }
    )

    it.skipIf(unavailable)(
      'an 11-photo carousel is refused with a clear message and nothing is uploaded',
      async () => {
        const before = await storedObjects(db(), alice.userId)
        await expect(postPhotos(alice, 11)).rejects.toThrow('A post can hold at most 10 photos')
        expect(await storedObjects(db(), alice.userId)).toEqual(before)
      }
    )

    it.skipIf(unavailable)(
      'one non-image among several photos is named in the message and nothing is uploaded',
      async () => {
        const before = await storedObjects(db(), alice.userId)
        const html = new TextEncoder().encode('<html><body>not a photo</body></html>')
        await expect(
          createPost(alice.client, {
            userId: alice.userId,
            caption: '',
            photos: [photo(1), { bytes: html, declaredType: 'image/png' }, photo(3)]
          })
        ).rejects.toThrow('Photo 2: Please select an image file')
        expect(await storedObjects(db(), alice.userId)).toEqual(before)
      }
    )

    it.skipIf(unavailable)(
      'when the insert fails after the uploads, every upload is removed again',
      async () => {
        const before = await storedObjects(db(), alice.userId)
        await db().exec(`
        create or replace function public.refuse_post() returns trigger language plpgsql as $$
        begin raise exception 'disk quota exceeded'; end $$;
        create trigger refuse_post before insert on public.post_images
          for each row when (new.position = 2) execute function public.refuse_post();`)
        try {
          await expect(postPhotos(alice, 3)).rejects.toThrow(
            'Failed to save post: disk quota exceeded'
          )
        } finally {
          await db().exec(
            'drop trigger refuse_post on public.post_images; drop function public.refuse_post();'
          )
        }
        expect(await storedObjects(db(), alice.userId)).toEqual(before)
        const { rows } = await db().query(
          'select 1 from public.posts where user_id = $1 and image_count = 3 and caption is null',
          [alice.userId]
        )
        expect(rows.length).toBe(0)
      }
    )

    it.skipIf(unavailable)(
      'an over-long alt text is refused before anything is uploaded',
      async () => {
        const before = await storedObjects(db(), alice.userId)
        await expect(
          createPost(alice.client, {
            userId: alice.userId,
            caption: '',
            photos: [photo(1), photo(2, 'x'.repeat(1001))]
          })
        ).rejects.toThrow('Alt text of photo 2 can be at most 1,000 characters')
        expect(await storedObjects(db(), alice.userId)).toEqual(before)
      }
    )

    it.skipIf(unavailable)(
      'create_post refuses photos uploaded to somebody else’s folder',
      async () => {
        const [first] = (await postPhotos(alice, 1)).post_images ?? []
        const { error } = await bob.client.rpc('create_post', {
          caption: 'stolen',
          images: [{ image_url: first.image_url }]
        })
        expect(error?.message).toBe('Every photo must be uploaded to your own folder first')
      }
    )

    it.skipIf(unavailable)(
      'the author edits caption and alt texts; edited_at is set; others cannot edit',
      async () => {
        const created = await postPhotos(alice, 2, 'first words')
        expect(created.edited_at).toBeNull()
        const edited = await editPost(alice.client, created.id, {
          caption: '  better words  ',
          altTexts: ['a red square', '']
        })
        expect(edited.caption).toBe('better words')
        expect(edited.edited_at).not.toBeNull()
        const read = await postById(alice.client, created.id)
        expect(read.alt_text).toBe('a red square')
        expect(read.post_images?.map((image) => image.alt_text)).toEqual(['a red square', null])

        await expect(editPost(bob.client, created.id, { caption: 'mine now' })).rejects.toThrow(
          "Couldn't save your changes: This post does not exist or is not yours"
        )
        await expect(
          editPost(alice.client, created.id, { caption: 'x'.repeat(501) })
        ).rejects.toThrow('Caption must be at most 500 characters')
        expect((await postById(bob.client, created.id)).caption).toBe('better words')
      }
    )

    it.skipIf(unavailable)(
      'deleting a post removes its rows and every photo and thumbnail from storage',
      async () => {
        const created = await postPhotos(alice, 3, 'goodbye #farewell')
        await addComment(bob.client, { postId: created.id, userId: bob.userId, body: 'nice' })
        await savePost(bob.client, bob.userId, created.id)
        await bob.client.from('likes').insert({ user_id: bob.userId, post_id: created.id })
        const ownPaths = (created.post_images ?? []).flatMap((image) => [
          image.image_url,
          image.thumb_url
        ])
        const listedBefore = await listedObjects(alice)
        for (const url of ownPaths) {
          expect(listedBefore).toContain(url!.split('/').pop())
        }

        // The client removes the photos, and so does the app's housekeeping on the database's
        // notice (src/local/housekeeping/removals.ts): whichever comes first, all six go.
        const { removedPaths } = await deletePost(alice.client, created.id)
        await harness.housekeeping!.run()
        expect(removedPaths.length).toBeLessThanOrEqual(6)
        const { rows: left } = await db().query(
          `select name from storage.objects where name = any($1)`,
          [ownPaths.map((url) => url!.split('/object/public/images/')[1])]
        )
        expect(left).toEqual([])
        const listedAfter = await listedObjects(alice)
        for (const url of ownPaths) expect(listedAfter).not.toContain(url!.split('/').pop())
        for (const table of ['posts', 'post_images', 'comments', 'saves', 'likes', 'post_tags']) {
          const column = table === 'posts' ? 'id' : 'post_id'
          const { rows } = await db().query(`select 1 from public.${table} where ${column} = $1`, [
            created.id
          ])
          expect(rows, table).toHaveLength(0)
        }
        await expect(postById(alice.client, created.id)).rejects.toThrow(
          'This post does not exist or was deleted'
        )
      }
    )

    it.skipIf(unavailable)('nobody but the author can delete a post', async () => {
      const created = await postPhotos(alice, 1)
      await expect(deletePost(bob.client, created.id)).rejects.toThrow(
        "Couldn't delete the post: it was already deleted or is not yours"
      )
      expect((await postById(bob.client, created.id)).id).toBe(created.id)
    })

    it.skipIf(unavailable)(
      'the orphan sweep keeps every carousel photo and removes only unreferenced uploads',
      async () => {
        const created = await postPhotos(alice, 2)
        const stray = `posts/${alice.userId}/999-stray.png`
        await alice.client.storage.from('images').upload(stray, photo(9).bytes, {
          contentType: 'image/png'
        })
        const admin = testClient(harness.backend.url, harness.backend.serviceRoleKey)
        const report = await sweepOrphanedUploads(admin, { graceMinutes: 0 })
        expect(report.orphanedObjects).toContain(`images/${stray}`)
        const remaining = await storedObjects(db(), alice.userId)
        for (const image of created.post_images ?? []) {
          for (const url of [image.image_url, image.thumb_url]) {
            expect(remaining).toContain(url!.split('/images/')[1])
          }
        }
      }
    )
  }
)
