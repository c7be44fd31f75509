// A web page the person visits tries to take over their local account, in real Chromium: ask
// for a recovery mail, read the code from the local mailbox, verify it, and set its own
// password with PUT /auth/v1/user. It uses everything a page has: fetch with and without CORS,
// <img>, <script>, forms and frames, and it is even given the anon key (a server's is no
// secret). It runs from a page on another port of 127.0.0.1 (same site as the backend), from
// localhost (another site) and from a sandboxed document (Origin `null`). It reads no mail,
// sends none, and the password stays the person's.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from './support/test'
import type { PageGlobals } from '../support/chromium/page-globals'
import { latestMail, mailsTo } from '../support/mailbox'
import { signUpWith, startHarness } from '../support/backend-harness'
import { createUser, e2eEnv, nodeClient, type TestUser } from './support/backend'

test.describe.configure({ timeout: 180_000 })

interface AttackInput {
  api: string
  email: string
  anonKey: string
  password: string
}

/** The attack, run inside the foreign page: what each try got ("read …" means it read an answer). */
async function takeover({
  api,
  email,
  anonKey,
  password
}: AttackInput): Promise<Record<string, string>> {
  const outcome: Record<string, string> = {}
  const { document } = globalThis as unknown as PageGlobals
  const within = <T>(promise: Promise<T>): Promise<T> =>
    Promise.race([
      promise,
      new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), 8000))
    ])
  const attempt = async (name: string, run: () => Promise<string>): Promise<void> => {
    try {
      outcome[name] = await within(run())
    } catch (error) {
      outcome[name] = `blocked (${(error as Error).message})`
    }
  }
  const read = async (response: Response): Promise<string> =>
    response.type === 'opaque' ? 'opaque' : `read ${response.status}: ${await response.text()}`
  const json = (value: unknown): string => JSON.stringify(value)
  /** A form posted into a frame; its answer is another origin's document, so unreadable. */
  const postForm = (action: string, fields: Record<string, string>, enctype: string) =>
    new Promise<string>((resolve) => {
      const frame = document.createElement('iframe')
      frame.name = `sink${Math.random()}`
      document.body.append(frame)
      const form = document.createElement('form')
      Object.assign(form, { method: 'POST', action, target: frame.name, enctype })
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input')
        Object.assign(input, { type: 'hidden', name, value })
        form.append(input)
      }
      document.body.append(form)
      frame.addEventListener('load', () => {
        try {
          const text = frame.contentDocument?.body?.innerText
          resolve(text === undefined ? 'unreadable' : `read: ${text}`)
        } catch {
          resolve('unreadable')
        }
      })
      form.submit()
    })
  const frame = (src: string) =>
    new Promise<string>((resolve) => {
      const element = document.createElement('iframe')
      element.src = src
      element.addEventListener('load', () => {
        try {
          const text = element.contentDocument?.body?.innerText
          resolve(text === undefined ? 'unreadable' : `read: ${text}`)
        } catch {
          resolve('unreadable')
        }
      })
      document.body.append(element)
    })
  const load = (tag: 'img' | 'script', src: string) =>
    new Promise<string>((resolve) => {
      const element = document.createElement(tag)
      element.addEventListener('load', () => resolve('loaded'))
      element.addEventListener('error', () => resolve('error'))
      element.setAttribute('src', src)
      document.body.append(element)
    })
  const plain = { 'content-type': 'text/plain' }
  const keyed = { apikey: anonKey, 'content-type': 'application/json' }

  // 1. A recovery mail for the person.
  const recover = `${api}/auth/v1/recover`
  await attempt('recover: no-cors', async () =>
    read(
      await fetch(recover, {
        method: 'POST',
        mode: 'no-cors',
        headers: plain,
        body: json({ email })
      })
    )
  )
  await attempt('recover: key in the query', async () =>
    read(
      await fetch(`${recover}?apikey=${anonKey}`, {
        method: 'POST',
        mode: 'no-cors',
        headers: plain,
        body: json({ email })
      })
    )
  )
  await attempt('recover: cors with the key', async () =>
    read(await fetch(recover, { method: 'POST', headers: keyed, body: json({ email }) }))
  )
  await attempt('recover: form', () =>
    postForm(`${recover}?apikey=${anonKey}`, { [`{"email":"${email}","x":"`]: '"}' }, 'text/plain')
  )

  // 2. The code, from the mailbox.
  const to = encodeURIComponent(email)
  for (const path of [`/mailbox/api/messages?to=${to}`, `/mailbox?to=${to}`]) {
    await attempt(`mailbox: cors ${path}`, async () => read(await fetch(`${api}${path}`)))
    await attempt(`mailbox: no-cors ${path}`, async () =>
      read(await fetch(`${api}${path}`, { mode: 'no-cors' }))
    )
    await attempt(`mailbox: frame ${path}`, () => frame(`${api}${path}`))
  }
  await attempt('mailbox: script', () => load('script', `${api}/mailbox/api/messages?to=${to}`))
  await attempt('mailbox: clear (no-cors)', async () =>
    read(await fetch(`${api}/mailbox/api/messages`, { method: 'DELETE', mode: 'no-cors' }))
  )

  // 3. Verify whatever code was read (a guess when none was).
  const code = /enter the code: (\d{6})/.exec(Object.values(outcome).join('\n'))?.[1] ?? '123456'
  const otp = json({ type: 'recovery', email, token: code })
  await attempt('verify: no-cors', async () =>
    read(
      await fetch(`${api}/auth/v1/verify`, {
        method: 'POST',
        mode: 'no-cors',
        headers: plain,
        body: otp
      })
    )
  )
  await attempt('verify: cors with the key', async () =>
    read(await fetch(`${api}/auth/v1/verify`, { method: 'POST', headers: keyed, body: otp }))
  )
  await attempt('verify: link', () => frame(`${api}/auth/v1/verify?token=${code}&type=recovery`))

  // 4. Its own password on the account.
  const user = `${api}/auth/v1/user`
  const change = json({ password })
  await attempt('password: no-cors', async () =>
    read(await fetch(user, { method: 'PUT', mode: 'no-cors', headers: plain, body: change }))
  )
  await attempt('password: cors with the key', async () =>
    read(
      await fetch(user, {
        method: 'PUT',
        headers: { ...keyed, authorization: `Bearer ${anonKey}` },
        body: change
      })
    )
  )
  await attempt('rest: img', () => load('img', `${api}/rest/v1/profiles?select=*`))
  return outcome
}

