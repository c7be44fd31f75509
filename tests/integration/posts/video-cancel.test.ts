// Canceling a post while it uploads, through the real supabase-js client and the app's TUS
// client against the local backend on both databases: a clip large enough to go up resumably is
// stopped after its first chunk, and afterwards neither bucket holds anything of the post, the
// resumable upload is gone from the server (its parts are not left for the sweep) and no post
// row exists. A cancel after the post is saved changes nothing.

import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { newRowId } from '../../../src/shared/data/idempotent'
import { createPost, type PostPhoto } from '../../../src/shared/data/post-create'
import { UploadCanceledError } from '../../../src/shared/data/resumable-upload'
import { RESUMABLE_UPLOAD_CHUNK_BYTES } from '../../../src/shared/limits'
import { describeEachBackend } from '../../support/database-suite'
import { photo, signedIn, type User } from './support'

/** Bytes that open as a WebM container (its EBML header): storage keeps what it is given. */
function webmBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = i % 251
  bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0)
  return bytes
}

/** A clip of two and a bit chunks: it goes up resumably, in three PATCHes. */
const clipItem = (): PostPhoto => ({
  ...photo(3, 'a long clip'),
  video: {
    bytes: webmBytes(2 * RESUMABLE_UPLOAD_CHUNK_BYTES + 1024),
    declaredType: 'video/webm',
    durationMs: 9_000
  }
})

describeEachBackend(
  'canceling a post while it uploads',
  (suite) => {
    let alice: User
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

    const postRows = async (id: string): Promise<number> =>
      (await db().query('select 1 from public.posts where id = $1', [id])).rows.length

    /** The resumable uploads' URLs as the server answered their creation (Location). */
    function recordUploadUrls(): string[] {
      const urls: string[] = []
      const real = globalThis.fetch
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const response = await real(input, init)
        const location = response.headers.get('location')
        if (init?.method === 'POST' && String(input).includes('/upload/resumable') && location) {
          urls.push(new URL(location, String(input)).href)
        }
        return response
      })
      return urls
    }

    beforeAll(async () => {
      alice = await signedIn(suite.harness, 'cancel_alice')
    })

    afterEach(() => {
      vi.restoreAllMocks()
    })

    it('stops a clip after its first chunk and leaves no object, upload or post', async () => {
      const uploadUrls = recordUploadUrls()
      const id = newRowId()
      const abort = new AbortController()
      const progress: number[] = []
      const making = createPost(alice.client, {
        userId: alice.userId,
        id,
        caption: 'never mind',
        photos: [clipItem()],
        signal: abort.signal,
        onUploadProgress: (sentBytes) => {
          progress.push(sentBytes)
          // The first of the clip's chunks has arrived: the person cancels.
          if (sentBytes >= RESUMABLE_UPLOAD_CHUNK_BYTES) abort.abort()
        }
      })
      await expect(making).rejects.toBeInstanceOf(UploadCanceledError)

      expect(Math.max(...progress)).toBeGreaterThanOrEqual(RESUMABLE_UPLOAD_CHUNK_BYTES)
      expect(Math.max(...progress)).toBeLessThan(2 * RESUMABLE_UPLOAD_CHUNK_BYTES)
      expect(await stored(alice.userId)).toEqual([])
      expect(await postRows(id)).toBe(0)
      // The upload itself is terminated: asking the server how far it got finds nothing.
      expect(uploadUrls).toHaveLength(1)
      const head = await fetch(uploadUrls[0], {
        method: 'HEAD',
        headers: {
          'tus-resumable': '1.0.0',
          apikey: alice.client.realtime.apiKey!,
          authorization: `Bearer ${(await alice.client.auth.getSession()).data.session!.access_token}`
        }
      })
      expect(head.status).toBe(404)
    })

    it('a cancel before any upload sends nothing; one after the post is saved changes nothing', async () => {
      const early = new AbortController()
      early.abort()
      const before = createPost(alice.client, {
        userId: alice.userId,
        caption: 'too soon',
        photos: [photo(4)],
        signal: early.signal
      })
      await expect(before).rejects.toBeInstanceOf(UploadCanceledError)
      expect(await stored(alice.userId)).toEqual([])

      const late = new AbortController()
      const made = await createPost(alice.client, {
        userId: alice.userId,
        caption: 'kept',
        photos: [photo(5)],
        signal: late.signal,
        onStage: (stage) => {
          if (stage === 'saving') late.abort()
        }
      })
      expect(await postRows(made.id)).toBe(1)
      expect(await stored(alice.userId)).toHaveLength(2)
    })
  },
  { housekeeping: { graceMinutes: -1, intervalMs: 60 * 60 * 1000 } }
)
