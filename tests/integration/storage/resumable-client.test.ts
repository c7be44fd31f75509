// The app's TUS client (src/shared/data/resumable-upload.ts) against the local backend's
// resumable endpoint, on PGlite and PostgreSQL 15: a connection dropped mid-upload resumes from
// the server's offset without re-sending what arrived, an upload URL kept from a failed attempt
// is resumed by the next, refusals and given-up uploads are abandoned, a cancel during the upload's
// creation leaves no upload behind, and the upload pipeline
// sends large photos this way and small ones plainly.

import { createHash, randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { RESUMABLE_UPLOAD_THRESHOLD_BYTES } from '../../../src/shared/limits'
import { apiKeyOf, resumableEndpoint } from '../../../src/shared/data/object-upload'
import {
  ResumableUploadError,
  UploadCanceledError,
  uploadResumable,
  type ResumableTarget
} from '../../../src/shared/data/resumable-upload'
import { uploadThenWrite } from '../../../src/shared/data/upload-pipeline'
import { signUpAndIn, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

interface Sent {
  method: string
  /** The Upload-Offset the request carried. */
  offset: number | null
  /** Body bytes the request carried (for the dropped one: what went out before the drop). */
  bytes: number
  status: number | null
  /** The Upload-Offset the server answered. */
  serverOffset: number | null
}

/**
 * Real fetch, recorded; the PATCH at `dropAt` (once) has its connection cut after 1,000 bytes of
 * its body went out, as a network that drops mid-request.
 */
function recordingFetch(dropAt?: number): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = []
  let dropped = false
  const recorded: typeof fetch = async (input, init = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>
    const offset = headers['upload-offset'] === undefined ? null : Number(headers['upload-offset'])
    const body = init.body as Uint8Array | undefined
    const method = init.method ?? 'GET'
    if (method === 'PATCH' && offset === dropAt && !dropped && body) {
      dropped = true
      const controller = new AbortController()
      sent.push({ method, offset, bytes: 1000, status: null, serverOffset: null })
      return fetch(input, {
        ...init,
        body: new ReadableStream({
          start(stream) {
            stream.enqueue(body.subarray(0, 1000))
            setTimeout(() => controller.abort(), 100)
          }
        }),
        signal: controller.signal,
        duplex: 'half'
      } as RequestInit)
    }
    const response = await fetch(input, init)
    const answered = response.headers.get('upload-offset')
    sent.push({
      method,
      offset,
      bytes: body?.byteLength ?? 0,
      status: response.status,
      serverOffset: answered === null ? null : Number(answered)
    })
    return response
  }
  return { fetch: recorded, sent }
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

describeEachBackend(
  'resumable upload client',
  (suite) => {
    let alice: SignedIn
    let photo: Buffer

    beforeAll(async () => {
      alice = await signUpAndIn(suite.harness, 'alice')
      const noise = Buffer.alloc(640 * 480 * 3)
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251
      photo = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer()
    })

    afterEach(() => {
      vi.restoreAllMocks()
    })

    const target = (name: string): ResumableTarget => ({
      endpoint: resumableEndpoint(alice.client, 'images'),
      apiKey: apiKeyOf(alice.client),
      accessToken: alice.accessToken,
      bucket: 'images',
      path: `posts/${alice.userId}/${name}`,
      contentType: 'image/jpeg',
      cacheControl: '3600',
      upsert: false
    })

    /** The stored object's SHA-256 (byte-identical is compared by digest: a deep equal of megabytes crawls). */
    const stored = async (path: string): Promise<string | null> => {
      const { data } = await alice.client.storage.from('images').download(path)
      return data ? sha256(Buffer.from(await data.arrayBuffer())) : null
    }

    it('resumes a connection dropped at 50 % from the server’s offset, sending only the rest', async () => {
      const chunk = Math.ceil(photo.length / 4)
      const half = 2 * chunk
      const { fetch: recorded, sent } = recordingFetch(half)
      const progress: number[] = []
      const to = target('dropped.jpg')
      const urls = new Map<string, string>()
      await uploadResumable(to, photo, {
        fetch: recorded,
        chunkBytes: chunk,
        retryDelaysMs: [0, 0],
        urls,
        onProgress: (sentBytes) => progress.push(sentBytes)
      })

      expect(sent.map(({ method, offset }) => `${method} ${offset ?? ''}`.trim())).toEqual([
        'POST',
        'PATCH 0',
        `PATCH ${chunk}`,
        `PATCH ${half}`, // dropped after 1,000 bytes
        'HEAD',
        `PATCH ${half}`,
        `PATCH ${3 * chunk}`
      ])
      // The server kept exactly the first half, and the client went on from there.
      const head = sent[4]
      expect(head.serverOffset).toBe(half)
      const afterDrop = sent.slice(5)
      expect(afterDrop.map((request) => request.status)).toEqual([204, 204])
      expect(afterDrop.reduce((sum, request) => sum + request.bytes, 0)).toBe(photo.length - half)
      const delivered = sent.filter((request) => request.method === 'PATCH' && request.status)
      expect(delivered.reduce((sum, request) => sum + request.bytes, 0)).toBe(photo.length)
      expect(progress).toEqual([chunk, half, 3 * chunk, photo.length])

      expect(await stored(to.path)).toBe(sha256(photo))
      expect(urls.size).toBe(0)
    })

    it('keeps an interrupted upload for the next attempt, which resumes it', async () => {
      const chunk = Math.ceil(photo.length / 2)
      const to = target('retried.jpg')
      const urls = new Map<string, string>()
      const first = recordingFetch(chunk)
      const failed = uploadResumable(to, photo, {
        fetch: first.fetch,
        chunkBytes: chunk,
        retryDelaysMs: [],
        urls,
        keepForRetry: true
      })
      await expect(failed).rejects.toMatchObject({ status: null, statusCode: undefined })
      expect(urls.size).toBe(1)

      const second = recordingFetch()
      await uploadResumable(to, photo, { fetch: second.fetch, chunkBytes: chunk, urls })
      expect(second.sent.map(({ method, offset }) => `${method} ${offset ?? ''}`.trim())).toEqual([
        'HEAD',
        `PATCH ${chunk}`
      ])
      expect(second.sent[0].serverOffset).toBe(chunk)
      expect(await stored(to.path)).toBe(sha256(photo))
      expect(urls.size).toBe(0)
    })

    it('abandons an upload the server refuses, and one given up without keepForRetry', async () => {
      const urls = new Map<string, string>()
      const fake = Buffer.concat([Buffer.from('<html>not a photo</html>'), randomBytes(2000)])
      const refused = uploadResumable(target('fake.jpg'), fake, { chunkBytes: 1000, urls })
      await expect(refused).rejects.toBeInstanceOf(ResumableUploadError)
      await expect(refused).rejects.toMatchObject({
        status: 415,
        statusCode: '415',
        message: 'mime type image/jpeg does not match the file content'
      })
      expect(urls.size).toBe(0)

      const elsewhere = { ...target('x.jpg'), path: `posts/someone-else/x.jpg` }
      await expect(uploadResumable(elsewhere, photo, { urls })).rejects.toMatchObject({
        status: 403
      })

      const to = target('given-up.jpg')
      const { fetch: recorded, sent } = recordingFetch(0)
      await expect(
        uploadResumable(to, photo, { fetch: recorded, retryDelaysMs: [], urls })
      ).rejects.toMatchObject({ status: null })
      expect(sent.map((request) => request.method)).toEqual(['POST', 'PATCH', 'DELETE'])
      expect(sent[2].status).toBe(204)
      expect(urls.size).toBe(0)
      expect(await stored(to.path)).toBeNull()
    })

    it('a cancel while the POST creating the upload is on its way terminates what it made', async () => {
      const urls = new Map<string, string>()
      const abort = new AbortController()
      const sent: Array<{ method: string; status: number; location: string | null }> = []
      const cancelingFetch: typeof fetch = async (input, init = {}) => {
        const method = init.method ?? 'GET'
        // The person cancels while the creation is on its way, before its answer.
        if (method === 'POST') abort.abort()
        const response = await fetch(input, init)
        const location = response.headers.get('location')
        sent.push({
          method,
          status: response.status,
          location: location && new URL(location, String(input)).href
        })
        return response
      }
      const to = target('canceled-early.jpg')
      await expect(
        uploadResumable(to, photo, { fetch: cancelingFetch, signal: abort.signal, urls })
      ).rejects.toBeInstanceOf(UploadCanceledError)
      // No chunk went out: the upload the POST made was deleted at once, not left for the sweep.
      expect(sent.map((request) => [request.method, request.status])).toEqual([
        ['POST', 201],
        ['DELETE', 204]
      ])
      const head = await fetch(sent[0].location!, {
        method: 'HEAD',
        headers: {
          'tus-resumable': '1.0.0',
          apikey: apiKeyOf(alice.client),
          authorization: `Bearer ${alice.accessToken}`
        }
      })
      expect(head.status).toBe(404)
      expect(urls.size).toBe(0)
      expect(await stored(to.path)).toBeNull()
    })

    it('sends photos above the threshold resumably and smaller ones plainly', async () => {
      // Random pixels do not compress: a real PNG just over the threshold.
      const side = Math.ceil(Math.sqrt(RESUMABLE_UPLOAD_THRESHOLD_BYTES / 3)) + 8
      const large = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 }
      })
        .png({ compressionLevel: 0 })
        .toBuffer()
      expect(large.length).toBeGreaterThan(RESUMABLE_UPLOAD_THRESHOLD_BYTES)
      const spy = vi.spyOn(globalThis, 'fetch')
      const largePath = `posts/${alice.userId}/large.png`
      const smallPath = `posts/${alice.userId}/small.jpg`
      const urls = await uploadThenWrite<string[]>(alice.client, {
        uploads: [
          { path: largePath, bytes: large, type: 'image/png' },
          { path: smallPath, bytes: photo, type: 'image/jpeg' }
        ],
        retryable: false,
        write: async (publicUrls) => ({ data: publicUrls, error: null }),
        failureMessage: (reason) => reason
      })
      expect(urls).toHaveLength(2)
      const requests = spy.mock.calls.map(([input, init]) => {
        const url = new URL(String(input instanceof Request ? input.url : input))
        return `${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}`
      })
      expect(requests).toContain('POST /storage/v1/upload/resumable')
      expect(requests.filter((line) => line.startsWith('PATCH'))).toHaveLength(2)
      expect(requests).toContain(`POST /storage/v1/object/images/${smallPath}`)
      expect(requests).not.toContain(`POST /storage/v1/object/images/${largePath}`)
      expect(await stored(largePath)).toBe(sha256(large))
      expect(await stored(smallPath)).toBe(sha256(photo))
    })
  },
  { withDataDir: true }
)
