// Resumable uploads (TUS 1.0.0) at /storage/v1/upload/resumable, driven with raw fetch exactly
// as tus-js-client sends them (the headers Supabase's docs configure it with), on PGlite and on
// PostgreSQL 15, with a data folder so the parts live on disk.

import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const b64 = (value: string): string => Buffer.from(value).toString('base64')

describeEachBackend(
  'resumable uploads',
  (suite) => {
    let harness: Harness
    let alice: SignedIn
    let bob: SignedIn
    let photo: Buffer

    beforeAll(async () => {
      harness = suite.harness
      alice = await signUpAndIn(harness, 'alice')
      bob = await signUpAndIn(harness, 'bob')
      // A real photo-like JPEG (noise does not compress), a few hundred KB.
      const noise = Buffer.alloc(640 * 480 * 3)
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251
      photo = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer()
    })

    const endpoint = (): string => `${harness.backend.url}/storage/v1/upload/resumable`

    /** The headers tus-js-client sends with every request, as Supabase's docs set them up. */
    const tusHeaders = (who: SignedIn, extra: Record<string, string> = {}) => ({
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${who.accessToken}`,
      apikey: harness.backend.anonKey,
      'x-upsert': 'false',
      ...extra
    })

    const create = (who: SignedIn, objectName: string, length: number, type = 'image/jpeg') =>
      fetch(endpoint(), {
        method: 'POST',
        headers: tusHeaders(who, {
          'upload-length': String(length),
          'upload-metadata': [
            `bucketName ${b64('images')}`,
            `objectName ${b64(objectName)}`,
            `contentType ${b64(type)}`,
            `cacheControl ${b64('3600')}`
          ].join(',')
        })
      })

    const patch = (
      who: SignedIn,
      location: string,
      offset: number,
      body: RequestInit['body'],
      signal?: AbortSignal
    ) =>
      fetch(location, {
        method: 'PATCH',
        headers: tusHeaders(who, {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream'
        }),
        body,
        signal,
        duplex: 'half'
      } as RequestInit)

    const head = (who: SignedIn, location: string) =>
      fetch(location, { method: 'HEAD', headers: tusHeaders(who) })

    const rowCount = async (name: string): Promise<number> => {
      const { rows } = await harness.backend.db.query(
        `select 1 from storage.objects where bucket_id = 'images' and name = $1`,
        [name]
      )
      return rows.length
    }

    it('resumes an upload interrupted at 50 % without re-sending the first half', async () => {
      const name = `posts/${alice.userId}/resumed.jpg`
      const created = await create(alice, name, photo.length)
      expect(created.status).toBe(201)
      expect(created.headers.get('tus-resumable')).toBe('1.0.0')
      expect(created.headers.get('upload-expires')).toBeTruthy()
      const location = created.headers.get('location')!
      expect(location).toMatch(
        new RegExp(`^${harness.backend.url}/storage/v1/upload/resumable/[A-Za-z0-9_-]+$`)
      )
      // The id names bucket, object and a version, as hosted's do.
      const id = Buffer.from(location.split('/').pop()!, 'base64url').toString('utf8')
      expect(id).toMatch(new RegExp(`^images/${name}/[0-9a-f-]{36}$`))

      const half = Math.floor(photo.length / 2)
      const first = await patch(alice, location, 0, photo.subarray(0, half))
      expect(first.status).toBe(204)
      expect(first.headers.get('upload-offset')).toBe(String(half))
      expect(await rowCount(name)).toBe(0)

      // The connection drops while the second half is on its way.
      const controller = new AbortController()
      const dropped = patch(
        alice,
        location,
        half,
        new ReadableStream({
          start(stream) {
            stream.enqueue(photo.subarray(half, half + 1000))
            setTimeout(() => controller.abort(), 100)
          }
        }),
        controller.signal
      )
      await expect(dropped).rejects.toThrow()

      // The client asks where to go on: exactly where the first half ended.
      const probe = await head(alice, location)
      expect(probe.status).toBe(200)
      expect(probe.headers.get('upload-offset')).toBe(String(half))
      expect(probe.headers.get('upload-length')).toBe(String(photo.length))
      expect(probe.headers.get('cache-control')).toBe('no-store')
      expect(await rowCount(name)).toBe(0)

      const rest = photo.subarray(half)
      const second = await patch(alice, location, half, rest)
      expect(second.status).toBe(204)
      expect(second.headers.get('upload-offset')).toBe(String(photo.length))
      expect(rest.length).toBe(photo.length - half)

      expect(await rowCount(name)).toBe(1)
      const { data } = await alice.client.storage.from('images').download(name)
      expect(Buffer.from(await data!.arrayBuffer())).toEqual(photo)
      const { rows } = await harness.backend.db.query<{ owner_id: string; metadata: object }>(
        `select owner_id, metadata from storage.objects where bucket_id = 'images' and name = $1`,
        [name]
      )
      expect(rows[0]).toMatchObject({
        owner_id: alice.userId,
        metadata: { mimetype: 'image/jpeg', cacheControl: 'max-age=3600', size: photo.length }
      })
      // Finished uploads are gone from the resumable store.
      expect((await head(alice, location)).status).toBe(404)
    })

    it('refuses what a plain upload refuses, in the tus server’s form', async () => {
      const intruder = await create(bob, `posts/${alice.userId}/x.jpg`, 10)
      expect(intruder.status).toBe(403)
      expect(await intruder.text()).toBe('new row violates row-level security policy')
      const tooBig = await create(alice, `posts/${alice.userId}/big.jpg`, 11 * 1024 * 1024)
      expect(tooBig.status).toBe(413)
      expect(await tooBig.text()).toBe('Maximum size exceeded\n')
      const badType = await create(alice, `posts/${alice.userId}/a.txt`, 10, 'text/plain')
      expect(badType.status).toBe(415)
      expect(await badType.text()).toBe('mime type text/plain is not supported')
      const noVersion = await fetch(endpoint(), {
        method: 'POST',
        headers: { apikey: harness.backend.anonKey }
      })
      expect(noVersion.status).toBe(412)

      // Bytes that are not the JPEG they claim to be: refused when complete, parts removed.
      const name = `posts/${alice.userId}/fake.jpg`
      const fake = Buffer.from('<html><script>alert(1)</script></html>')
      const location = (await create(alice, name, fake.length)).headers.get('location')!
      const refused = await patch(alice, location, 0, fake)
      expect(refused.status).toBe(415)
      expect(await refused.text()).toBe('mime type image/jpeg does not match the file content')
      expect(await rowCount(name)).toBe(0)
      expect((await head(alice, location)).status).toBe(404)
    })

    it('keeps each upload to its creator and its offset', async () => {
      const name = `posts/${alice.userId}/guarded.jpg`
      const location = (await create(alice, name, photo.length)).headers.get('location')!
      expect((await head(bob, location)).status).toBe(404)
      const stolen = await patch(bob, location, 0, photo.subarray(0, 10))
      expect(stolen.status).toBe(404)
      expect(await stolen.text()).toBe('The file for this url was not found\n')
      const skipped = await patch(alice, location, 100, photo.subarray(100, 200))
      expect(skipped.status).toBe(409)
      expect(await skipped.text()).toBe('Upload-Offset conflict\n')
      const overflow = await patch(alice, location, 0, Buffer.concat([photo, Buffer.alloc(1)]))
      expect(overflow.status).toBe(413)
      const wrongType = await fetch(location, {
        method: 'PATCH',
        headers: tusHeaders(alice, { 'upload-offset': '0', 'content-type': 'image/jpeg' }),
        body: photo
      })
      expect(wrongType.status).toBe(415)
      const gone = await fetch(location, { method: 'DELETE', headers: tusHeaders(alice) })
      expect(gone.status).toBe(204)
      expect((await head(alice, location)).status).toBe(404)
    })
  },
  { withDataDir: true }
)
