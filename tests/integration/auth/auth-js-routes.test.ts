// Every auth-js method that reaches the server, called through the unmodified supabase-js: none
// may meet "No auth route". Each answer is whatever a hosted project gives (the call succeeds,
// or is refused as a project with that feature switched off refuses it). Methods that need a
// browser wallet or authenticator send here the request auth-js would send.

import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import {
  signUpAndIn,
  testClient,
  uniqueEmail,
  type Harness,
  type SignedUpUser
} from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

interface Seen {
  method: string
  path: string
  status: number
  body: string
}

interface Context {
  client: SupabaseClient
  admin: SupabaseClient['auth']['admin']
  user: SignedUpUser
  raw(method: string, path: string, body?: unknown): Promise<void>
}

type Call = (context: Context) => Promise<unknown>

const SOME_ID = '00000000-0000-4000-8000-000000000001'

/** The mailing routes (mail, recovery, OTP, PUT /user, invites, links). */
const mailingRoutes: Record<string, Call> = {
  'updateUser (PUT /user)': ({ client }) => client.auth.updateUser({ data: { a: 1 } }),
  'resetPasswordForEmail (POST /recover)': ({ client }) =>
    client.auth.resetPasswordForEmail(uniqueEmail('r')),
  'signInWithOtp email (POST /otp)': ({ client }) =>
    client.auth.signInWithOtp({ email: uniqueEmail('otp') }),
  'resend (POST /resend)': ({ client }) =>
    client.auth.resend({ type: 'signup', email: uniqueEmail('re') }),
  'reauthenticate (GET /reauthenticate)': ({ client }) => client.auth.reauthenticate(),
  'admin.inviteUserByEmail (POST /invite)': ({ admin }) =>
    admin.inviteUserByEmail(uniqueEmail('inv')),
  'admin.generateLink (POST /admin/generate_link)': ({ admin }) =>
    admin.generateLink({ type: 'magiclink', email: uniqueEmail('gl') })
}

const routes: Record<string, Call> = {
  signUp: ({ client }) => client.auth.signUp({ email: uniqueEmail('su'), password: 'secret123' }),
  'signUp with a phone': ({ client }) =>
    client.auth.signUp({ phone: '+15555550100', password: 'secret123' }),
  signInAnonymously: ({ client }) => client.auth.signInAnonymously(),
  signInWithPassword: ({ client, user }) =>
    client.auth.signInWithPassword({ email: user.email, password: user.password }),
  'signInWithPassword with a phone': ({ client }) =>
    client.auth.signInWithPassword({ phone: '+15555550100', password: 'secret123' }),
  signInWithIdToken: ({ client }) =>
    client.auth.signInWithIdToken({ provider: 'google', token: 'not-a-token' }),
  'signInWithOAuth (GET /authorize)': ({ raw }) => raw('GET', '/authorize?provider=github'),
  'signInWithWeb3 (POST /token?grant_type=web3)': ({ raw }) =>
    raw('POST', '/token?grant_type=web3', { chain: 'ethereum', message: 'm', signature: '0x' }),
  exchangeCodeForSession: ({ client }) => client.auth.exchangeCodeForSession('no-such-code'),
  signInWithSSO: ({ client }) => client.auth.signInWithSSO({ domain: 'example.com' }),
  verifyOtp: ({ client }) => client.auth.verifyOtp({ token_hash: 'no-such-hash', type: 'email' }),
  getUser: ({ client }) => client.auth.getUser(),
  getUserIdentities: ({ client }) => client.auth.getUserIdentities(),
  getClaims: ({ client }) => client.auth.getClaims(),
  refreshSession: ({ client }) => client.auth.refreshSession(),
  linkIdentity: ({ client }) =>
    client.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } }),
  unlinkIdentity: ({ client, user }) =>
    client.auth.unlinkIdentity({
      identity_id: SOME_ID,
      id: user.userId,
      user_id: user.userId,
      provider: 'email',
      identity_data: {}
    } as never),
  'mfa.enroll / challenge / verify / challengeAndVerify / unenroll / listFactors / AAL': async ({
    client
  }) => {
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'cover' })
    await client.auth.mfa.challenge({ factorId: data!.id })
    await client.auth.mfa.challengeAndVerify({ factorId: data!.id, code: '000000' })
    await client.auth.mfa.listFactors()
    await client.auth.mfa.getAuthenticatorAssuranceLevel()
    return client.auth.mfa.unenroll({ factorId: data!.id })
  },
  'oauth.getAuthorizationDetails / approve / deny / listGrants / revokeGrant': async ({
    client
  }) => {
    await client.auth.oauth.getAuthorizationDetails('some-authorization')
    await client.auth.oauth.approveAuthorization('some-authorization', {
      skipBrowserRedirect: true
    })
    await client.auth.oauth.denyAuthorization('some-authorization', { skipBrowserRedirect: true })
    await client.auth.oauth.listGrants()
    return client.auth.oauth.revokeGrant({ clientId: 'some-client' })
  },
  'passkey.startRegistration / startAuthentication / list / update / delete': async ({
    client
  }) => {
    await client.auth.passkey.startRegistration()
    await client.auth.passkey.startAuthentication()
    await client.auth.passkey.list()
    await client.auth.passkey.update({ passkeyId: SOME_ID, friendlyName: 'k' })
    return client.auth.passkey.delete({ passkeyId: SOME_ID })
  },
  'passkey.verifyRegistration / verifyAuthentication (as auth-js sends them)': async ({ raw }) => {
    await raw('POST', '/passkeys/registration/verify', {})
    await raw('POST', '/passkeys/authentication/verify', {})
  },
  'admin.createUser / listUsers / getUserById / updateUserById / deleteUser': async ({ admin }) => {
    const { data } = await admin.createUser({ email: uniqueEmail('adm') })
    await admin.listUsers()
    await admin.getUserById(data.user!.id)
    await admin.updateUserById(data.user!.id, { user_metadata: { a: 1 } })
    return admin.deleteUser(data.user!.id)
  },
  'admin.mfa.listFactors / deleteFactor': async ({ admin, user }) => {
    await admin.mfa.listFactors({ userId: user.userId })
    return admin.mfa.deleteFactor({ userId: user.userId, id: SOME_ID })
  },
  'admin.oauth.*': async ({ admin }) => {
    await admin.oauth.listClients()
    await admin.oauth.createClient({ client_name: 'c', redirect_uris: ['http://x.test/cb'] })
    await admin.oauth.getClient('some-client')
    await admin.oauth.updateClient('some-client', { client_name: 'd' })
    await admin.oauth.regenerateClientSecret('some-client')
    return admin.oauth.deleteClient('some-client')
  },
  'admin.customProviders.*': async ({ admin }) => {
    await admin.customProviders.listProviders()
    await admin.customProviders.createProvider({ identifier: 'custom:x' } as never)
    await admin.customProviders.getProvider('custom:x')
    await admin.customProviders.updateProvider('custom:x', {} as never)
    return admin.customProviders.deleteProvider('custom:x')
  },
  'admin.passkey.listPasskeys / deletePasskey': async ({ admin, user }) => {
    await admin.passkey.listPasskeys({ userId: user.userId })
    return admin.passkey.deletePasskey({ userId: user.userId, passkeyId: SOME_ID })
  },
  'admin.signOut': ({ admin, user }) => admin.signOut(user.accessToken),
  signOut: ({ client }) => client.auth.signOut()
}

