// Signed download and upload URLs through the real supabase-js client, on PGlite and on
// PostgreSQL 15: the JSON shapes storage-js reads, the tokens hosted Storage makes (HS256 with
// the project's secret, `url` + `exp` + `scope`), and hosted's answers to expired, forged and
// misused tokens.

import { SignJWT } from 'jose'
import { beforeAll, expect, it } from 'vitest'
import { PNG_1X1 as PNG } from '../../support/images'
import {
  decodeClaims,
  signUpAndIn,
  testClient,
  type Harness,
  type SignedIn
} from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

describeEachBackend('signed URLs', (suite) => {
  let harness: Harness
  let alice: SignedIn
  let bob: SignedIn
  let key: string

  beforeAll(async () => {
    harness = suite.harness
    alice = await signUpAndIn(harness, 'alice')
    bob = await signUpAndIn(harness, 'bob')
    await harness.backend.db.exec(`
      insert into storage.buckets (id, name, public, allowed_mime_types)
        values ('vault', 'vault', false, '{image/png}');
      create policy "vault insert" on storage.objects for insert to authenticated
        with check (bucket_id = 'vault' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "vault select" on storage.objects for select to authenticated
        using (bucket_id = 'vault' and owner_id = auth.uid()::text);
    `)
    key = `${alice.userId}/photo one.png`
    const { error } = await alice.client.storage
      .from('vault')
      .upload(key, PNG, { contentType: 'image/png', cacheControl: '3600' })
    expect(error).toBeNull()
  })

  /** A token signed with the backend's own secret, as a forger who had it could not. */
  const mintToken = (claims: Record<string, unknown>, exp: number): Promise<string> =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(harness.backend.context.keys.secret)

  it('signs a private object for its owner and serves it to anyone holding the URL', async () => {
    const { data, error } = await alice.client.storage.from('vault').createSignedUrl(key, 60)
    expect(error).toBeNull()
    const signed = new URL(data!.signedUrl)
    expect(signed.pathname).toBe(`/storage/v1/object/sign/vault/${encodeURI(key)}`)
    const token = signed.searchParams.get('token')!
    const claims = decodeClaims(token)
    expect(claims).toMatchObject({ url: `vault/${key}`, scope: 'download' })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(60)

    const response = await fetch(data!.signedUrl)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-length')).toBe(String(PNG.length))
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    // Signed answers expire with their token instead of carrying the object's Cache-Control.
    expect(response.headers.get('cache-control')).toBeNull()
    expect(response.headers.get('expires')).toBe(new Date(Number(claims.exp) * 1000).toUTCString())

    const download = await alice.client.storage
      .from('vault')
      .createSignedUrl(key, 60, { download: 'mine.png' })
    const attachment = await fetch(download.data!.signedUrl)
    expect(attachment.headers.get('content-disposition')).toContain('filename="mine.png"')
  })

  it('refuses to sign what the caller cannot see, and validates expiresIn', async () => {
    const hidden = await bob.client.storage.from('vault').createSignedUrl(key, 60)
    expect(hidden.data).toBeNull()
    expect(hidden.error).toMatchObject({ message: 'Object not found', statusCode: '404' })
    const missing = await alice.client.storage.from('vault').createSignedUrl('nope.png', 60)
    expect(missing.error).toMatchObject({ statusCode: '404' })
    const zero = await alice.client.storage.from('vault').createSignedUrl(key, 0)
    expect(zero.error).toMatchObject({ message: 'body/expiresIn must be >= 1', status: 400 })
  })

  it('signs many paths at once, with an error entry for each it cannot see', async () => {
    const { data, error } = await alice.client.storage
      .from('vault')
      .createSignedUrls([key, 'missing.png'], 120)
    expect(error).toBeNull()
    expect(data).toHaveLength(2)
    expect(data![0]).toMatchObject({ error: null, path: key })
    expect(data![0].signedUrl).toContain(`/storage/v1/object/sign/vault/`)
    expect(data![1]).toEqual({
      error: 'Either the object does not exist or you do not have access to it',
      path: 'missing.png',
      signedURL: null,
      signedUrl: null
    })
    const served = await fetch(data![0].signedUrl!)
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG)
    const forBob = await bob.client.storage.from('vault').createSignedUrls([key], 60)
    expect(forBob.data![0]).toMatchObject({ signedUrl: null, path: key })
  })

  it('answers expired, forged, misplaced and misused tokens as hosted does', async () => {
    const base = `${harness.backend.url}/storage/v1/object/sign/vault/${encodeURI(key)}`
    const now = Math.floor(Date.now() / 1000)
    const answer = async (token: string | null): Promise<unknown> => {
      const response = await fetch(token === null ? base : `${base}?token=${token}`)
      expect(response.status).toBe(400)
      return response.json()
    }
    const expired = await mintToken({ url: `vault/${key}`, scope: 'download' }, now - 10)
    expect(await answer(expired)).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed'
    })
    expect(await answer('not-a-jwt')).toMatchObject({
      code: 'InvalidJWT',
      message: 'Invalid Compact JWS'
    })
    const forged = new SignJWT({ url: `vault/${key}`, scope: 'download' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters'))
    expect(await answer(await forged)).toMatchObject({
      code: 'InvalidJWT',
      message: 'signature verification failed'
    })
    const elsewhere = await mintToken({ url: 'vault/other.png', scope: 'download' }, now + 60)
    expect(await answer(elsewhere)).toMatchObject({
      statusCode: '400',
      code: 'InvalidSignature',
      message: 'Invalid signature'
    })
    const uploadToken = await mintToken(
      { url: `vault/${key}`, scope: 'upload', upsert: false },
      now + 60
    )
    expect(await answer(uploadToken)).toMatchObject({
      code: 'InvalidSignature',
      message: 'Token is not scoped for download'
    })
    // A session's access token opens no signed URL: it is signed with the project's ES256 key,
    // not the secret signed URLs are verified with, so it fails verification as a forged one.
    expect(await answer(alice.accessToken)).toMatchObject({ code: 'InvalidJWT' })
    expect(await answer(null)).toMatchObject({
      statusCode: '400',
      message: "querystring must have required property 'token'"
    })
  })

  it('lets anyone upload through a signed upload URL, owned by whoever signed it', async () => {
    const path = `${alice.userId}/handed-over.png`
    const signed = await alice.client.storage.from('vault').createSignedUploadUrl(path)
    expect(signed.error).toBeNull()
    expect(signed.data).toMatchObject({ path })
    expect(signed.data!.signedUrl).toBe(
      `${harness.backend.url}/storage/v1/object/upload/sign/vault/${path}?token=${signed.data!.token}`
    )
    const claims = decodeClaims(signed.data!.token)
    expect(claims).toMatchObject({
      url: `vault/${path}`,
      owner: alice.userId,
      upsert: false,
      scope: 'upload'
    })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7200)

    const stranger = harness.anon()
    const uploaded = await stranger.storage
      .from('vault')
      .uploadToSignedUrl(path, signed.data!.token, PNG, { contentType: 'image/png' })
    expect(uploaded.error).toBeNull()
    expect(uploaded.data).toEqual({ path, fullPath: `vault/${path}` })
    const { rows } = await harness.backend.db.query<{ owner_id: string }>(
      `select owner_id from storage.objects where bucket_id = 'vault' and name = $1`,
      [path]
    )
    expect(rows).toEqual([{ owner_id: alice.userId }])
    const own = await alice.client.storage.from('vault').download(path)
    expect(Buffer.from(await own.data!.arrayBuffer())).toEqual(PNG)

    // Used once: without upsert the same token cannot overwrite.
    const again = await stranger.storage
      .from('vault')
      .uploadToSignedUrl(path, signed.data!.token, PNG, { contentType: 'image/png' })
    expect(again.error).toMatchObject({ message: 'The resource already exists', statusCode: '409' })
  })

  it("asks the policies when signing an upload, and the bucket's rules when uploading", async () => {
    const intoAlice = await bob.client.storage
      .from('vault')
      .createSignedUploadUrl(`${alice.userId}/intruder.png`)
    expect(intoAlice.error).toMatchObject({
      message: 'new row violates row-level security policy',
      statusCode: '403'
    })
    const existing = await alice.client.storage.from('vault').createSignedUploadUrl(key)
    expect(existing.error).toMatchObject({ statusCode: '409' })
    const noBucket = await alice.client.storage.from('nowhere').createSignedUploadUrl('a.png')
    expect(noBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })

    const path = `${alice.userId}/page.png`
    const signed = await alice.client.storage.from('vault').createSignedUploadUrl(path)
    const notAllowed = await harness
      .anon()
      .storage.from('vault')
      .uploadToSignedUrl(path, signed.data!.token, Buffer.from('<html>'), {
        contentType: 'text/html'
      })
    expect(notAllowed.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/html is not supported'
    })
    const wrongPath = await harness
      .anon()
      .storage.from('vault')
      .uploadToSignedUrl(`${alice.userId}/other.png`, signed.data!.token, PNG, {
        contentType: 'image/png'
      })
    expect(wrongPath.error).toMatchObject({ message: 'Invalid signature' })
    const download = await alice.client.storage.from('vault').createSignedUrl(key, 60)
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!
    const misused = await harness
      .anon()
      .storage.from('vault')
      .uploadToSignedUrl(key, downloadToken, PNG, { contentType: 'image/png' })
    expect(misused.error).toMatchObject({ message: 'Token is not scoped for upload' })
  })

  it('keeps the service role able to sign anything', async () => {
    const service = testClient(harness.backend.url, harness.backend.serviceRoleKey)
    const { data, error } = await service.storage.from('vault').createSignedUrl(key, 30)
    expect(error).toBeNull()
    expect((await fetch(data!.signedUrl)).status).toBe(200)
  })
})
