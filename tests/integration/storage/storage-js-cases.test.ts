// Cases of storage-js's own test suite (supabase-js's packages/core/storage-js/test), through
// the real supabase-js with the service_role key, with the answers hosted Storage gives them:
// a bucket checks only what it declares (size limit, allowed types), never the bytes.
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