describeEachBackend(
  'every auth-js call reaches a route',
  (suite) => {
    let harness: Harness
    const seen: Seen[] = []
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      const url = new URL(String(input instanceof Request ? input.url : input))
      seen.push({
        method: init?.method ?? 'GET',
        path: url.pathname + url.search,
        status: response.status,
        body: await response.clone().text()
      })
      return response
    }

    async function context(): Promise<Context> {
      const user = await signUpAndIn(harness, 'routes')
      const { url, anonKey, serviceRoleKey } = harness.backend
      const client = testClient(url, anonKey, { fetch: recording, passkeys: true })
      await client.auth.setSession({
        access_token: user.accessToken,
        refresh_token: user.refreshToken
      })
      const admin = testClient(url, serviceRoleKey, { fetch: recording, passkeys: true }).auth.admin
      const raw = async (method: string, path: string, body?: unknown): Promise<void> => {
        await recording(`${url}/auth/v1${path}`, {
          method,
          headers: {
            apikey: anonKey,
            authorization: `Bearer ${user.accessToken}`,
            'content-type': 'application/json'
          },
          body: body === undefined ? undefined : JSON.stringify(body)
        })
      }
      return { client, admin, user, raw }
    }

    beforeAll(() => {
      harness = suite.harness
    })

    async function reachesARoute(call: Call): Promise<void> {
      const ctx = await context()
      seen.length = 0
      await call(ctx)
      const calls = seen.filter((entry) => entry.path.startsWith('/auth/v1/'))
      expect(calls.length, 'the call reached the server').toBeGreaterThan(0)
      const unrouted = calls.filter((entry) => entry.body.includes('No auth route'))
      expect(unrouted.map((entry) => `${entry.method} ${entry.path}`)).toEqual([])
    }

    for (const [name, call] of Object.entries(routes)) {
      it(`${name} gets an answer, not "No auth route"`, () => reachesARoute(call))
    }

    for (const [name, call] of Object.entries(mailingRoutes)) {
      it(`${name} gets an answer, not "No auth route"`, () => reachesARoute(call))
    }
  },
  { config: { auth: authConfigWith({ anonymousSignIns: true }) } }
)
