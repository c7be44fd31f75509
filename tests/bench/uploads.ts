// Plain versus resumable (TUS) upload of a 10 MB and a 20 MB photo on the local backend (PGlite,
// data folder), over HTTP as a signed-in user: storage-js's one-request upload against the app's
// TUS client (src/shared/data/resumable-upload.ts) in Supabase's 6 MB chunks. The images bucket
// stops at 10 MB, so the photos go to a bench bucket that allows 50 MB (hosted's global limit).
// The local backend takes request bodies of at most 11 MB, so the plain 20 MB upload is refused
// (413): only the resumable one gets it there.

import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import sharp from 'sharp'
import { apiKeyOf, resumableEndpoint } from '../../src/shared/data/object-upload'
import { uploadResumable } from '../../src/shared/data/resumable-upload'
import { MAX_BODY_BYTES } from '../../src/backend/http/server'
import { RESUMABLE_UPLOAD_CHUNK_BYTES } from '../../src/shared/limits'
import { signUpAndIn, startHarness, testClient } from '../support/backend-harness'
import { percentile } from './stats'

export interface SizeResults {
  bytes: number
  /** Null when the plain upload was refused (too large for one request body). */
  plain: number[] | null
  resumable: number[]
}

export interface UploadResults {
  sizes: SizeResults[]
  loadAverage: number
}

const RUNS = 6
const BUCKET = 'bench-large'

/** A PNG of random pixels (nothing to compress) of about `megabytes` MB. */
async function largePhoto(megabytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3))
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

export async function measureUploads(): Promise<UploadResults> {
  const harness = await startHarness('pglite', '', { withDataDir: true })
  try {
    const service = testClient(harness.backend.url, harness.backend.serviceRoleKey)
    const made = await service.storage.createBucket(BUCKET, {
      public: false,
      fileSizeLimit: 50 * 1024 * 1024,
      allowedMimeTypes: ['image/png']
    })
    if (made.error) throw new Error(`bucket: ${made.error.message}`)
    const alice = await signUpAndIn(harness, 'alice')
    await harness.backend.db.query(
      `create policy "bench uploads" on storage.objects for all to authenticated
         using (bucket_id = '${BUCKET}') with check (bucket_id = '${BUCKET}')`
    )
    const bucket = alice.client.storage.from(BUCKET)
    const sizes: SizeResults[] = []
    for (const megabytes of [10, 20]) {
      // Just under the size, so 10 MB still fits one 11 MB request body with its headers.
      const photo = await largePhoto(megabytes - 0.1)
      let plain: number[] | null = []
      const resumable: number[] = []
      // Run 0 of each warms up and is not counted; the two alternate so load hits both alike.
      for (let i = 0; i <= RUNS; i++) {
        let started = performance.now()
        const path = `${megabytes}-plain-${i}.png`
        const { error } = await bucket.upload(path, photo, { contentType: 'image/png' })
        // Past the body limit the backend answers 413 and closes the connection mid-body, which
        // fetch reports as a failure; anything else is a real error.
        if (error && photo.length <= MAX_BODY_BYTES) throw new Error(`plain: ${error.message}`)
        if (photo.length > MAX_BODY_BYTES && !error) throw new Error('plain: not refused')
        if (error) plain = null
        else if (i > 0) plain?.push(performance.now() - started)
        started = performance.now()
        await uploadResumable(
          {
            endpoint: resumableEndpoint(alice.client, BUCKET),
            apiKey: apiKeyOf(alice.client),
            accessToken: alice.accessToken,
            bucket: BUCKET,
            path: `${megabytes}-resumable-${i}.png`,
            contentType: 'image/png',
            cacheControl: '3600',
            upsert: false
          },
          photo
        )
        if (i > 0) resumable.push(performance.now() - started)
      }
      sizes.push({
        bytes: photo.length,
        plain: plain && plain.sort((a, b) => a - b),
        resumable: resumable.sort((a, b) => a - b)
      })
    }
    return { sizes, loadAverage: loadavg()[0] }
  } finally {
    await harness.close()
  }
}

export function renderUploads(results: UploadResults): string[] {
  const ms = (value: number): string => `${value.toFixed(0)} ms`
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  const timing = (runs: number[]): string =>
    `${ms(percentile(runs, 50))} | ${ms(percentile(runs, 95))} | ${runs.length}`
  const rows = results.sizes.flatMap(({ bytes, plain, resumable }) => [
    `| ${mb(bytes)} | plain (1 request) | ${plain ? timing(plain) : 'refused: 413, over the 11 MB request body limit | – | –'} |`,
    `| ${mb(bytes)} | resumable (${Math.ceil(bytes / RESUMABLE_UPLOAD_CHUNK_BYTES)} chunks of 6 MB) | ${timing(resumable)} |`
  ])
  return [
    '## Large photo uploads',
    '',
    'Random-pixel PNGs uploaded as a signed-in user over HTTP to the local backend (PGlite, data ' +
      'folder): plainly (one request, as storage-js sends it) and resumably (TUS through the ' +
      "app's client, which the app uses for photos above 6 MB). The resumable upload costs a " +
      'creation request, one request per chunk and the parts on disk before the object is ' +
      'written; it buys that a dropped connection re-sends at most one chunk, and bodies past ' +
      "the local backend's 11 MB request limit. The app itself stores photos of up to 10 MB, " +
      'so at most 2 chunks.',
    '',
    '| Photo | Upload | p50 | p95 | runs |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Load average when the runs ended: ${results.loadAverage.toFixed(1)} (a shared machine).`,
    ''
  ]
}
