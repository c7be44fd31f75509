// Resumable uploads within bounds, on PGlite and PostgreSQL 15: one person's uploads in progress
// are capped in number (429) and in declared bytes (413), in the tus server's plain-text form,
// while others upload on; the parts are files in the data folder's resumable-uploads/, never
// memory; an upload no chunk reached for 30 minutes is refused (410) and swept with its parts by
// the timer within the hour (an injected clock), and one that keeps sending lives on; finished,
// refused and cancelled uploads leave no file and no row, and a backend without a data folder
// keeps its parts in a temporary folder that close() removes.

import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { ApiRequest } from '../../../src/backend/http/types'
import { createByteStore } from '../../../src/backend/storage/byte-store'
import { createResumableUploads } from '../../../src/backend/storage/resumable'
import { DEFAULT_RESUMABLE_LIMITS } from '../../../src/backend/storage/resumable-caps'
import { resumableEndpoint } from '../../../src/shared/data/object-upload'
import { uploadResumable } from '../../../src/shared/data/resumable-upload'
import { signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const b64 = (value: string): string => Buffer.from(value).toString('base64')
const MINUTE = 60 * 1000
const TEN_MB = 10_000_000

describeEachBackend(
  'resumable upload bounds',
  (suite) => {
    let harness: Harness
    let alice: SignedIn
    let bob: SignedIn
    let photo: Buffer

    beforeAll(async () => {
      harness = suite.harness
      alice = await signUpAndIn(harness, 'alice')
      bob = await signUpAndIn(harness, 'bob')
      const noise = Buffer.alloc(320 * 240 * 3)
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251
      photo = await sharp(noise, { raw: { width: 320, height: 240, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer()
    })

    afterEach(() => {
      vi.useRealTimers()
    })

    const endpoint = (): string => `${harness.backend.url}/storage/v1/upload/resumable`
    const partsFolder = (): string => join(harness.dataDir!, 'resumable-uploads')
    const tusHeaders = (who: SignedIn, extra: Record<string, string> = {}) => ({
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${who.accessToken}`,
      apikey: harness.backend.anonKey,
      ...extra
    })
    const metadata = (name: string): string =>
      [`bucketName ${b64('images')}`, `objectName ${b64(name)}`, `contentType ${b64('image/jpeg')}`]
        .concat(`cacheControl ${b64('3600')}`)
        .join(',')
    const create = (who: SignedIn, name: string, length: number) =>
      fetch(endpoint(), {
        method: 'POST',
        headers: tusHeaders(who, {
          'upload-length': String(length),
          'upload-metadata': metadata(name)
        })
      })
    const patch = (who: SignedIn, location: string, offset: number, body: Uint8Array) =>
      fetch(location, {
        method: 'PATCH',
        headers: tusHeaders(who, {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream'
        }),
        body
      })
    const cancel = (who: SignedIn, location: string) =>
      fetch(location, { method: 'DELETE', headers: tusHeaders(who) })
    const rowCount = async (name: string): Promise<number> => {
      const { rows } = await harness.backend.db.query(
        `select 1 from storage.objects where bucket_id = 'images' and name = $1`,
        [name]
      )
      return rows.length
    }
    const partSizes = async (): Promise<number[]> => {
      const names = (await readdir(partsFolder())).filter((name) => name.endsWith('.part'))
      return Promise.all(names.map(async (name) => (await stat(join(partsFolder(), name))).size))
    }

    it('holds 30 abandoned 10 MB uploads to 100 MB in progress per person, on disk', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 7)
      const accepted: string[] = []
      const refused: Response[] = []
      for (let i = 0; i < 30; i++) {
        const created = await create(alice, `posts/${alice.userId}/big-${i}.jpg`, TEN_MB)
        if (created.status !== 201) {
          refused.push(created)
          continue
        }
        const location = created.headers.get('location')!
        accepted.push(location)
        expect((await patch(alice, location, 0, chunk)).status).toBe(204)
      }
      // 10 × 10 MB fit in 100 MiB; the 11th would not.
      expect(accepted).toHaveLength(10)
      expect(refused).toHaveLength(20)
      expect(refused[0].status).toBe(413)
      expect(refused[0].headers.get('tus-resumable')).toBe('1.0.0')
      expect(refused[0].headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await refused[0].text()).toBe(
        'Uploads in progress would exceed 100 MB: finish or cancel one first\n'
      )
      // What arrived is in files under the data folder, one part per upload in progress.
      expect(await partSizes()).toEqual(accepted.map(() => chunk.length))

      // Another person is not held by Alice's uploads.
      const bobs = await create(bob, `posts/${bob.userId}/own.jpg`, TEN_MB)
      expect(bobs.status).toBe(201)
      expect((await cancel(bob, bobs.headers.get('location')!)).status).toBe(204)

      // Cancelling one makes room for the next.
      expect((await cancel(alice, accepted.pop()!)).status).toBe(204)
      const next = await create(alice, `posts/${alice.userId}/next.jpg`, TEN_MB)
      expect(next.status).toBe(201)
      accepted.push(next.headers.get('location')!)

      for (const location of accepted) expect((await cancel(alice, location)).status).toBe(204)
      expect(await readdir(partsFolder())).toEqual([])
    })

    it('refuses a 21st upload in progress with 429, and the app’s client says why', async () => {
      const locations: string[] = []
      for (let i = 0; i < DEFAULT_RESUMABLE_LIMITS.uploadsPerHolder; i++) {
        const created = await create(alice, `posts/${alice.userId}/small-${i}.jpg`, photo.length)
        expect(created.status).toBe(201)
        locations.push(created.headers.get('location')!)
      }
      const refused = await create(alice, `posts/${alice.userId}/one-more.jpg`, photo.length)
      expect(refused.status).toBe(429)
      expect(await refused.text()).toBe(
        'Too many uploads in progress (at most 20): finish or cancel one first\n'
      )
      const target = {
        endpoint: resumableEndpoint(alice.client, 'images'),
        accessToken: alice.accessToken,
        bucket: 'images',
        path: `posts/${alice.userId}/from-the-app.jpg`,
        contentType: 'image/jpeg',
        cacheControl: '3600',
        upsert: false
      }
      await expect(uploadResumable(target, photo, { urls: new Map() })).rejects.toMatchObject({
        status: 429,
        message: 'Too many uploads in progress (at most 20): finish or cancel one first'
      })

      // Finishing one frees its place, and leaves neither parts nor anything but its row.
      await patch(alice, locations[0], 0, photo)
      expect(await rowCount(`posts/${alice.userId}/small-0.jpg`)).toBe(1)
      await uploadResumable(target, photo, { urls: new Map() })
      expect(await rowCount(target.path)).toBe(1)
      for (const location of locations.slice(1)) await cancel(alice, location)
      expect(await readdir(partsFolder())).toEqual([])
    })

    it('sweeps an upload abandoned for 30 minutes within the hour, never one still sending', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      let clock = Date.now()
      const uploads = createResumableUploads(harness.backend.context, createByteStore(null), {
        dir: null,
        now: () => clock
      })
      const call = async (
        method: string,
        id: string | null,
        headers: Record<string, string> = {},
        body: Buffer = Buffer.alloc(0)
      ) => {
        const path = `/storage/v1/upload/resumable${id ? `/${id}` : ''}`
        const request: ApiRequest = {
          method,
          url: new URL(`${harness.backend.url}${path}`),
          rawPath: path,
          headers: { ...tusHeaders(alice), host: new URL(harness.backend.url).host, ...headers },
          body,
          remoteAddress: '127.0.0.1'
        }
        return uploads.handle(request, id ? [id] : [])
      }
      const start = async (name: string): Promise<string> => {
        const created = await call('POST', null, {
          'upload-length': String(photo.length),
          'upload-metadata': metadata(name)
        })
        expect(created.status).toBe(201)
        return created.headers!.location.split('/').pop()!
      }
      const send = (id: string, from: number, to: number) =>
        call(
          'PATCH',
          id,
          { 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
          photo.subarray(from, to)
        )
      const tick = async (minutes: number): Promise<void> => {
        clock += minutes * MINUTE
        vi.advanceTimersByTime(minutes * MINUTE)
        await uploads.sweep()
      }

      const abandoned = await start(`posts/${alice.userId}/abandoned.jpg`)
      const steady = await start(`posts/${alice.userId}/steady.jpg`)
      const quarter = Math.floor(photo.length / 4)
      const first = await send(abandoned, 0, quarter)
      expect(first.headers!['upload-expires']).toBe(new Date(clock + 30 * MINUTE).toUTCString())
      expect((await send(steady, 0, quarter)).status).toBe(204)
      const folder = uploads.folder()!
      expect((await readdir(folder)).filter((name) => name.endsWith('.part'))).toHaveLength(2)

      await tick(20)
      expect((await send(steady, quarter, 2 * quarter)).status).toBe(204)
      await tick(9)
      expect((await call('HEAD', abandoned)).status).toBe(200)
      // Past its expiry before the timer's next turn: refused at once, and gone at that turn.
      clock += 2 * MINUTE
      const gone = await call('HEAD', abandoned)
      expect(gone.status).toBe(410)
      expect(gone.body).toBe('The file for this url no longer exists\n')
      await tick(DEFAULT_RESUMABLE_LIMITS.sweepEveryMs / MINUTE)
      expect((await call('HEAD', abandoned)).status).toBe(404)
      expect((await readdir(folder)).filter((name) => name.endsWith('.part'))).toHaveLength(1)

      // Sending on every 20 minutes, past the hour: it lives and completes.
      await tick(5)
      expect((await send(steady, 2 * quarter, 3 * quarter)).status).toBe(204)
      await tick(20)
      const last = await send(steady, 3 * quarter, photo.length)
      expect(last.status).toBe(204)
      expect(await rowCount(`posts/${alice.userId}/steady.jpg`)).toBe(1)
      expect(await rowCount(`posts/${alice.userId}/abandoned.jpg`)).toBe(0)
      expect(await readdir(folder)).toEqual([])

      // close() stops the timer and removes the temporary folder.
      expect(vi.getTimerCount()).toBe(1)
      await uploads.close()
      expect(vi.getTimerCount()).toBe(0)
      await expect(stat(folder)).rejects.toMatchObject({ code: 'ENOENT' })
    })
  },
  { withDataDir: true }
)
