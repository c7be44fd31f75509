// Image transformations at /storage/v1/render/image/{public|authenticated|sign}/… through the
// real supabase-js client (getPublicUrl, download and createSignedUrl with `transform`), on
// PGlite and on PostgreSQL 15: the bytes (decoded and measured) and headers hosted returns, its
// limits and errors, who may read, and the rendition cache on disk.

import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { signUpAndIn, testClient, type Harness, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

/** A 1600×1200 photo-like JPEG: a gradient with texture, so resizing has work to do. */
async function photo(shade: number): Promise<Buffer> {
  const width = 1600
  const height = 1200
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = (x / 7 + shade) & 255
      pixels[i + 1] = (y / 5) & 255
      pixels[i + 2] = ((x ^ y) + shade) & 255
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

const WEBP_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'

describeEachBackend(
  'image transformations',
  (suite) => {
    let harness: Harness
    let alice: SignedIn
    let bob: SignedIn
    let key: string
    let source: Buffer

    beforeAll(async () => {
      harness = suite.harness
      alice = await signUpAndIn(harness, 'alice')
      bob = await signUpAndIn(harness, 'bob')
      source = await photo(0)
      key = `posts/${alice.userId}/big.jpg`
      const { error } = await alice.client.storage
        .from('images')
        .upload(key, source, { contentType: 'image/jpeg', cacheControl: '3600' })
      expect(error).toBeNull()
      await harness.backend.db.exec(`
        insert into storage.buckets (id, name, public) values ('albums', 'albums', false);
        create policy "albums insert" on storage.objects for insert to authenticated
          with check (bucket_id = 'albums' and (storage.foldername(name))[1] = auth.uid()::text);
        create policy "albums select" on storage.objects for select to authenticated
          using (bucket_id = 'albums' and owner_id = auth.uid()::text);
      `)
    })

    const size = async (bytes: Buffer): Promise<[number, number, string]> => {
      const meta = await sharp(bytes).metadata()
      return [meta.width, meta.height, meta.format]
    }

    it('serves a public rendition with the bytes and headers hosted returns', async () => {
      const { publicUrl } = alice.client.storage
        .from('images')
        .getPublicUrl(key, { transform: { width: 400 } }).data
      expect(publicUrl).toBe(
        `${harness.backend.url}/storage/v1/render/image/public/images/${key}?width=400`
      )
      const response = await fetch(publicUrl, { headers: { accept: WEBP_ACCEPT } })
      expect(response.status).toBe(200)
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(await size(bytes)).toEqual([400, 300, 'webp'])
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect(response.headers.get('content-length')).toBe(String(bytes.length))
      expect(response.headers.get('cache-control')).toBe('max-age=3600')
      expect(response.headers.get('x-transformations')).toBe('width:400,resizing_type:fill')
      const original = await fetch(
        alice.client.storage.from('images').getPublicUrl(key).data.publicUrl
      )
      expect(response.headers.get('etag')).toBe(original.headers.get('etag'))
      expect(response.headers.get('last-modified')).toBe(original.headers.get('last-modified'))

      // Without WebP in Accept, or with format=origin, the source's format is kept.
      const plain = await fetch(publicUrl)
      expect(plain.headers.get('content-type')).toBe('image/jpeg')
      expect(await size(Buffer.from(await plain.arrayBuffer()))).toEqual([400, 300, 'jpeg'])
      const origin = alice.client.storage
        .from('images')
        .getPublicUrl(key, { transform: { width: 400, format: 'origin' } }).data.publicUrl
      const kept = await fetch(origin, { headers: { accept: WEBP_ACCEPT } })
      expect(kept.headers.get('content-type')).toBe('image/jpeg')
    })

    it('resizes with cover, contain and fill, never enlarging and clamping to 2500 px', async () => {
      const render = async (query: string): Promise<[number, number, string]> => {
        const url = `${harness.backend.url}/storage/v1/render/image/public/images/${key}?${query}`
        const response = await fetch(url)
        expect(response.status).toBe(200)
        return size(Buffer.from(await response.arrayBuffer()))
      }
      expect(await render('width=300&height=300')).toEqual([300, 300, 'jpeg'])
      expect(await render('width=300&height=300&resize=contain')).toEqual([300, 225, 'jpeg'])
      expect(await render('width=300&height=100&resize=fill')).toEqual([300, 100, 'jpeg'])
      expect(await render('height=120')).toEqual([160, 120, 'jpeg'])
      expect(await render('width=9000')).toEqual([1600, 1200, 'jpeg'])
      const clamped = await fetch(
        `${harness.backend.url}/storage/v1/render/image/public/images/${key}?width=9000`
      )
      expect(clamped.headers.get('x-transformations')).toBe('width:2500,resizing_type:fill')
      const low = await fetch(
        `${harness.backend.url}/storage/v1/render/image/public/images/${key}?width=300&quality=20`
      )
      const high = await fetch(
        `${harness.backend.url}/storage/v1/render/image/public/images/${key}?width=300&quality=100`
      )
      const lowBytes = (await low.arrayBuffer()).byteLength
      expect(lowBytes).toBeLessThan((await high.arrayBuffer()).byteLength)
    })

    it('answers bad options and non-images with hosted errors', async () => {
      const base = `${harness.backend.url}/storage/v1/render/image/public/images/${key}`
      const refused = async (query: string): Promise<unknown> => {
        const response = await fetch(`${base}?${query}`)
        expect(response.status).toBe(400)
        return response.json()
      }
      expect(await refused('quality=10')).toEqual({
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'Bad Request',
        message: 'querystring/quality must be >= 20'
      })
      expect(await refused('quality=101')).toMatchObject({
        message: 'querystring/quality must be <= 100'
      })
      expect(await refused('width=abc')).toMatchObject({
        message: 'querystring/width must be integer'
      })
      expect(await refused('resize=stretch')).toMatchObject({
        message: 'querystring/resize must be equal to one of the allowed values'
      })
      const service = testClient(harness.backend.url, harness.backend.serviceRoleKey)
      await service.storage
        .from('albums')
        .upload('notes/a.txt', Buffer.from('just text'), { contentType: 'text/plain' })
      const text = await service.storage
        .from('albums')
        .download('notes/a.txt', { transform: { width: 100 } })
      expect(text.error).toMatchObject({ statusCode: '422' })
    })

    it('reads as the plain read does: the SELECT policy for downloads, the token for signed URLs', async () => {
      const albumKey = `${alice.userId}/private.jpg`
      const upload = await alice.client.storage
        .from('albums')
        .upload(albumKey, source, { contentType: 'image/jpeg', cacheControl: '60' })
      expect(upload.error).toBeNull()
      const own = await alice.client.storage
        .from('albums')
        .download(albumKey, { transform: { width: 200, height: 200 } })
      expect(own.error).toBeNull()
      expect(await size(Buffer.from(await own.data!.arrayBuffer()))).toEqual([200, 200, 'jpeg'])
      const other = await bob.client.storage
        .from('albums')
        .download(albumKey, { transform: { width: 200 } })
      expect(other.error).toMatchObject({ statusCode: '404' })
      const publicRoute = await fetch(
        `${harness.backend.url}/storage/v1/render/image/public/albums/${albumKey}?width=200`
      )
      expect(await publicRoute.json()).toMatchObject({ code: 'NoSuchBucket' })

      const signed = await alice.client.storage
        .from('albums')
        .createSignedUrl(albumKey, 120, { transform: { width: 240, resize: 'contain' } })
      expect(signed.error).toBeNull()
      expect(new URL(signed.data!.signedUrl).pathname).toBe(
        `/storage/v1/render/image/sign/albums/${albumKey}`
      )
      const served = await fetch(signed.data!.signedUrl, { headers: { accept: WEBP_ACCEPT } })
      expect(served.status).toBe(200)
      expect(await size(Buffer.from(await served.arrayBuffer()))).toEqual([240, 180, 'webp'])
      expect(served.headers.get('expires')).toBeTruthy()
      expect(served.headers.get('cache-control')).toBeNull()
      // The transformation is fixed by the token: query options cannot change it.
      const tampered = await fetch(`${signed.data!.signedUrl}&width=2000`)
      expect(await size(Buffer.from(await tampered.arrayBuffer()))).toEqual([240, 180, 'jpeg'])
    })

    it('caches renditions on disk by object version', async () => {
      const cacheDir = join(harness.dataDir!, 'transform-cache')
      const url = `${harness.backend.url}/storage/v1/render/image/public/images/${key}?width=123`
      const first = Buffer.from(await (await fetch(url)).arrayBuffer())
      const files = await readdir(cacheDir)
      expect(files.some((f) => f.endsWith('.jpg'))).toBe(true)
      const again = Buffer.from(await (await fetch(url)).arrayBuffer())
      expect(again).toEqual(first)

      // A new version of the object gets a new rendition, never the old one.
      const service = testClient(harness.backend.url, harness.backend.serviceRoleKey)
      const replaced = await service.storage
        .from('images')
        .upload(key, await photo(128), { contentType: 'image/jpeg', upsert: true })
      expect(replaced.error).toBeNull()
      const fresh = Buffer.from(await (await fetch(url)).arrayBuffer())
      expect(fresh.equals(first)).toBe(false)
      expect(await size(fresh)).toEqual([123, 92, 'jpeg'])
    })
  },
  { withDataDir: true }
)
