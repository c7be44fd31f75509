// Recovery codes on PGlite only: the redeem rate limit (the limiter counts in memory, no query
// decides) and a server without recovery codes, as a hosted project is, which the app reads as
// "not offered".

import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import { recoveryCodeStatus } from '../../../src/shared/data/recovery-codes'
import { signUpAndIn, startHarness, testClient, type Harness } from '../../support/backend-harness'
import { clockedAuth, type ClockedAuth } from '../../support/clocked-auth'

/**
 * A stand-in for a hosted project: the backend behind a proxy that answers the recovery-code
 * paths as GoTrue does (its factor routes take UUIDs only: 404 "factor_id must be an UUID").
 */
async function withoutRecoveryCodes(target: string): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/auth/v1/factors/recovery-codes')) {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ code: 'validation_failed', msg: 'factor_id must be an UUID' }))
      return
    }
    const upstream = httpRequest(
      `${target}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      }
    )
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}

describe('recovery codes on PGlite only: the redeem rate limit, and a server without them', () => {
  let harness: Harness
  let auth: ClockedAuth

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
    auth = await clockedAuth(harness, {
      auth: authConfigWith(
        { rateLimits: { tokenVerifications: 3 } },
        harness.backend.context.config.auth
      )
    })
  })
  afterAll(async () => {
    await auth?.close()
    await harness?.close()
  })

  it('answers 429 over_request_rate_limit past the verify limit', async () => {
    const user = await signUpAndIn(harness, 'rc-limit')
    const redeem = async (): Promise<number> => {
      const response = await fetch(`${auth.url}/auth/v1/factors/recovery-codes/redeem`, {
        method: 'POST',
        headers: {
          apikey: harness.backend.anonKey,
          authorization: `Bearer ${user.accessToken}`,
          'content-type': 'application/json'
        },
        body: JSON.stringify({ code: 'abcde-fghjk' })
      })
      return response.status
    }
    for (let i = 0; i < 3; i += 1) expect(await redeem()).toBe(422)
    expect(await redeem()).toBe(429)
    auth.advance(5 * 60_000 + 1000)
    expect(await redeem()).toBe(422)
  })

  it('reads a server without recovery codes (a hosted project) as "not offered": null', async () => {
    const hosted = await withoutRecoveryCodes(harness.backend.url)
    try {
      const user = await signUpAndIn(harness, 'rc-hosted')
      const tokens = { access_token: user.accessToken, refresh_token: user.refreshToken }
      const viaHosted = testClient(hosted.url, harness.backend.anonKey)
      await viaHosted.auth.setSession(tokens)
      expect(await recoveryCodeStatus(viaHosted)).toBeNull()
      const direct = testClient(harness.backend.url, harness.backend.anonKey)
      await direct.auth.setSession(tokens)
      expect(await recoveryCodeStatus(direct)).toEqual({
        total: 0,
        remaining: 0
      })
    } finally {
      hosted.close()
    }
  })
})
