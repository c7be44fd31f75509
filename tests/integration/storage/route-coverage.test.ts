// Every storage-js method that sends a request reaches a storage route: none is answered
// "No storage route", and each succeeds (as the service role, on a bucket made for the walk) or,
// for features this backend does not offer, is refused as hosted refuses it. Each call goes
// through the real client with a fetch that records what the server said. A resumable (TUS)
// upload, which storage-js leaves to tus-js-client, is walked with raw requests as it sends them.

import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import { testClient, type Harness } from '../../support/backend-harness'
import { PNG_1X1 } from '../../support/images'
import { describeEachBackend } from '../../support/database-suite'

interface Answer {
  method: string
  url: string
  status: number
  body: string
}

interface Call {
  name: string
  run: (client: SupabaseClient) => Promise<{ error: unknown }>
  /** A feature this backend does not offer (analytics and vector buckets). */
  off?: true
}

const B = 'walk'
const file = (): Blob => new Blob(['walk'], { type: 'text/plain' })
const vectorIndex = { indexName: 'i', dataType: 'float32', dimension: 3, distanceMetric: 'cosine' }

/** Calls with routes in this branch, in an order that leaves each one something to act on. */
const CALLS: Call[] = [
  { name: 'createBucket', run: (c) => c.storage.createBucket(B, { public: true }) },
  { name: 'getBucket', run: (c) => c.storage.getBucket(B) },
  { name: 'listBuckets', run: (c) => c.storage.listBuckets({ limit: 5, sortColumn: 'name' }) },
  { name: 'updateBucket', run: (c) => c.storage.updateBucket(B, { public: true }) },
  { name: 'upload', run: (c) => c.storage.from(B).upload('a/one.txt', file()) },
  { name: 'update', run: (c) => c.storage.from(B).update('a/one.txt', file()) },
  { name: 'download', run: (c) => c.storage.from(B).download('a/one.txt') },
  { name: 'info', run: (c) => c.storage.from(B).info('a/one.txt') },
  { name: 'exists', run: (c) => c.storage.from(B).exists('a/one.txt') },
  { name: 'list', run: (c) => c.storage.from(B).list('a') },
  { name: 'listV2', run: (c) => c.storage.from(B).listV2({ prefix: 'a/', with_delimiter: true }) },
  { name: 'copy', run: (c) => c.storage.from(B).copy('a/one.txt', 'a/two.txt') },
  { name: 'move', run: (c) => c.storage.from(B).move('a/two.txt', 'a/three.txt') },
  { name: 'createSignedUrl', run: (c) => c.storage.from(B).createSignedUrl('a/one.txt', 60) },
  { name: 'createSignedUrls', run: (c) => c.storage.from(B).createSignedUrls(['a/one.txt'], 60) },
  {
    name: 'createSignedUploadUrl',
    run: (c) => c.storage.from(B).createSignedUploadUrl('a/up.txt')
  },
  {
    name: 'uploadToSignedUrl',
    run: async (c) => {
      const signed = await c.storage.from(B).createSignedUploadUrl('a/up2.txt')
      return c.storage.from(B).uploadToSignedUrl('a/up2.txt', signed.data!.token, file())
    }
  },
  {
    name: 'download with transform (render/image)',
    run: async (c) => {
      await c.storage.from(B).upload('a/pic.png', PNG_1X1, { contentType: 'image/png' })
      return c.storage.from(B).download('a/pic.png', { transform: { width: 10 } })
    }
  },
  { name: 'purgeCache', run: (c) => c.storage.from(B).purgeCache('a/one.txt') },
  { name: 'purgeBucketCache', run: (c) => c.storage.purgeBucketCache(B) },
  { name: 'remove', run: (c) => c.storage.from(B).remove(['a/three.txt']) },
  { name: 'emptyBucket', run: (c) => c.storage.emptyBucket(B) },
  { name: 'deleteBucket', run: (c) => c.storage.deleteBucket(B) },
  {
    off: true,
    name: 'analytics.createBucket',
    run: (c) => c.storage.analytics.createBucket('lake')
  },
  { off: true, name: 'analytics.listBuckets', run: (c) => c.storage.analytics.listBuckets() },
  {
    off: true,
    name: 'analytics.deleteBucket',
    run: (c) => c.storage.analytics.deleteBucket('lake')
  },
  { off: true, name: 'vectors.createBucket', run: (c) => c.storage.vectors.createBucket('vec') },
  { off: true, name: 'vectors.getBucket', run: (c) => c.storage.vectors.getBucket('vec') },
  { off: true, name: 'vectors.listBuckets', run: (c) => c.storage.vectors.listBuckets() },
  {
    off: true,
    name: 'vectors.createIndex',
    run: (c) => c.storage.vectors.from('vec').createIndex(vectorIndex as never)
  },
  {
    off: true,
    name: 'vectors.listIndexes',
    run: (c) => c.storage.vectors.from('vec').listIndexes()
  },
  { off: true, name: 'vectors.getIndex', run: (c) => c.storage.vectors.from('vec').getIndex('i') },
  {
    off: true,
    name: 'vectors.putVectors',
    run: (c) =>
      c.storage.vectors
        .from('vec')
        .index('i')
        .putVectors({ vectors: [{ key: 'k', data: { float32: [1, 2, 3] } }] })
  },
  {
    off: true,
    name: 'vectors.getVectors',
    run: (c) =>
      c.storage.vectors
        .from('vec')
        .index('i')
        .getVectors({ keys: ['k'] })
  },
  {
    off: true,
    name: 'vectors.listVectors',
    run: (c) => c.storage.vectors.from('vec').index('i').listVectors()
  },
  {
    off: true,
    name: 'vectors.queryVectors',
    run: (c) =>
      c.storage.vectors
        .from('vec')
        .index('i')
        .queryVectors({ queryVector: { float32: [1, 2, 3] }, topK: 1 })
  },
  {
    off: true,
    name: 'vectors.deleteVectors',
    run: (c) =>
      c.storage.vectors
        .from('vec')
        .index('i')
        .deleteVectors({ keys: ['k'] })
  },
  {
    off: true,
    name: 'vectors.deleteIndex',
    run: (c) => c.storage.vectors.from('vec').deleteIndex('i')
  },
  { off: true, name: 'vectors.deleteBucket', run: (c) => c.storage.vectors.deleteBucket('vec') }
]