/** A tiny site of its own: a plain page, and one sandboxed by its CSP (Origin `null`). */
function startForeignSite(): Promise<Server> {
  const server = createServer((request, response) => {
    const sandboxed = request.url?.startsWith('/sandboxed') ?? false
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...(sandboxed ? { 'content-security-policy': 'sandbox allow-scripts allow-forms' } : {})
    })
    response.end('<!doctype html><title>Cute cats</title><h1>Cute cats</h1>')
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

let site: Server
let listed: Server
let victim: TestUser

test.beforeAll(async () => {
  site = await startForeignSite()
  listed = await startForeignSite()
  victim = await createUser('victim')
  // The person asked for a recovery mail themselves: a code is waiting in the mailbox.
  const { error } = await nodeClient().auth.resetPasswordForEmail(victim.email)
  expect(error).toBeNull()
  await expect.poll(async () => (await mailsTo(e2eEnv().apiUrl, victim.email)).length).toBe(1)
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => site?.close(() => resolve()))
  await new Promise<void>((resolve) => listed?.close(() => resolve()))
})

const port = (): number => (site.address() as AddressInfo).port

for (const [name, page] of [
  ['another port of 127.0.0.1', () => `http://127.0.0.1:${port()}/`],
  ['localhost, another site', () => `http://localhost:${port()}/`],
  ['a sandboxed document (Origin null)', () => `http://127.0.0.1:${port()}/sandboxed`]
] as const) {
  test(`a page on ${name} reads no mail and cannot set the password`, async ({ page: tab }) => {
    const { apiUrl, anonKey } = e2eEnv()
    const mail = await latestMail(apiUrl, victim.email)
    await tab.goto(page())
    await expect(tab.getByRole('heading', { name: 'Cute cats' })).toBeVisible()
    const outcome = await tab.evaluate(takeover, {
      api: apiUrl,
      email: victim.email,
      anonKey,
      password: 'taken-over-1'
    })

    console.log(`${name}:\n${JSON.stringify(outcome, null, 2)}`)
    // Nothing was read: every answer was refused, opaque or another origin's document.
    for (const [attempt, result] of Object.entries(outcome)) {
      expect(result, attempt).not.toMatch(/^read/)
      expect(result, attempt).not.toContain(mail.code)
    }
    // No mail was sent (the person's own is the only one) and none was cleared.
    expect(await mailsTo(apiUrl, victim.email)).toHaveLength(1)
    // The password is still the person's, not the page's.
    const own = await nodeClient().auth.signInWithPassword({
      email: victim.email,
      password: victim.password
    })
    expect(own.error).toBeNull()
    const taken = await nodeClient().auth.signInWithPassword({
      email: victim.email,
      password: 'taken-over-1'
    })
    expect(taken.error?.message).toBe('Invalid login credentials')
  })
}

test('even a page the backend lets call it (as the dev server’s) cannot read the mailbox', async ({
  page: tab
}) => {
  // What `localhost:5173` is by default: an origin CORS lets in. The mailbox never is one.
  const origin = `http://127.0.0.1:${(listed.address() as AddressInfo).port}`
  const harness = await startHarness('pglite', '', { config: { corsOrigins: [origin] } })
  try {
    const api = harness.backend.url
    const person = await signUpWith(harness.anon(), 'listed')
    expect((await harness.anon().auth.resetPasswordForEmail(person.email)).error).toBeNull()
    const mail = await latestMail(api, person.email)
    await tab.goto(`${origin}/`)
    await expect(tab.getByRole('heading', { name: 'Cute cats' })).toBeVisible()
    const outcome = await tab.evaluate(
      async (url: string) => {
        const tries: Record<string, string> = {}
        for (const [name, init] of [
          ['cors', {}],
          ['no-cors', { mode: 'no-cors' }]
        ] as const) {
          try {
            const response = await fetch(url, init as RequestInit)
            tries[name] =
              response.type === 'opaque'
                ? 'opaque'
                : `read ${response.status}: ${await response.text()}`
          } catch (error) {
            tries[name] = `blocked (${(error as Error).message})`
          }
        }
        return tries
      },
      `${api}/mailbox/api/messages?to=${encodeURIComponent(person.email)}`
    )
    for (const [attempt, result] of Object.entries(outcome)) {
      expect(result, attempt).not.toMatch(/^read/)
      expect(result, attempt).not.toContain(mail.code)
    }
  } finally {
    await harness.close()
  }
})
