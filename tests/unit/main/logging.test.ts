// Logs hold no secrets: realistic objects (a supabase-js session, a token response, fetch headers,
// an error quoting a request) go through the real electron-log (its Node build, the same code the
// app bundles) configured as main configures it, into a temporary folder; then the file is read.

import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { once } from 'node:events'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import electronLog from 'electron-log/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MAX_LOG_FILE_BYTES,
  configureFileLogger,
  logLevelFrom
} from '../../../src/main/logging/file-logger'
import { MAX_LINE_LENGTH, forwardLines } from '../../../src/main/logging/forward-lines'
import { REDACTED, redact, redactString } from '../../../src/shared/redact'

const ACCESS_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzZjJiOGMxZSIsInJvbGUiOiJhdXRoZW50aWNhdGVkIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ'
const REFRESH_TOKEN = 'v1.MjJiYzFkNmEtrefresh-rotating-9a8b7c'
const PASSWORD = 'correct horse battery staple'
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiIsImlzcyI6InN1cGFiYXNlIn0.YW5vbi1rZXktc2lnbmF0dXJl'
const SECRETS = [ACCESS_TOKEN, REFRESH_TOKEN, PASSWORD, ANON_KEY, 'signature-signature']

function realisticObjects(): unknown[] {
  const session = {
    access_token: ACCESS_TOKEN,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: 1_900_000_000,
    refresh_token: REFRESH_TOKEN,
    user: { id: '3f2b8c1e', email: 'jane@example.com', user_metadata: { username: 'jane' } }
  }
  const headers = new Headers({
    apikey: ANON_KEY,
    Authorization: `Bearer ${ACCESS_TOKEN}`,
    'Content-Type': 'application/json'
  })
  const request = {
    method: 'POST',
    url: `http://127.0.0.1:54321/auth/v1/token?grant_type=password&apikey=${ANON_KEY}`,
    headers: { apikey: ANON_KEY, authorization: `Bearer ${ACCESS_TOKEN}` },
    body: { email: 'jane@example.com', password: PASSWORD }
  }
  const error = new Error(
    `Request failed: POST /auth/v1/token body={"refresh_token":"${REFRESH_TOKEN}"} with Authorization: Bearer ${ACCESS_TOKEN}`
  )
  const circular: Record<string, unknown> = { session }
  circular.self = circular
  return [
    session,
    headers,
    request,
    error,
    circular,
    { signIn: { email: 'j@e.com', password: PASSWORD } }
  ]
}

describe('redact', () => {
  it('replaces secrets under secret keys, whatever the case or separator', () => {
    expect(
      redact({
        Access_Token: 'a',
        refreshToken: 'b',
        APIKEY: 'c',
        'x-api-key': 'keep',
        password: 'p'
      })
    ).toEqual({
      Access_Token: REDACTED,
      refreshToken: REDACTED,
      APIKEY: REDACTED,
      'x-api-key': 'keep',
      password: REDACTED
    })
  })

  it('finds JWTs, Bearer values and key=value secrets inside strings', () => {
    const text = `GET /rest/v1/posts?apikey=${ANON_KEY}&select=* Authorization: Bearer abc.def password=hunter2`
    const safe = redactString(text)
    expect(safe).not.toContain('eyJ')
    expect(safe).not.toContain('abc.def')
    expect(safe).not.toContain('hunter2')
    expect(safe).toContain('select=*')
  })

  it.each([
    ['password: x', 'password: hunter2'],
    ["'password':'x'", "{'password':'hunter2'}"],
    ['"password": "x"', '{"email":"a@b.c", "password": "hunter2"}'],
    ['escaped JSON', String.raw`body="{\"password\":\"hunter2\"}"`],
    ['new_password=', 'PUT /auth/v1/user new_password=hunter2&x=1'],
    ['newPassword:', "{ newPassword: 'hunter2' }"],
    ['passwordConfirmation', 'passwordConfirmation=hunter2'],
    ['PASSWORD=', 'PASSWORD=hunter2'],
    ['password%3D (URL-encoded)', 'body=email%3Da%26password%3Dhunter2'],
    ['refreshToken inside a string', `session {"refreshToken":"hunter2"} lost`],
    ['refreshToken: x', 'refreshToken: hunter2'],
    ['refresh_token=', `grant_type=refresh_token&refresh_token=hunter2`],
    ['X-Refresh-Token header', 'X-Refresh-Token: hunter2'],
    ['access-token', 'access-token=hunter2'],
    ['id_token', "{ id_token: 'hunter2' }"],
    ['client_secret', 'client_secret=hunter2'],
    ['api_key', 'api_key=hunter2'],
    ['Cookie header', 'Cookie: sb=hunter2'],
    ['Authorization with a scheme', 'Authorization: Basic hunter2']
  ])('removes a secret written as %s inside a string', (_name, text) => {
    const safe = redactString(text)
    expect(safe).not.toContain('hunter2')
    expect(safe).toContain(REDACTED)
  })

  it.each([
    ['a token type', 'token_type=bearer', 'token_type=bearer'],
    ['ordinary words', 'select=*&order=created_at', 'select=*&order=created_at'],
    ['an email', 'email: jane@example.com', 'email: jane@example.com'],
    [
      'the quoting of what it redacts',
      `{"password":"p","name":"n"}`,
      `{"password":"${REDACTED}","name":"n"}`
    ]
  ])('leaves %s as it is', (_name, text, expected) => {
    expect(redactString(text)).toBe(expected)
  })

  it('redacts keys by the words they hold, in objects too', () => {
    expect(
      redact({
        new_password: 'a',
        passwordConfirmation: 'b',
        'X-Refresh-Token': 'c',
        token_type: 'bearer'
      })
    ).toEqual({
      new_password: REDACTED,
      passwordConfirmation: REDACTED,
      'X-Refresh-Token': REDACTED,
      token_type: 'bearer'
    })
  })

  it('scans a long line without a secret in linear time', () => {
    // A scan that retried every start inside the word would take minutes on this line.
    const line = 'a'.repeat(200_000) + ' password'
    expect(redactString(line)).toBe(line)
  })

  it('keeps what is useful: ids, emails, counts, token types and error names', () => {
    const [session] = realisticObjects()
    expect(redact(session)).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { id: '3f2b8c1e', email: 'jane@example.com' }
    })
    const error = redact(new TypeError(`bad token ${ACCESS_TOKEN}`)) as Error
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('TypeError')
    expect(error.message).toBe(`bad token ${REDACTED}`)
  })

  it('does not change the object it was given', () => {
    const session = { access_token: ACCESS_TOKEN }
    redact(session)
    expect(session.access_token).toBe(ACCESS_TOKEN)
  })
})

