// A mailed link opening the desktop app (shared/auth-links.ts, shared/data/auth-link.ts): the
// desktop account actions ask the backend to send links to instaframe://auth/callback, /verify
// redirects there with the session in the fragment, and the link is completed with main's
// AccountSessions (unmodified supabase-js clients over the local backend). A link's session
// becomes its own account; another signed-in account keeps its session.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_CALLBACK_URL, AUTH_LINK_MESSAGES } from '../../../src/shared/auth-links'
import { createAccountActions } from '../../../src/shared/data/account-actions'
import { memoryStorage } from '../../../src/shared/data/account-storage'
import { AccountSessions } from '../../../src/shared/data/accounts'
import { openAuthLink } from '../../../src/shared/data/auth-link'
import { createMainClient } from '../../../src/main/session/client'
import {
  decodeClaims,
  signUpAndIn,
  startHarness,
  type Harness
} from '../../support/backend-harness'
import { latestMail } from '../../support/mailbox'
import { silentLogger } from '../../unit/main/fakes'

/** Follows a mailed link as the OS's browser would, up to where it hands over to the app. */
async function landing(link: string): Promise<string> {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  return response.headers.get('location') ?? ''
}

describe('a mailed link opening the desktop app', () => {
  let harness: Harness
  const OriginalWebSocket = globalThis.WebSocket

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
    // Electron has a WebSocket; Node 20 does not, and supabase-js refuses to start without one.
    globalThis.WebSocket ??= class {} as never
  })
  afterAll(async () => {
    globalThis.WebSocket = OriginalWebSocket
    await harness?.close()
  })

  async function signedInAs(email: string): Promise<AccountSessions> {
    const accounts = new AccountSessions({
      storage: memoryStorage(),
      createClient: (slot) =>
        createMainClient({ url: harness.backend.url, anonKey: harness.backend.anonKey }, slot),
      emit: () => undefined,
      log: silentLogger()
    })
    await accounts.signIn({ email, password: 'secret123' })
    return accounts
  }

  it('a recovery link for another person adds them and asks for a new password; the first account keeps its session', async () => {
    const alice = await signUpAndIn(harness, 'alice')
    const bob = await signUpAndIn(harness, 'bob')
    const accounts = await signedInAs(alice.email)
    const actions = createAccountActions(async () => accounts, AUTH_CALLBACK_URL)

    await actions.requestPasswordReset(bob.email)
    const location = await landing((await latestMail(harness.backend.url, bob.email)).link)
    expect(location.startsWith(`${AUTH_CALLBACK_URL}#`)).toBe(true)

    expect(await openAuthLink(accounts, location)).toEqual({
      ok: true,
      route: { kind: 'auth', outcome: 'recovery' }
    })
    expect(accounts.list().map((account) => account.id)).toEqual([alice.userId, bob.userId])
    expect(accounts.currentUserId()).toBe(bob.userId)
    expect((await accounts.getSnapshot()).pending).toBe('new-password')

    await actions.setNewPassword('brand-new-secret')
    const { error } = await harness.anon().auth.signInWithPassword({
      email: bob.email,
      password: 'brand-new-secret'
    })
    expect(error).toBeNull()

    await accounts.switchTo(alice.userId)
    expect(decodeClaims((await accounts.getAccessToken())!).sub).toBe(alice.userId)
    accounts.dispose()
  })

  it('a sign-in link for the current account refreshes it, without adding anyone', async () => {
    const carol = await signUpAndIn(harness, 'carol')
    const accounts = await signedInAs(carol.email)
    await createAccountActions(async () => accounts, AUTH_CALLBACK_URL).sendLoginCode(carol.email)
    const location = await landing((await latestMail(harness.backend.url, carol.email)).link)

    expect(await openAuthLink(accounts, location)).toEqual({
      ok: true,
      route: { kind: 'auth', outcome: 'magiclink' }
    })
    expect(accounts.list().map((account) => account.id)).toEqual([carol.userId])
    expect((await accounts.getSnapshot()).pending).toBeUndefined()
    accounts.dispose()
  })

  it('a used link shows the backend’s reason, and a forged one leaves the current account as it was', async () => {
    const dave = await signUpAndIn(harness, 'dave')
    const erin = await signUpAndIn(harness, 'erin')
    const accounts = await signedInAs(dave.email)
    await createAccountActions(async () => accounts, AUTH_CALLBACK_URL).sendLoginCode(erin.email)
    const link = (await latestMail(harness.backend.url, erin.email)).link
    await landing(link)

    expect(await openAuthLink(accounts, await landing(link))).toEqual({
      ok: false,
      message: AUTH_LINK_MESSAGES.failed('Email link is invalid or has expired')
    })

    // Erin's user id in a token the server did not sign.
    const [header, , signature] = erin.accessToken.split('.')
    const claims = Buffer.from(JSON.stringify({ ...decodeClaims(erin.accessToken), exp: 9e9 }))
    const forged = `${header}.${claims.toString('base64url')}.${signature}`
    const fragment = new URLSearchParams({
      access_token: forged,
      refresh_token: erin.refreshToken,
      type: 'magiclink'
    })
    const refused = await openAuthLink(accounts, `${AUTH_CALLBACK_URL}#${fragment}`)
    expect(refused.ok).toBe(false)
    expect(accounts.currentUserId()).toBe(dave.userId)
    expect(accounts.list().map((account) => account.id)).toEqual([dave.userId])
    expect((await accounts.getSnapshot()).addingAccount).toBeUndefined()
    accounts.dispose()
  })
})
