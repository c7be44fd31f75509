// An upload's contentType and cacheControl come back as response headers on every read of the
// object, so a CR/LF or other junk there must be refused at upload (400/415), not stored and
// then make each read fail. Both the multipart fields (storage-js with a Blob) and a raw upload's
// headers are checked.

import { beforeAll, expect, it } from 'vitest'
import { signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { PNG_1X1 } from '../../support/images'
import { describeEachBackend } from '../../support/database-suite'

describeEachBackend('upload fields', (suite) => {
  let harness: Harness
  let user: SignedIn
  let counter = 0

  beforeAll(async () => {
    harness = suite.harness
    user = await signUpAndIn(harness, 'fields')
  })

  const objectUrl = (key: string): string =>
    `${harness.backend.url}/storage/v1/object/images/${key}`
  const nextKey = (): string => `posts/${user.userId}/field-${++counter}.png`

  async function multipart(fields: Record<string, string>): Promise<Response> {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('', new Blob([PNG_1X1], { type: 'image/png' }))
    return fetch(objectUrl(nextKey()), {
      method: 'POST',
      headers: { apikey: harness.backend.anonKey, authorization: `Bearer ${user.accessToken}` },
      body: form
    })
  }

  const objectCount = async (): Promise<number> =>
    (
      await harness.backend.db.query<{ n: number }>(
        'select count(*)::int as n from storage.objects where owner_id = $1',
        [user.userId]
      )
    ).rows[0].n

  it('stores a well-formed upload and serves its headers back', async () => {
    const key = nextKey()
    const { error } = await user.client.storage
      .from('images')
      .upload(key, new Blob([PNG_1X1], { type: 'image/png' }), {
        contentType: 'image/png',
        cacheControl: '3600'
      })
    expect(error).toBeNull()
    const served = await fetch(`${harness.backend.url}/storage/v1/object/public/images/${key}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toBe('max-age=3600')
  })

  it.each([
    ['a CR/LF in contentType', { contentType: 'image/png\r\nX-Injected: 1' }, '415'],
    ['junk as contentType', { contentType: 'not a type' }, '415'],
    ['a CR/LF in cacheControl', { cacheControl: '3600\r\nX-Injected: 1' }, '400'],
    ['junk as cacheControl', { cacheControl: 'forever' }, '400']
  ])('refuses %s in a multipart upload and stores nothing', async (_, fields, statusCode) => {
    const before = await objectCount()
    const response = await multipart({ cacheControl: '3600', ...fields })
    // Storage answers HTTP 400 and puts its own status in the body.
    expect(response.status).toBe(400)
    const body = (await response.json()) as { statusCode: string; message: string }
    expect(body.statusCode).toBe(statusCode)
    expect(body.message).toMatch(/is not valid/)
    expect(await objectCount()).toBe(before)
  })

  it('refuses a raw upload whose Cache-Control header is not a directive list', async () => {
    const before = await objectCount()
    const response = await fetch(objectUrl(nextKey()), {
      method: 'POST',
      headers: {
        apikey: harness.backend.anonKey,
        authorization: `Bearer ${user.accessToken}`,
        'content-type': 'image/png',
        'cache-control': 'max-age=60, <script>'
      },
      body: PNG_1X1
    })
    expect(response.status).toBe(400)
    expect(await objectCount()).toBe(before)
  })
})
