// The Storage API driven by the real supabase-js client, on PGlite and on PostgreSQL 15, with
// object bytes on disk (a temporary data folder).

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { objectFilePath } from '../../../src/backend/storage/byte-store'
import { JPEG_3X2 as JPEG, PNG_1X1 as PNG } from '../../support/images'
import { rawRequest } from '../../support/raw-request'
import { testClient, signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

describeEachBackend(
  'storage API',
  (suite) => {
    let harness: Harness
    let alice: SignedIn
    let bob: SignedIn

    const filePath = (key: string): string =>
      objectFilePath(join(harness.dataDir!, 'storage'), 'images', key)

    beforeAll(async () => {
      harness = suite.harness
      alice = await signUpAndIn(harness, 'alice')
      bob = await signUpAndIn(harness, 'bob')
    })

    it('uploads raw bytes and serves them at the public URL', async () => {
      const key = `posts/${alice.userId}/raw.png`
      const { data, error } = await alice.client.storage
        .from('images')
        .upload(key, PNG, { contentType: 'image/png', cacheControl: '3600' })
      expect(error).toBeNull()
      expect(data).toMatchObject({ path: key, fullPath: `images/${key}` })
      expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)

      const url = alice.client.storage.from('images').getPublicUrl(key).data.publicUrl
      const response = await fetch(url)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('cache-control')).toBe('max-age=3600')
      expect(response.headers.get('content-length')).toBe(String(PNG.length))
      expect(response.headers.get('accept-ranges')).toBe('bytes')
      const etag = response.headers.get('etag')!
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
      expect(response.headers.get('last-modified')).toBeTruthy()
      expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304)
      const download = await fetch(`${url}?download=photo.png`)
      expect(download.headers.get('content-disposition')).toContain(
        'attachment; filename="photo.png"'
      )

      const { rows } = await harness.backend.db.query<{
        owner_id: string
        metadata: Record<string, unknown>
      }>(
        `select owner_id, metadata from storage.objects where bucket_id = 'images' and name = $1`,
        [key]
      )
      expect(rows[0].owner_id).toBe(alice.userId)
      expect(rows[0].metadata).toMatchObject({
        size: PNG.length,
        mimetype: 'image/png',
        cacheControl: 'max-age=3600',
        contentLength: PNG.length,
        httpStatusCode: 200
      })
      expect(existsSync(filePath(key))).toBe(true)
    })

    it('uploads a Blob as multipart and downloads it with the client', async () => {
      const key = `posts/${alice.userId}/multi.jpg`
      const blob = new Blob([JPEG], { type: 'image/jpeg' })
      const { error } = await alice.client.storage.from('images').upload(key, blob)
      expect(error).toBeNull()
      const downloaded = await alice.client.storage.from('images').download(key)
      expect(downloaded.error).toBeNull()
      expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(JPEG)
      const head = await fetch(alice.client.storage.from('images').getPublicUrl(key).data.publicUrl)
      expect(head.headers.get('content-type')).toBe('image/jpeg')
      expect(head.headers.get('cache-control')).toBe('max-age=3600')
      expect(await alice.client.storage.from('images').exists(key)).toMatchObject({ data: true })
      expect(
        await alice.client.storage.from('images').exists(`posts/${alice.userId}/nothing.jpg`)
      ).toMatchObject({ data: false })
    })

    it('refuses duplicates, oversize files, disguised non-images and other folders', async () => {
      const bucket = alice.client.storage.from('images')
      const key = `posts/${alice.userId}/dup.png`
      expect((await bucket.upload(key, PNG, { contentType: 'image/png' })).error).toBeNull()
      const duplicate = await bucket.upload(key, PNG, { contentType: 'image/png' })
      expect(duplicate.error?.message).toBe('The resource already exists')
      expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409' })

      const big = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)])
      const oversize = await bucket.upload(`posts/${alice.userId}/big.jpg`, big, {
        contentType: 'image/jpeg'
      })
      expect(oversize.error).toMatchObject({ status: 400, statusCode: '413' })
      expect(oversize.error?.message).toBe('The object exceeded the maximum allowed size')

      for (const fake of [
        '<html><script>alert(1)</script></html>',
        '<svg xmlns="http://www.w3.org/2000/svg"/>'
      ]) {
        const disguised = await bucket.upload(`posts/${alice.userId}/fake.jpg`, Buffer.from(fake), {
          contentType: 'image/jpeg'
        })
        expect(disguised.error).toMatchObject({ statusCode: '415' })
      }
      const wrongKind = await bucket.upload(`posts/${alice.userId}/png-as.jpg`, PNG, {
        contentType: 'image/jpeg'
      })
      expect(wrongKind.error).toMatchObject({ statusCode: '415' })
      const text = await bucket.upload(`posts/${alice.userId}/a.txt`, 'hello')
      expect(text.error?.message).toBe('mime type text/plain is not supported')

      const foreign = await bucket.upload(`posts/${bob.userId}/x.png`, PNG, {
        contentType: 'image/png'
      })
      expect(foreign.error).toMatchObject({ statusCode: '403' })
      expect(foreign.error?.message).toBe('new row violates row-level security policy')

      const anon = await harness
        .anon()
        .storage.from('images')
        .upload(`posts/${alice.userId}/anon.png`, PNG, {
          contentType: 'image/png'
        })
      expect(anon.error?.statusCode).toBe('403')
      const { rows } = await harness.backend.db.query(
        `select name from storage.objects where name like '%fake%' or name like '%big%' or name like 'posts/${bob.userId}/%'`
      )
      expect(rows).toEqual([])
    })

    it('refuses traversal and encoded separators in keys', async () => {
      const bucket = alice.client.storage.from('images')
      // fetch resolves `..` (and %2e%2e) before sending, so the key leaves the user's folder.
      for (const key of [`posts/${alice.userId}/../x.png`, `posts/${alice.userId}/%2e%2e/x.png`]) {
        const { error } = await bucket.upload(key, PNG, { contentType: 'image/png' })
        expect(error, key).not.toBeNull()
      }
      const headers = {
        apikey: harness.backend.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        'content-type': 'image/png',
        'x-upsert': 'false'
      }
      for (const path of [
        `posts/${alice.userId}/../../x.png`,
        `posts/${alice.userId}/%2e%2e/%2e%2e/x.png`,
        `posts/${alice.userId}/a%2f..%2f..%2fx.png`,
        `posts/${alice.userId}/a%5cb.png`,
        `posts/${alice.userId}/./x.png`,
        `posts/${alice.userId}//x.png`,
        `posts/${alice.userId}/%00.png`
      ]) {
        const result = await rawRequest(
          harness.backend.url,
          'POST',
          `/storage/v1/object/images/${path}`,
          headers,
          PNG
        )
        expect(result.status, path).toBe(400)
        expect(result.body, path).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
      }
      // With the key: the gateway lets it in, and storage itself refuses the traversal.
      const escaped = await rawRequest(
        harness.backend.url,
        'GET',
        '/storage/v1/object/public/images/../../../etc/passwd',
        { apikey: harness.backend.anonKey }
      )
      expect(escaped.status).toBe(400)
      const { rows } = await harness.backend.db.query(
        `select name from storage.objects where name like '%x.png'`
      )
      expect(rows).toEqual([])
    })

    it('removes own objects with their files, and silently keeps others', async () => {
      const mine = `posts/${alice.userId}/remove-me.png`
      const theirs = `posts/${bob.userId}/keep-me.png`
      expect(
        (await alice.client.storage.from('images').upload(mine, PNG, { contentType: 'image/png' }))
          .error
      ).toBeNull()
      expect(
        (await bob.client.storage.from('images').upload(theirs, PNG, { contentType: 'image/png' }))
          .error
      ).toBeNull()

      const denied = await alice.client.storage.from('images').remove([theirs])
      expect(denied).toEqual({ data: [], error: null })
      expect(existsSync(filePath(theirs))).toBe(true)
      const publicUrl = bob.client.storage.from('images').getPublicUrl(theirs).data.publicUrl
      expect((await fetch(publicUrl)).status).toBe(200)

      const removed = await alice.client.storage.from('images').remove([mine])
      expect(removed.error).toBeNull()
      expect(removed.data).toHaveLength(1)
      expect(removed.data?.[0]).toMatchObject({
        name: mine,
        bucket_id: 'images',
        owner_id: alice.userId
      })
      expect(existsSync(filePath(mine))).toBe(false)
      const gone = await fetch(
        alice.client.storage.from('images').getPublicUrl(mine).data.publicUrl
      )
      expect(gone.status).toBe(400)
      expect(await gone.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    })

    it('reads a private bucket through the SELECT policy only', async () => {
      await harness.backend.db.exec(`
      insert into storage.buckets (id, name, public) values ('private', 'private', false)
        on conflict do nothing;
      create policy "private insert" on storage.objects for insert to authenticated
        with check (bucket_id = 'private' and owner_id = auth.uid()::text);
      create policy "private select" on storage.objects for select to authenticated
        using (bucket_id = 'private' and owner_id = auth.uid()::text);
    `)
      const key = `${alice.userId}/secret.png`
      const upload = await alice.client.storage
        .from('private')
        .upload(key, PNG, { contentType: 'image/png' })
      expect(upload.error).toBeNull()
      const own = await alice.client.storage.from('private').download(key)
      expect(Buffer.from(await own.data!.arrayBuffer())).toEqual(PNG)
      const other = await bob.client.storage.from('private').download(key)
      expect(other.error).not.toBeNull()
      const path = `/storage/v1/object/private/${key}`
      const apikey = harness.backend.anonKey
      const noToken = await rawRequest(harness.backend.url, 'GET', path, { apikey })
      expect(noToken.body).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
      const hidden = await rawRequest(harness.backend.url, 'GET', path, {
        apikey,
        authorization: `Bearer ${bob.accessToken}`
      })
      expect(hidden.body).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
      const publicUrl = await rawRequest(
        harness.backend.url,
        'GET',
        `/storage/v1/object/public/private/${key}`,
        {}
      )
      expect(publicUrl.body).toMatchObject({ code: 'NoSuchBucket' })
      const forged = await rawRequest(
        harness.backend.url,
        'GET',
        `/storage/v1/object/authenticated/private/${key}`,
        {
          apikey,
          authorization: `Bearer ${alice.accessToken.slice(0, -2)}xx`
        }
      )
      expect(forged.body).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    })

    it('lists buckets as the caller sees them', async () => {
      expect((await alice.client.storage.listBuckets()).data).toEqual([])
      const service = testClient(harness.backend.url, harness.backend.serviceRoleKey)
      const { data } = await service.storage.listBuckets()
      expect(data?.map((b) => b.id)).toContain('images')
    })

    it('lists own folder and reports missing buckets', async () => {
      const bucket = alice.client.storage.from('images')
      await bucket.upload(`posts/${alice.userId}/list/one.png`, PNG, { contentType: 'image/png' })
      const { data, error } = await bucket.list(`posts/${alice.userId}`)
      expect(error).toBeNull()
      const names = data!.map((e) => e.name)
      expect(names).toContain('list')
      expect(names).toContain('raw.png')
      const others = await bob.client.storage.from('images').list(`posts/${alice.userId}`)
      expect(others.data).toEqual([])

      const missing = await alice.client.storage
        .from('nope')
        .upload('a.png', PNG, { contentType: 'image/png' })
      expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
    })
  },
  { withDataDir: true }
)
