// Cases of storage-js's own test suite (supabase-js's packages/core/storage-js/test), through
// the real supabase-js with the service_role key, with the answers hosted Storage gives them:
// a bucket checks only what it declares (size limit, allowed types), never the bytes; image
// transforms read the source's format from its bytes, as imgproxy does; object info's shape.
// The app's own rule for its images bucket (check_image_content in supabase/config.toml) is
// local and declared, not built in. Runs on PGlite and PostgreSQL.

import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import { DEFAULT_STORAGE_CONFIG, parseStorageConfig } from '../../../src/backend/storage/config'
import { parseToml, tableAt } from '../../../src/backend/config-toml'
import { startHarness, testClient, type Harness } from '../../support/backend-harness'
import { describeEachBackend, postgresUrl } from '../../support/database-suite'
import { JPEG_3X2, PNG_1X1 } from '../../support/images'

const CONFIG_TOML = readFileSync(resolve('supabase/config.toml'), 'utf8')
const UPLOAD_PATH = 'testpath/file.jpg'

describeEachBackend("storage: storage-js's own cases", (suite) => {
  let admin: SupabaseClient

  beforeAll(async () => {
    const { backend } = suite.harness
    admin = testClient(backend.url, backend.serviceRoleKey)
    const buckets: [string, { public: boolean; allowedMimeTypes?: string[] }][] = [
      ['sjs-public', { public: true }],
      ['sjs-private', { public: false }],
      ['sjs-png-only', { public: true, allowedMimeTypes: ['image/png'] }]
    ]
    for (const [id, options] of buckets) {
      expect((await admin.storage.createBucket(id, options)).error).toBeNull()
    }
  })

  it('stores bytes of any kind under a type the bucket allows, as hosted Storage does', async () => {
    // storage-js's "can upload a file with a valid mime type": a JPEG sent as image/png.
    const jpeg = await admin.storage
      .from('sjs-png-only')
      .upload(UPLOAD_PATH, JPEG_3X2, { contentType: 'image/png' })
    expect(jpeg.error).toBeNull()
    const text = await admin.storage
      .from('sjs-png-only')
      .upload('testpath/notes.png', Buffer.from('not a picture'), { contentType: 'image/png' })
    expect(text.error).toBeNull()
    const signed = await admin.storage.from('sjs-png-only').createSignedUploadUrl('signed.png')
    const viaToken = await admin.storage
      .from('sjs-png-only')
      .uploadToSignedUrl(signed.data!.path, signed.data!.token, Buffer.from('<svg/>'), {
        contentType: 'image/png'
      })
    expect(viaToken.error).toBeNull()
    // What the bucket declares still holds.
    const gif = await admin.storage
      .from('sjs-png-only')
      .upload('testpath/x.gif', PNG_1X1, { contentType: 'image/gif' })
    expect(gif.error).toMatchObject({
      statusCode: '415',
      message: 'mime type image/gif is not supported'
    })
  })

  it("transforms an image by its bytes' format, whatever type it was uploaded as", async () => {
    // storage-js uploads sadcat.jpg as a Buffer: its type is text/plain.
    expect((await admin.storage.from('sjs-private').upload(UPLOAD_PATH, JPEG_3X2)).error).toBeNull()
    const downloaded = await admin.storage
      .from('sjs-private')
      .download(UPLOAD_PATH, { transform: { width: 200, height: 200 } })
    expect(downloaded.error).toBeNull()
    expect(downloaded.data?.type).toBe('image/jpeg')
    expect(downloaded.data?.size).toBeGreaterThan(0)

    expect((await admin.storage.from('sjs-public').upload(UPLOAD_PATH, JPEG_3X2)).error).toBeNull()
    const { data } = await admin.storage
      .from('sjs-public')
      .createSignedUrl(UPLOAD_PATH, 60000, { transform: { width: 200, height: 200, quality: 60 } })
    const image = await fetch(data!.signedUrl)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect(image.headers.get('x-transformations')).toBe(
      'height:200,width:200,resizing_type:fill,quality:60'
    )
    // Bytes that are no image are still refused, as imgproxy refuses them.
    await admin.storage.from('sjs-public').upload('testpath/notes.txt', 'plain words')
    const refused = await admin.storage
      .from('sjs-public')
      .download('testpath/notes.txt', { transform: { width: 20 } })
    expect(refused.error).toMatchObject({ message: 'Source image type not supported' })
  })

  it('answers object info in hosted shape, with {} for no custom metadata', async () => {
    await admin.storage.from('sjs-public').upload('testpath/info.jpg', JPEG_3X2)
    const { data, error } = await admin.storage.from('sjs-public').info('testpath/info.jpg')
    expect(error).toBeNull()
    expect(data).toEqual({
      id: expect.any(String),
      name: 'testpath/info.jpg',
      version: expect.any(String),
      bucketId: 'sjs-public',
      size: JPEG_3X2.length,
      contentType: 'text/plain;charset=UTF-8',
      cacheControl: 'max-age=3600',
      etag: expect.any(String),
      metadata: {},
      lastModified: expect.any(String),
      createdAt: expect.any(String)
    })
  })

  it("keeps the images bucket's content rule only where config.toml declares it", async () => {
    // The repository's config.toml declares the rule for its images bucket, with the bucket's
    // row as the migrations create it (the Supabase CLI applies those keys too).
    expect(parseStorageConfig(CONFIG_TOML)).toEqual({ imageContentBuckets: ['images'] })
    const declared = tableAt(parseToml(CONFIG_TOML), 'storage.buckets.images')
    const row = (await admin.storage.getBucket('images')).data!
    expect({
      public: declared.public,
      file_size_limit: declared.file_size_limit === '10MiB' ? 10 * 1024 * 1024 : null,
      allowed_mime_types: declared.allowed_mime_types
    }).toEqual({
      public: row.public,
      file_size_limit: row.file_size_limit,
      allowed_mime_types: row.allowed_mime_types
    })
    const disguised = Buffer.from('<svg onload="alert(1)"/>')
    const refused = await admin.storage
      .from('images')
      .upload('posts/x/disguised.jpg', disguised, { contentType: 'image/jpeg' })
    expect(refused.error).toMatchObject({ statusCode: '415' })
    // Without the declaration the backend knows nothing of the app's bucket.
    const bare: Harness = await startHarness(suite.kind, postgresUrl, {
      config: { storage: DEFAULT_STORAGE_CONFIG }
    })
    try {
      const service = testClient(bare.backend.url, bare.backend.serviceRoleKey)
      const stored = await service.storage
        .from('images')
        .upload('posts/x/disguised.jpg', disguised, { contentType: 'image/jpeg' })
      expect(stored.error).toBeNull()
    } finally {
      await bare.close()
    }
  })
})
