// The storage route table: most specific route first whatever the table's order, `:name`
// decoded, `*` kept encoded, trailing slashes tolerated, and Storage's error for the rest.

import { describe, expect, it } from 'vitest'
import type { BackendContext } from '../../../../src/backend/context'
import type { ByteStore } from '../../../../src/backend/storage/byte-store'
import { StorageError } from '../../../../src/backend/storage/errors'
import { createRouter, route, type RouteCall } from '../../../../src/backend/storage/routes'
import { jsonResponse, type ApiRequest } from '../../../../src/backend/http/types'

const answer = (name: string) => async (call: RouteCall) =>
  jsonResponse(200, { name, params: call.params, rest: call.rest })

const dispatch = createRouter([
  route('POST', 'object/:bucket/*', answer('upload')),
  route(['GET', 'HEAD'], 'object/:bucket/*', answer('read')),
  route('DELETE', 'object/:bucket/*', answer('remove-one')),
  route('DELETE', 'object/:bucket', answer('remove-many')),
  route('POST', 'object/list/:bucket', answer('list')),
  route('GET', 'object/public/:bucket/*', answer('public'))
])

async function call(method: string, path: string): Promise<Record<string, unknown>> {
  const request: ApiRequest = {
    method,
    url: new URL(`http://local${path}`),
    rawPath: path,
    headers: {},
    body: Buffer.alloc(0),
    remoteAddress: '127.0.0.1'
  }
  const response = await dispatch({} as BackendContext, {} as ByteStore, request)
  return JSON.parse(String(response.body)) as Record<string, unknown>
}

describe('storage route table', () => {
  it('prefers literal segments over parameters whatever the order of the table', async () => {
    expect(await call('POST', '/storage/v1/object/list/images')).toMatchObject({
      name: 'list',
      params: { bucket: 'images' }
    })
    expect(await call('GET', '/storage/v1/object/public/images/a.png')).toMatchObject({
      name: 'public',
      rest: ['a.png']
    })
    expect(await call('POST', '/storage/v1/object/images/list')).toMatchObject({ name: 'upload' })
  })

  it('decodes parameters, keeps the rest encoded and matches on the method', async () => {
    expect(await call('HEAD', '/storage/v1/object/my%20bucket/a%20b/c.png')).toEqual({
      name: 'read',
      params: { bucket: 'my bucket' },
      rest: ['a%20b', 'c.png']
    })
    expect(await call('DELETE', '/storage/v1/object/images/u/a.png')).toMatchObject({
      name: 'remove-one'
    })
  })

  it('lets a pattern without * end in slashes, and prefers it to *', async () => {
    expect(await call('DELETE', '/storage/v1/object/images')).toMatchObject({
      name: 'remove-many'
    })
    expect(await call('DELETE', '/storage/v1/object/images/')).toMatchObject({
      name: 'remove-many'
    })
  })

  it('answers anything else with InvalidRequest "No storage route"', async () => {
    await expect(call('PATCH', '/storage/v1/object/images/a.png')).rejects.toThrow(
      new StorageError(
        '400',
        'InvalidRequest',
        'Bad Request',
        'No storage route for PATCH /object/images/a.png'
      )
    )
    await expect(call('GET', '/storage/v1/nothing')).rejects.toThrow(
      /No storage route for GET \/nothing/
    )
  })
})
