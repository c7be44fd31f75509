// The gateway stage on its own: which requests need the API key (every service route but
// hosted's open ones), where the key may be, and which keys are this backend's.

import { describe, expect, it } from 'vitest'
import {
  createGateway,
  INVALID_KEY,
  isOpenRoute,
  MISSING_KEY,
  needsApiKey,
  type GatewayRequest
} from '../../../../src/backend/http/gateway'
import { signApiKey, signJwt, type JwtKeys } from '../../../../src/backend/jwt'

const keysOf = (byte: number): JwtKeys => ({
  secret: new Uint8Array(48).fill(byte),
  issuer: 'instaframe-local'
})
const keys = keysOf(1)

function request(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  rawPath?: string
): GatewayRequest {
  const url = new URL(path, 'http://127.0.0.1:54321')
  return { method, url, rawPath: rawPath ?? url.pathname, headers }
}

describe('gateway: which routes need the key', () => {
  it.each([
    ['GET', '/rest/v1/posts'],
    ['GET', '/rest/v1'],
    ['POST', '/rest/v1/rpc/anything'],
    ['POST', '/auth/v1/recover'],
    ['PUT', '/auth/v1/user'],
    ['GET', '/auth/v1/user'],
    ['GET', '/auth/v1/health'],
    ['GET', '/auth/v1/settings'],
    ['POST', '/auth/v1/verify'],
    ['HEAD', '/auth/v1/verify'],
    ['GET', '/storage/v1/object/images/a.png'],
    ['GET', '/storage/v1/object/authenticated/images/a.png'],
    ['GET', '/storage/v1/object/info/public/images/a.png'],
    ['POST', '/storage/v1/object/sign/images/a.png'],
    ['POST', '/storage/v1/object/public/images/a.png'],
    ['PUT', '/storage/v1/object/upload/sign/images/a.png'],
    ['POST', '/storage/v1/upload/resumable'],
    ['GET', '/realtime/v1/websocket'],
    ['POST', '/realtime/v1/api/broadcast']
  ])('%s %s needs it', (method, path) => {
    expect(needsApiKey(request(method, path))).toBe(true)
  })

  it.each([
    ['GET', '/auth/v1/verify?token=t&type=recovery'],
    ['GET', '/auth/v1/verify/'],
    ['GET', '/auth/v1/authorize?provider=github'],
    ['GET', '/auth/v1/callback'],
    ['GET', '/auth/v1/.well-known/jwks.json'],
    ['GET', '/storage/v1/object/public/images/a.png'],
    ['HEAD', '/storage/v1/object/public/images/a.png'],
    ['GET', '/storage/v1/object/sign/images/a.png?token=t'],
    ['GET', '/storage/v1/render/image/public/images/a.png?width=10'],
    ['GET', '/storage/v1/render/image/sign/images/a.png?token=t'],
    ['GET', '/health'],
    ['GET', '/'],
    ['GET', '/mailbox'],
    ['GET', '/nowhere']
  ])('%s %s is open', (method, path) => {
    expect(needsApiKey(request(method, path))).toBe(false)
  })

  it('opens a route only when the path as sent is the path as parsed', () => {
    // `..` resolved by the URL parser would otherwise turn a guarded route into an open one.
    const sneaky = request(
      'GET',
      '/storage/v1/object/public/images/a.png',
      {},
      '/storage/v1/object/x/../public/images/a.png'
    )
    expect(isOpenRoute(sneaky)).toBe(false)
    expect(needsApiKey(sneaky)).toBe(true)
    const slashes = request('GET', '/auth/v1/verify', {}, '/auth/v1\\verify')
    expect(needsApiKey(slashes)).toBe(true)
  })
})

describe('gateway: the key', () => {
  const gateway = createGateway(keys)
  const refusal = async (req: GatewayRequest): Promise<[number, unknown] | null> => {
    const answer = await gateway.refusal(req)
    return answer ? [answer.status, JSON.parse(String(answer.body))] : null
  }

  it('answers a missing key with Kong’s 401', async () => {
    expect(await refusal(request('GET', '/rest/v1/posts'))).toEqual([401, MISSING_KEY])
    expect(await refusal(request('GET', '/rest/v1/posts', { apikey: '' }))).toEqual([
      401,
      MISSING_KEY
    ])
    const answer = await gateway.refusal(request('POST', '/auth/v1/recover'))
    expect(answer?.headers?.['www-authenticate']).toBe('Key realm="kong"')
  })

  it('takes the anon and service_role keys from the header or the query', async () => {
    const anon = await signApiKey(keys, 'anon')
    const service = await signApiKey(keys, 'service_role')
    expect(await refusal(request('GET', '/rest/v1/posts', { apikey: anon }))).toBeNull()
    expect(await refusal(request('GET', `/rest/v1/posts?apikey=${service}`))).toBeNull()
    expect(await refusal(request('GET', `/realtime/v1/websocket?apikey=${anon}`))).toBeNull()
  })

  it('refuses any other key as invalid', async () => {
    const foreign = await signApiKey(keysOf(2), 'anon')
    const userToken = await signJwt(keys, { role: 'authenticated', sub: 'u1' })
    const expired = await signJwt(keys, { role: 'anon' }, -10)
    for (const key of [foreign, userToken, expired, 'sb_publishable_abc', 'anything']) {
      expect(await refusal(request('GET', '/rest/v1/posts', { apikey: key }))).toEqual([
        401,
        INVALID_KEY
      ])
    }
  })

  it('lets the open routes through with no key at all', async () => {
    expect(await refusal(request('GET', '/storage/v1/object/public/images/a.png'))).toBeNull()
    expect(await refusal(request('GET', '/auth/v1/verify?token=t&type=signup'))).toBeNull()
  })
})
