// The bucket API through supabase-js (createBucket, getBucket, listBuckets, updateBucket,
// emptyBucket, deleteBucket) with the service_role key and as a user, and uploads held to a
// bucket's limits, asserting what hosted Storage answers: status, statusCode and message.

import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import { insertUser, testClient, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

/** What storage-js gives back for a refused call: the HTTP status and Storage's body fields. */
function refusal(error: unknown): { status: number; statusCode: string; message: string } {
  const e = error as { status: number; statusCode: string; message: string }
  return { status: e.status, statusCode: e.statusCode, message: e.message }
}

describeEachBackend('storage bucket API', (suite) => {
  let harness: Harness
  let admin: SupabaseClient
  let user: SupabaseClient
  let aliceId: string

  beforeAll(async () => {
    harness = suite.harness
    admin = testClient(harness.backend.url, harness.backend.serviceRoleKey)
    const alice = await insertUser(harness.backend, `bk_${suite.kind}`)
    aliceId = alice.id
    user = testClient(harness.backend.url, harness.backend.anonKey, { token: alice.token })
  })

  it('creates a bucket with the service_role key and reads it back in hosted shape', async () => {
    const created = await admin.storage.createBucket('docs', {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['text/plain', 'image/*']
    })
    expect(created).toEqual({ data: { name: 'docs' }, error: null })

    const { data, error } = await admin.storage.getBucket('docs')
    expect(error).toBeNull()
    expect(Object.keys(data!)).toEqual([
      'id',
      'name',
      'owner',
      'public',
      'created_at',
      'updated_at',
      'file_size_limit',
      'allowed_mime_types'
    ])
    expect(data).toMatchObject({
      id: 'docs',
      name: 'docs',
      owner: null,
      public: false,
      file_size_limit: 1000000,
      allowed_mime_types: ['text/plain', 'image/*']
    })
    expect(data!.created_at).toMatch(ISO)
    expect(data!.updated_at).toMatch(ISO)

    const listed = await admin.storage.listBuckets()
    const docs = listed.data!.find((b) => b.id === 'docs')!
    expect(Object.keys(docs)).toEqual([
      'id',
      'name',
      'public',
      'owner',
      'created_at',
      'updated_at',
      'file_size_limit',
      'allowed_mime_types',
      'type'
    ])
    expect(docs.type).toBe('STANDARD')
    expect(listed.data!.map((b) => b.id)).toContain('images')
  })

  it('lists with search, sort, limit and offset', async () => {
    await admin.storage.createBucket('zz-search-a', { public: true })
    await admin.storage.createBucket('zz-search-b', { public: true })
    const found = await admin.storage.listBuckets({ search: 'SEARCH', sortOrder: 'desc' })
    expect(found.data!.map((b) => b.id)).toEqual(['zz-search-b', 'zz-search-a'])
    const paged = await admin.storage.listBuckets({ search: 'zz-search', limit: 1, offset: 1 })
    expect(paged.data!.map((b) => b.id)).toEqual(['zz-search-b'])
  })

  it('refuses duplicates, bad names, bad MIME types and limits over the global one', async () => {
    expect(refusal((await admin.storage.createBucket('docs')).error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists'
    })
    expect(refusal((await admin.storage.createBucket('bad/name')).error)).toEqual({
      status: 400,
      statusCode: '400',
      message: 'Bucket name invalid'
    })
    expect(refusal((await admin.storage.createBucket(' padded')).error)).toMatchObject({
      statusCode: '400',
      message: 'Bucket name invalid'
    })
    const mime = await admin.storage.createBucket('m1', {
      public: false,
      allowedMimeTypes: ['not a type']
    })
    expect(refusal(mime.error)).toEqual({
      status: 400,
      statusCode: '415',
      message: 'mime type not a type is not supported'
    })
    const huge = await admin.storage.createBucket('m2', { public: false, fileSizeLimit: '1GB' })
    expect(refusal(huge.error)).toEqual({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size'
    })
    const format = await admin.storage.createBucket('m3', {
      public: false,
      fileSizeLimit: '5 apples'
    })
    expect(refusal(format.error)).toMatchObject({
      statusCode: '400',
      message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'
    })
  })

  it('updates a bucket, and uploads are then held to its size and MIME limits', async () => {
    const updated = await admin.storage.updateBucket('docs', {
      public: true,
      fileSizeLimit: 10,
      allowedMimeTypes: ['text/plain']
    })
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
    const { data } = await admin.storage.getBucket('docs')
    expect(data).toMatchObject({
      public: true,
      file_size_limit: 10,
      allowed_mime_types: ['text/plain']
    })

    const docs = admin.storage.from('docs')
    const big = await docs.upload('big.txt', 'more than ten bytes', { contentType: 'text/plain' })
    expect(refusal(big.error)).toEqual({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size'
    })
    const html = await docs.upload('page.html', '<p>', { contentType: 'text/html' })
    expect(refusal(html.error)).toEqual({
      status: 400,
      statusCode: '415',
      message: 'mime type text/html is not supported'
    })
    expect((await docs.upload('ok.txt', 'small', { contentType: 'text/plain' })).error).toBeNull()

    const missing = await admin.storage.updateBucket('no-such', { public: true })
    expect(refusal(missing.error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Bucket not found'
    })
  })

  it('refuses to delete a bucket with objects, empties it, then deletes it', async () => {
    expect(refusal((await admin.storage.deleteBucket('docs')).error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty'
    })
    expect(await admin.storage.emptyBucket('docs')).toEqual({
      data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
      error: null
    })
    expect((await admin.storage.from('docs').download('ok.txt')).error).not.toBeNull()
    expect(await admin.storage.deleteBucket('docs')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null
    })
    expect(refusal((await admin.storage.getBucket('docs')).error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Bucket not found'
    })
    expect(refusal((await admin.storage.deleteBucket('docs')).error)).toMatchObject({
      statusCode: '404'
    })
    expect(refusal((await admin.storage.emptyBucket('docs')).error)).toMatchObject({
      statusCode: '404'
    })
  })

  it('lets a user do only what the policies on storage.buckets allow (none here)', async () => {
    expect(refusal((await user.storage.createBucket('mine')).error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy'
    })
    expect(await user.storage.listBuckets()).toEqual({ data: [], error: null })
    expect(refusal((await user.storage.getBucket('images')).error)).toMatchObject({
      statusCode: '404'
    })
    expect(
      refusal((await user.storage.updateBucket('images', { public: false })).error)
    ).toMatchObject({ statusCode: '404' })
    expect(refusal((await user.storage.deleteBucket('zz-search-a')).error)).toMatchObject({
      statusCode: '404'
    })
    expect((await admin.storage.getBucket('images')).data?.public).toBe(true)
  })

  it('lets a user manage buckets where policies on storage.buckets allow it', async () => {
    await harness.backend.db.exec(`
      create policy "test: users create user- buckets" on storage.buckets for insert
        to authenticated with check (name like 'user-%' and owner_id = (select auth.uid()::text));
      create policy "test: users see their buckets" on storage.buckets for select
        to authenticated using (owner_id = (select auth.uid()::text));
      create policy "test: users change their buckets" on storage.buckets for update
        to authenticated using (owner_id = (select auth.uid()::text));
      create policy "test: users delete their buckets" on storage.buckets for delete
        to authenticated using (owner_id = (select auth.uid()::text));
    `)
    const name = `user-${suite.kind}`
    expect(await user.storage.createBucket(name)).toEqual({ data: { name }, error: null })
    const { data } = await user.storage.getBucket(name)
    expect(data).toMatchObject({ id: name, owner: aliceId, public: false })
    expect((await user.storage.listBuckets()).data!.map((b) => b.id)).toEqual([name])
    expect((await user.storage.updateBucket(name, { public: true })).error).toBeNull()
    expect(refusal((await user.storage.createBucket('not-user')).error)).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy'
    })
    expect(
      refusal((await user.storage.updateBucket('images', { public: false })).error)
    ).toMatchObject({ statusCode: '404' })
    expect((await user.storage.deleteBucket(name)).error).toBeNull()
    expect(refusal((await admin.storage.getBucket(name)).error)).toMatchObject({
      statusCode: '404'
    })
  })

  it('refuses a call with no token as hosted does: Invalid Compact JWS', async () => {
    for (const [method, path] of [
      ['GET', 'bucket'],
      ['POST', 'object/list/images'],
      ['POST', 'object/list-v2/images'],
      ['DELETE', 'bucket/images']
    ]) {
      const response = await fetch(`${harness.backend.url}/storage/v1/${path}`, {
        method,
        headers: { apikey: harness.backend.anonKey, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}'
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'Invalid Compact JWS'
      })
    }
    const forged = await fetch(`${harness.backend.url}/storage/v1/bucket`, {
      headers: { apikey: harness.backend.anonKey, authorization: 'Bearer not-a-jwt' }
    })
    expect(await forged.json()).toMatchObject({ message: 'Invalid Compact JWS' })
  })
})
