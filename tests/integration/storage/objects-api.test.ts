// storage-js object calls beyond upload and download (info, exists, listV2, custom metadata,
// move, copy) as the service role and as users under a test bucket's policies (each user owns
// a folder), asserting hosted Storage's status, statusCode and message.

import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import { insertUser, testClient, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

function refusal(error: unknown): { status: number; statusCode: string; message: string } {
  const e = error as { status: number; statusCode: string; message: string }
  return { status: e.status, statusCode: e.statusCode, message: e.message }
}

/** Each user owns the folder named after their id in `files`; moves keep rows in their folder. */
const POLICIES = `
  create policy "files: insert own folder" on storage.objects for insert to authenticated
    with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
  create policy "files: read own folder" on storage.objects for select to authenticated
    using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
  create policy "files: move own objects" on storage.objects for update to authenticated
    using (bucket_id = 'files' and owner_id = (select auth.uid()::text))
    with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
`

describeEachBackend(
  'storage object API',
  (suite) => {
    let harness: Harness
    let admin: SupabaseClient
    let alice: { client: SupabaseClient; id: string }
    let bob: { client: SupabaseClient; id: string }

    const user = async (name: string): Promise<{ client: SupabaseClient; id: string }> => {
      const inserted = await insertUser(harness.backend, `${name}_${suite.kind}`)
      const client = testClient(harness.backend.url, harness.backend.anonKey, {
        token: inserted.token
      })
      return { client, id: inserted.id }
    }

    beforeAll(async () => {
      harness = suite.harness
      admin = testClient(harness.backend.url, harness.backend.serviceRoleKey)
      expect((await admin.storage.createBucket('files', { public: false })).error).toBeNull()
      expect((await admin.storage.createBucket('shared', { public: true })).error).toBeNull()
      await harness.backend.db.exec(POLICIES)
      alice = await user('alice')
      bob = await user('bob')
    })

    it('stores custom metadata (header and form field) and returns it from info', async () => {
      const files = alice.client.storage.from('files')
      const raw = await files.upload(`${alice.id}/raw.txt`, 'hello', {
        contentType: 'text/plain',
        metadata: { album: 'summer', rank: 1 }
      })
      expect(raw.error).toBeNull()
      const blob = await files.upload(
        `${alice.id}/blob.txt`,
        new Blob(['hi'], { type: 'text/plain' }),
        {
          metadata: { album: 'winter' }
        }
      )
      expect(blob.error).toBeNull()

      const { data, error } = await files.info(`${alice.id}/raw.txt`)
      expect(error).toBeNull()
      expect(data).toEqual({
        id: raw.data!.id,
        name: `${alice.id}/raw.txt`,
        version: expect.any(String),
        bucketId: 'files',
        size: 5,
        contentType: 'text/plain',
        cacheControl: 'max-age=3600',
        etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
        metadata: { album: 'summer', rank: 1 },
        lastModified: expect.stringMatching(ISO),
        createdAt: expect.stringMatching(ISO)
      })
      expect((await files.info(`${alice.id}/blob.txt`)).data?.metadata).toEqual({
        album: 'winter'
      })
    })

    it('answers info and exists as the caller may see, and not at all without a token', async () => {
      const key = `${alice.id}/raw.txt`
      expect(await alice.client.storage.from('files').exists(key)).toEqual({
        data: true,
        error: null
      })
      expect((await alice.client.storage.from('files').exists(`${alice.id}/none.txt`)).data).toBe(
        false
      )
      expect(refusal((await bob.client.storage.from('files').info(key)).error)).toEqual({
        status: 400,
        statusCode: '404',
        message: 'Object not found'
      })
      expect((await bob.client.storage.from('files').exists(key)).data).toBe(false)

      const base = `${harness.backend.url}/storage/v1/object`
      // No bearer token: only the API key, which the gateway asks of every caller.
      const keyed = (url: string): Promise<Response> =>
        fetch(url, { headers: { apikey: harness.backend.anonKey } })
      const anonymous = await keyed(`${base}/info/files/${key}`)
      expect(anonymous.status).toBe(400)
      expect(await anonymous.json()).toMatchObject({
        statusCode: '404',
        code: 'NoSuchBucket',
        message: 'Bucket not found'
      })
      const strict = await keyed(`${base}/info/authenticated/files/${key}`)
      expect(await strict.json()).toMatchObject({
        statusCode: '403',
        message: 'Invalid Compact JWS'
      })

      await admin.storage.from('shared').upload('note.txt', 'public', { contentType: 'text/plain' })
      const open = await keyed(`${base}/info/public/shared/note.txt`)
      expect(open.status).toBe(200)
      expect(await open.json()).toMatchObject({ name: 'note.txt', bucket_id: 'shared', size: 6 })
      expect((await keyed(`${base}/info/public/files/${key}`)).status).toBe(400)
    })

    it('lists with listV2: folders, prefixes, sort order and cursor pages', async () => {
      const files = alice.client.storage.from('files')
      for (const name of ['a.txt', 'b.txt', 'sub/c.txt', 'sub/deep/d.txt']) {
        expect(
          (await files.upload(`${alice.id}/list/${name}`, name, { contentType: 'text/plain' }))
            .error
        ).toBeNull()
      }
      const prefix = `${alice.id}/list/`
      const delimited = await files.listV2({ prefix, with_delimiter: true })
      expect(delimited.error).toBeNull()
      expect(delimited.data!.hasNext).toBe(false)
      expect(delimited.data!.folders.map((f) => [f.name, f.key])).toEqual([
        [`${prefix}sub/`, 'sub']
      ])
      expect(delimited.data!.objects.map((o) => o.name)).toEqual([
        `${prefix}a.txt`,
        `${prefix}b.txt`
      ])
      expect(delimited.data!.objects[0]).toMatchObject({
        id: expect.any(String),
        created_at: expect.stringMatching(ISO),
        metadata: expect.objectContaining({ mimetype: 'text/plain', size: 5 })
      })

      const flat = await files.listV2({ prefix, sortBy: { column: 'name', order: 'desc' } })
      expect(flat.data!.folders).toEqual([])
      expect(flat.data!.objects.map((o) => o.name.slice(prefix.length))).toEqual([
        'sub/deep/d.txt',
        'sub/c.txt',
        'b.txt',
        'a.txt'
      ])

      const seen: string[] = []
      let cursor: string | undefined
      for (let page = 0; page < 5; page++) {
        const { data, error } = await files.listV2({ prefix, limit: 3, cursor })
        expect(error).toBeNull()
        seen.push(...data!.objects.map((o) => o.name.slice(prefix.length)))
        if (!data!.hasNext) break
        expect(data!.nextCursor).toEqual(expect.any(String))
        cursor = data!.nextCursor
      }
      expect(seen).toEqual(['a.txt', 'b.txt', 'sub/c.txt', 'sub/deep/d.txt'])

      // Newest first, two a page: every object once, in upload order reversed.
      const byTime: string[] = []
      cursor = undefined
      for (let page = 0; page < 5; page++) {
        const { data } = await files.listV2({
          prefix,
          limit: 2,
          cursor,
          sortBy: { column: 'updated_at', order: 'desc' }
        })
        byTime.push(...data!.objects.map((o) => o.name.slice(prefix.length)))
        if (!data!.hasNext) break
        cursor = data!.nextCursor
      }
      expect(byTime).toEqual(['sub/deep/d.txt', 'sub/c.txt', 'b.txt', 'a.txt'])

      // Bob's policies show him nothing of Alice's folder.
      const hidden = await bob.client.storage.from('files').listV2({ prefix })
      expect(hidden.data).toEqual({ hasNext: false, folders: [], objects: [] })

      const bad = await files.listV2({ prefix, cursor: 'bm90IGEgY3Vyc29y' })
      expect(refusal(bad.error)).toEqual({
        status: 400,
        statusCode: '400',
        message: 'Invalid Parameter continuation token'
      })
    })

    it('copies within the caller policies, owned by the caller', async () => {
      const files = alice.client.storage.from('files')
      const copied = await files.copy(`${alice.id}/raw.txt`, `${alice.id}/copy.txt`)
      expect(copied).toEqual({ data: { path: `files/${alice.id}/copy.txt` }, error: null })
      const downloaded = await files.download(`${alice.id}/copy.txt`)
      expect(await downloaded.data!.text()).toBe('hello')
      expect((await files.info(`${alice.id}/copy.txt`)).data?.metadata).toEqual({
        album: 'summer',
        rank: 1
      })

      // A second copy onto the same key: KeyAlreadyExists wording of the database's duplicate.
      expect(
        refusal((await files.copy(`${alice.id}/raw.txt`, `${alice.id}/copy.txt`)).error)
      ).toEqual({
        status: 400,
        statusCode: '409',
        message: 'The resource already exists'
      })
      // Into Bob's folder: the INSERT policy refuses.
      expect(refusal((await files.copy(`${alice.id}/raw.txt`, `${bob.id}/x.txt`)).error)).toEqual({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy'
      })
      // Out of Bob's folder: Alice cannot see the source.
      await bob.client.storage
        .from('files')
        .upload(`${bob.id}/b.txt`, 'bob', { contentType: 'text/plain' })
      expect(refusal((await files.copy(`${bob.id}/b.txt`, `${alice.id}/b.txt`)).error)).toEqual({
        status: 400,
        statusCode: '404',
        message: 'Object not found'
      })
      // Into another bucket: needs the policies of both; Alice has none on `shared`.
      const across = await files.copy(`${alice.id}/raw.txt`, 'from-alice.txt', {
        destinationBucket: 'shared'
      })
      expect(refusal(across.error)).toMatchObject({ statusCode: '403' })
      const byAdmin = await admin.storage
        .from('files')
        .copy(`${alice.id}/raw.txt`, 'from-alice.txt', { destinationBucket: 'shared' })
      expect(byAdmin.error).toBeNull()
      const served = await fetch(
        admin.storage.from('shared').getPublicUrl('from-alice.txt').data.publicUrl
      )
      expect(await served.text()).toBe('hello')
    })

    it('moves within the caller policies and refuses what they do not allow', async () => {
      const files = alice.client.storage.from('files')
      await files.upload(`${alice.id}/move-me.txt`, 'moving', { contentType: 'text/plain' })
      expect(await files.move(`${alice.id}/move-me.txt`, `${alice.id}/moved/here.txt`)).toEqual({
        data: { message: 'Successfully moved' },
        error: null
      })
      expect((await files.exists(`${alice.id}/move-me.txt`)).data).toBe(false)
      expect(await (await files.download(`${alice.id}/moved/here.txt`)).data!.text()).toBe('moving')

      expect(
        refusal((await files.move(`${alice.id}/moved/here.txt`, `${bob.id}/stolen.txt`)).error)
      ).toEqual({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy'
      })
      expect(
        refusal((await files.move(`${alice.id}/moved/here.txt`, `${alice.id}/copy.txt`)).error)
      ).toEqual({
        status: 400,
        statusCode: '409',
        message: 'The resource already exists'
      })
      expect(
        refusal((await files.move(`${bob.id}/b.txt`, `${alice.id}/b.txt`)).error)
      ).toMatchObject({
        statusCode: '404',
        message: 'Object not found'
      })
      expect(await (await files.download(`${alice.id}/moved/here.txt`)).data!.text()).toBe('moving')
      const intoNowhere = await admin.storage
        .from('files')
        .move(`${alice.id}/moved/here.txt`, 'x.txt', { destinationBucket: 'no-such-bucket' })
      expect(refusal(intoNowhere.error)).toEqual({
        status: 400,
        statusCode: '404',
        message: 'The related resource does not exist'
      })
      const across = await admin.storage
        .from('files')
        .move(`${alice.id}/moved/here.txt`, 'moved.txt', { destinationBucket: 'shared' })
      expect(across.error).toBeNull()
      const served = await fetch(
        admin.storage.from('shared').getPublicUrl('moved.txt').data.publicUrl
      )
      expect(await served.text()).toBe('moving')
    })
  },
  { withDataDir: true }
)