describe('the log file', () => {
  let dir: string
  let contents: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'instaframe-logs-'))
    const log = configureFileLogger(electronLog, {
      logsDir: dir,
      process: 'main',
      level: 'info',
      console: false
    })
    for (const value of realisticObjects()) {
      log.info('[auth] state', value)
      log.error('[auth] failed', value)
    }
    log.warn(`[auth] POST /token?grant_type=refresh_token refresh_token=${REFRESH_TOKEN} failed`, {
      refresh_token: REFRESH_TOKEN
    })
    contents = await readFile(join(dir, 'main.log'), 'utf8')
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('is written per process, in the logs folder, with the level of each line', () => {
    expect(contents).toMatch(/\[info\]\s+\[auth\] state/)
    expect(contents).toMatch(/\[error\]\s+\[auth\] failed/)
    expect(electronLog.transports.file.maxSize).toBe(MAX_LOG_FILE_BYTES)
  })

  it('never holds an access token, refresh token, password, apikey or Authorization value', () => {
    for (const secret of SECRETS) expect(contents, secret).not.toContain(secret)
    expect(contents).toContain(REDACTED)
    expect(contents).toContain('jane@example.com')
  })

  it('drops lines below the configured level', async () => {
    electronLog.debug('[debug] not written at info')
    expect(await readFile(join(dir, 'main.log'), 'utf8')).not.toContain('not written at info')
  })
})

describe('logLevelFrom', () => {
  it('takes INSTAFRAME_LOG_LEVEL when it names a level, else info (debug in development)', () => {
    expect(logLevelFrom('DEBUG', false)).toBe('debug')
    expect(logLevelFrom('loud', false)).toBe('info')
    expect(logLevelFrom(undefined, false)).toBe('info')
    expect(logLevelFrom(undefined, true)).toBe('debug')
  })
})

describe('forwardLines', () => {
  it('turns a stream of chunks into whole lines, joining split ones and cutting runaway ones', async () => {
    const stream = new PassThrough()
    const lines: string[] = []
    forwardLines(stream, (line) => lines.push(line))
    stream.write('[backend] ready at http://127.0.0.1:5\n[backend] sw')
    stream.write('eep removed 2 objects\r\n\n')
    stream.write('x'.repeat(MAX_LINE_LENGTH + 10))
    stream.end('tail')
    await once(stream, 'end')
    expect(lines.slice(0, 2)).toEqual([
      '[backend] ready at http://127.0.0.1:5',
      '[backend] sweep removed 2 objects'
    ])
    expect(lines[2]).toHaveLength(MAX_LINE_LENGTH + 1)
    expect(lines.at(-1)).toBe('tail')
  })
})