describeEachBackend('storage-js reaches a storage route for every call', (suite) => {
  let harness: Harness
  let client: SupabaseClient
  let answers: Answer[] = []

  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    const request = new Request(input, init)
    answers.push({
      method: request.method,
      url: request.url,
      status: response.status,
      body: request.method === 'HEAD' ? '' : await response.clone().text()
    })
    return response
  }

  beforeAll(() => {
    harness = suite.harness
    client = testClient(harness.backend.url, harness.backend.serviceRoleKey, { fetch: recording })
  })

  for (const call of CALLS) {
    it(`${call.name} reaches a route`, async () => {
      answers = []
      const { error } = await call.run(client)
      if (call.off) expect(error).toMatchObject({ statusCode: '409' })
      else expect(error).toBeNull()
      const storage = answers.filter((a) => a.url.includes('/storage/v1/'))
      expect(storage.length, `${call.name} sent no storage request`).toBeGreaterThan(0)
      for (const answer of storage) {
        expect(answer.body, `${answer.method} ${answer.url}`).not.toContain('No storage route')
        expect(answer.status, `${answer.method} ${answer.url}`).not.toBe(404)
      }
    })
  }

  it('a resumable (TUS) upload at /storage/v1/upload/resumable reaches a route', async () => {
    const b64 = (value: string): string => Buffer.from(value).toString('base64')
    const headers = {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${harness.backend.serviceRoleKey}`,
      apikey: harness.backend.anonKey
    }
    await client.storage.createBucket('tus-walk')
    const created = await fetch(`${harness.backend.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': '4',
        'upload-metadata': `bucketName ${b64('tus-walk')},objectName ${b64('t.txt')}`
      }
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    const probe = await fetch(location, { method: 'HEAD', headers })
    expect(probe.headers.get('upload-offset')).toBe('0')
    const sent = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...headers,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream'
      },
      body: 'walk'
    })
    expect(sent.status).toBe(204)
    expect((await client.storage.from('tus-walk').exists('t.txt')).data).toBe(true)
  })

  it('answers what it does not offer as hosted does without the feature', async () => {
    const analytics = await client.storage.analytics.listBuckets()
    expect(analytics.error).toMatchObject({
      statusCode: '409',
      message: 'The feature iceberg_catalog is not enabled for this resource'
    })
    const anon = testClient(harness.backend.url, harness.backend.anonKey)
    const purge = await anon.storage.from('images').purgeCache('x.png')
    expect(purge.error).toMatchObject({
      status: 403,
      statusCode: '403',
      message: 'Access denied: Invalid role'
    })
  })
})
