// The upload route's rules without a database: a fake Database answers the bucket lookup and
// lets the test decide how the role transaction ends.

import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_CONFIG, type BackendContext } from '../../../../src/backend/context'
import { PasswordPool } from '../../../../src/backend/auth/password-pool'
import type { Database, Transaction } from '../../../../src/backend/db/database'
import type { ApiRequest } from '../../../../src/backend/http/types'
import { signJwt, type JwtKeys } from '../../../../src/backend/jwt'
import { objectFilePath } from '../../../../src/backend/storage/byte-store'
import { createStorageApi } from '../../../../src/backend/storage'
import { checkAgainstBucket } from '../../../../src/backend/storage/upload'
// A whole 1×1 PNG: the upload path refuses truncated images (storage/image-structure.ts).
import { PNG_1X1 as PNG } from '../../../support/images'

const USER = '11111111-2222-4333-8444-555555555555'
const keys: JwtKeys = { secret: new TextEncoder().encode('x'.repeat(48)), issuer: 'test' }
// The app's images bucket, with its check_image_content rule from supabase/config.toml.
const bucket = {
  id: 'images',
  public: true,
  file_size_limit: 100,
  allowed_mime_types: ['image/png', 'image/jpeg'],
  checkImageContent: true
}

function fakeDb(endTransaction: 'commit' | 'fail-commit' | 'rls'): Database {
  const tx: Transaction = {
    queryAndCommit: (sql: string) => tx.query(sql),
    async query(sql: string) {
      if (endTransaction === 'rls' && sql.includes('insert into storage.objects')) {
        throw Object.assign(new Error('new row violates row-level security policy'), {
          code: '42501'
        })
      }
      return { rows: [], rowCount: 0 }
    },
    async exec() {}
  }
  return {
    kind: 'pglite',
    calls: 0,
    query: (async (sql: string) =>
      sql.includes('from storage.buckets')
        ? { rows: [bucket], rowCount: 1 }
        : { rows: [], rowCount: 0 }) as Database['query'],
    exec: async () => undefined,
    async transaction(work) {
      const result = await work(tx)
      if (endTransaction === 'fail-commit') throw new Error('could not commit')
      return result
    },
    listen: async () => async () => undefined,
    close: async () => undefined
  } as Database
}

describe('upload', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-'))
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await rm(dir, { recursive: true, force: true })
  })

  async function upload(endTransaction: 'commit' | 'fail-commit' | 'rls', key: string) {
    const context: BackendContext = {
      db: fakeDb(endTransaction),
      keys,
      // Uploads hash no password: its threads never start.
      passwords: new PasswordPool(),
      config: { ...DEFAULT_CONFIG, storageDir: dir },
      publicUrl: () => 'http://test'
    }
    const token = await signJwt(keys, { role: 'authenticated', sub: USER })
    const request: ApiRequest = {
      method: 'POST',
      url: new URL(`http://test/storage/v1/object/images/${key}`),
      rawPath: `/storage/v1/object/images/${key}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: PNG,
      remoteAddress: '127.0.0.1'
    }
    return createStorageApi(context)(request)
  }

  it('writes the file when the transaction commits', async () => {
    const response = await upload('commit', `posts/${USER}/a.png`)
    expect(response.status).toBe(200)
    expect(existsSync(objectFilePath(dir, 'images', `posts/${USER}/a.png`))).toBe(true)
  })

  it('leaves no file behind when the commit fails after the bytes were published', async () => {
    const response = await upload('fail-commit', `posts/${USER}/b.png`)
    expect(response.status).toBe(500)
    expect(existsSync(objectFilePath(dir, 'images', `posts/${USER}/b.png`))).toBe(false)
    expect(await readdir(join(dir, '.staging'))).toEqual([])
  })

  it('maps an RLS refusal to AccessDenied and discards the staged bytes', async () => {
    const response = await upload('rls', `posts/${USER}/c.png`)
    expect(response.status).toBe(400)
    expect(JSON.parse(String(response.body))).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy'
    })
    expect(await readdir(join(dir, '.staging'))).toEqual([])
  })
})

describe('checkAgainstBucket', () => {
  const body = (bytes: Uint8Array, mimetype: string) => ({
    bytes,
    mimetype,
    cacheControl: 'max-age=3600',
    userMetadata: null
  })

  it('enforces size, allowed types and the bytes’ real type', () => {
    expect(() => checkAgainstBucket(bucket, body(PNG, 'image/png'))).not.toThrow()
    expect(() => checkAgainstBucket(bucket, body(Buffer.alloc(101), 'image/png'))).toThrow(
      expect.objectContaining({ code: 'EntityTooLarge', statusCode: '413' })
    )
    expect(() => checkAgainstBucket(bucket, body(PNG, 'image/gif'))).toThrow(
      expect.objectContaining({
        code: 'InvalidMimeType',
        message: 'mime type image/gif is not supported'
      })
    )
    expect(() => checkAgainstBucket(bucket, body(Buffer.from('<svg/>'), 'image/jpeg'))).toThrow(
      expect.objectContaining({ code: 'InvalidMimeType', statusCode: '415' })
    )
    expect(() => checkAgainstBucket(bucket, body(PNG, 'image/jpeg'))).toThrow(
      expect.objectContaining({ code: 'InvalidMimeType' })
    )
  })

  it('checks only what a bucket declares unless it has the check_image_content rule', () => {
    const declared = { ...bucket, checkImageContent: false }
    // Hosted Storage stores these: the bucket allows the declared type and the size fits.
    expect(() =>
      checkAgainstBucket(declared, body(Buffer.from('<svg/>'), 'image/jpeg'))
    ).not.toThrow()
    expect(() => checkAgainstBucket(declared, body(PNG, 'image/jpeg'))).not.toThrow()
    expect(() => checkAgainstBucket(declared, body(PNG.subarray(0, 40), 'image/png'))).not.toThrow()
    expect(() => checkAgainstBucket(declared, body(PNG, 'image/gif'))).toThrow(
      expect.objectContaining({ code: 'InvalidMimeType', statusCode: '415' })
    )
    expect(() => checkAgainstBucket(declared, body(Buffer.alloc(101), 'image/png'))).toThrow(
      expect.objectContaining({ code: 'EntityTooLarge' })
    )
  })

  it('supports wildcards and buckets without limits', () => {
    const open = { ...bucket, file_size_limit: null, allowed_mime_types: ['image/*'] }
    expect(() => checkAgainstBucket(open, body(PNG, 'image/png; charset=binary'))).not.toThrow()
    const any = { ...bucket, file_size_limit: null, allowed_mime_types: null }
    expect(() =>
      checkAgainstBucket(any, body(Buffer.from('%PDF'), 'application/pdf'))
    ).not.toThrow()
  })
})
