// Refresh-token reuse, the /token rate limit and the mail budget, with a fake clock
// (tests/support/clocked-auth.ts), so no test sleeps.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import {
  testClient,
  signUpAndIn,
  startHarness,
  uniqueEmail,
  type Harness
} from '../../support/backend-harness'
import { DEFAULT_EMAIL_SETTINGS } from '../../../src/backend/auth/email-config'
import { clockedAuth, type ClockedAuth } from '../../support/clocked-auth'
import { describeEachBackend } from '../../support/database-suite'
import { canBindLoopback, fetchFrom } from '../../support/fetch-from'
import { startSmtpServer } from '../../support/smtp-server'

describeEachBackend('refresh-token reuse', (suite) => {
  let harness: Harness
  let auth: ClockedAuth

  beforeAll(async () => {
    harness = suite.harness
    auth = await clockedAuth(harness)
  })
  afterAll(async () => {
    await auth?.close()
  })

  it('reuse within 10 s returns the active child', async () => {
    const { refreshToken } = await signUpAndIn(harness, 'reuse')
    const client = testClient(auth.url, harness.backend.anonKey)
    const first = await client.auth.refreshSession({ refresh_token: refreshToken })
    expect(first.error).toBeNull()
    auth.advance(9_000)
    const second = await testClient(auth.url, harness.backend.anonKey).auth.refreshSession({
      refresh_token: refreshToken
    })
    expect(second.error).toBeNull()
    expect(second.data.session?.refresh_token).toBe(first.data.session?.refresh_token)
  })

  it('reuse after 10 s revokes the whole family', async () => {
    const { refreshToken, accessToken } = await signUpAndIn(harness, 'leak')
    const client = testClient(auth.url, harness.backend.anonKey)
    const first = await client.auth.refreshSession({ refresh_token: refreshToken })
    const child = first.data.session!.refresh_token
    auth.advance(11_000)
    const reuse = await testClient(auth.url, harness.backend.anonKey).auth.refreshSession({
      refresh_token: refreshToken
    })
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used')

    const sessionId = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString())
      .session_id as string
    const { rows } = await harness.backend.db.query<{ revoked: boolean }>(
      'select revoked from auth.refresh_tokens where session_id = $1',
      [sessionId]
    )
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(rows.every((r) => r.revoked)).toBe(true)
    // The child the thief (or the owner) held is dead too.
    const childTry = await testClient(auth.url, harness.backend.anonKey).auth.refreshSession({
      refresh_token: child
    })
    expect(childTry.error?.code).toBe('refresh_token_already_used')
  })
})

describe('sign-in rate limit (on PGlite only: the limiter counts in memory, no query decides)', () => {
  let harness: Harness
  let auth: ClockedAuth

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
    auth = await clockedAuth(harness, {
      auth: authConfigWith(
        { rateLimits: { signInSignUps: 3 } },
        harness.backend.context.config.auth
      )
    })
  })
  afterAll(async () => {
    await auth?.close()
    await harness?.close()
  })

  it('answers 429 over_request_rate_limit past the limit, and recovers after its 5 minutes', async () => {
    const client = testClient(auth.url, harness.backend.anonKey)
    const attempt = (): ReturnType<typeof client.auth.signInWithPassword> =>
      client.auth.signInWithPassword({ email: uniqueEmail('rl'), password: 'secret123' })
    for (let i = 0; i < 3; i += 1) expect((await attempt()).error?.code).toBe('invalid_credentials')
    const limited = await attempt()
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    auth.advance(4 * 60_000)
    expect((await attempt()).error?.code).toBe('over_request_rate_limit')
    auth.advance(61_000)
    expect((await attempt()).error?.code).toBe('invalid_credentials')
  })

  it('the backend applies config.auth.rateLimits.signInSignUps', async () => {
    const limited = await startHarness('pglite', '', {
      config: { auth: authConfigWith({ rateLimits: { signInSignUps: 1 } }) }
    })
    try {
      const client = limited.anon()
      const email = uniqueEmail('rl2')
      expect(
        (await client.auth.signInWithPassword({ email, password: 'x12345' })).error?.status
      ).toBe(400)
      expect(
        (await client.auth.signInWithPassword({ email, password: 'x12345' })).error?.status
      ).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('the mail budget (on PGlite only: counted in memory)', () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
  })
  afterAll(async () => {
    await harness?.close()
  })

  const recover = (url: string, fetcher?: typeof fetch) =>
    testClient(url, harness.backend.anonKey, { fetch: fetcher }).auth.resetPasswordForEmail(
      uniqueEmail('budget')
    )

  it('one address using up its mails stops no one else’s', async () => {
    const auth = await clockedAuth(harness, {
      auth: authConfigWith({ rateLimits: { emailSent: 2 } }, harness.backend.context.config.auth)
    })
    try {
      for (let i = 0; i < 2; i += 1) expect((await recover(auth.url)).error).toBeNull()
      expect((await recover(auth.url)).error).toMatchObject({
        status: 429,
        code: 'over_email_send_rate_limit'
      })
      if (await canBindLoopback('127.0.0.2')) {
        expect((await recover(auth.url, fetchFrom('127.0.0.2'))).error).toBeNull()
      }
      auth.advance(60 * 60_000)
      expect((await recover(auth.url)).error).toBeNull()
    } finally {
      await auth.close()
    }
  })

  it('with a mail server, the project has one budget too, as on hosted GoTrue', async () => {
    if (!(await canBindLoopback('127.0.0.2'))) return
    const smtp = await startSmtpServer()
    const auth = await clockedAuth(harness, {
      auth: authConfigWith({ rateLimits: { emailSent: 2 } }, harness.backend.context.config.auth),
      email: {
        ...DEFAULT_EMAIL_SETTINGS,
        smtp: {
          host: '127.0.0.1',
          port: smtp.port,
          user: '',
          pass: '',
          adminEmail: 'noreply@example.com',
          senderName: 'Test'
        }
      }
    })
    try {
      expect((await recover(auth.url)).error).toBeNull()
      expect((await recover(auth.url, fetchFrom('127.0.0.2'))).error).toBeNull()
      expect((await recover(auth.url, fetchFrom('127.0.0.3'))).error).toMatchObject({
        status: 429,
        code: 'over_email_send_rate_limit'
      })
    } finally {
      await auth.close()
      await smtp.close()
    }
  })
})
