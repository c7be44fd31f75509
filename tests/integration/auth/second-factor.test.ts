// Two-factor means two factors (docs/security.md): a password-only (aal1) session of a
// person with a verified TOTP factor reads and sends no direct message, edits no profile,
// uploads nothing, calls no rpc that acts for them, and changes neither password nor email nor
// factors; the same person after the code does all of it, and a person without a factor is
// never asked for one. Both databases, through the unmodified supabase-js.

import { beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { totpCode, totpStep } from '../../../src/backend/auth/totp'
import { confirmTwoFactor, enrollTwoFactor } from '../../../src/shared/data/two-factor'
import {
  decodeClaims,
  signUpAndIn,
  testClient,
  type Harness,
  type SignedUpUser
} from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { latestMail } from '../../support/mailbox'
import { png } from '../posts/support'
import { room } from '../realtime/rooms'
import { realtimeClient, record } from '../realtime/support'

const codeNow = (secret: string): string => totpCode(secret, totpStep(Date.now()))

interface Enrolled extends SignedUpUser {
  factorId: string
  secret: string
}

/** A fresh password sign-in of `user`: aal1, and aal2 only once a factor's code is given. */
async function passwordSession(
  harness: Harness,
  user: SignedUpUser,
  { live = false } = {}
): Promise<SupabaseClient> {
  const { url, anonKey } = harness.backend
  const client = live ? realtimeClient(url, anonKey) : testClient(url, anonKey)
  const { error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password
  })
  if (error) throw error
  return client
}

async function aalOf(client: SupabaseClient): Promise<unknown> {
  const { data } = await client.auth.getSession()
  return decodeClaims(data.session!.access_token).aal
}

/** What the attacks of the issue reach, for `client` acting as `user` in `threadId`. */
async function attempts(
  harness: Harness,
  client: SupabaseClient,
  user: SignedUpUser,
  threadId: string,
  friendId: string
) {
  const read = await client.from('direct_messages').select('body').eq('thread_id', threadId)
  const sent = await client
    .from('direct_messages')
    .insert({ thread_id: threadId, sender_id: user.userId, kind: 'text', body: 'sent at aal1?' })
    .select('id')
  const started = await client.rpc('start_direct_thread', { recipient_ids: [friendId] })
  const bio = `bio ${Math.random()}`
  const edited = await client.from('profiles').update({ bio }).eq('id', user.userId).select('bio')
  const upload = await client.storage
    .from('images')
    .upload(`avatars/${user.userId}/${Date.now()}.png`, png([9, 9, 9]), {
      contentType: 'image/png'
    })
  const blocked = await client.rpc('blocked_accounts')
  const stored = await harness.backend.db.query<{ bio: string | null }>(
    'select bio from public.profiles where id = $1',
    [user.userId]
  )
  return {
    read: read.data?.map((row) => row.body) ?? read.error,
    sent: sent.error ? { code: sent.error.code } : 'sent',
    started: started.error ? { hint: started.error.hint } : 'started',
    edited: stored.rows[0].bio === bio && edited.data?.length === 1 ? 'edited' : 'unchanged',
    upload: upload.error ? 'refused' : 'uploaded',
    blocked: blocked.error ? { hint: (blocked.error as { hint?: string }).hint } : 'listed'
  }
}

describeEachBackend('two-factor means two factors', (suite) => {
  let harness: Harness
  let victim: Enrolled
  let friend: SignedUpUser
  let threadId: string

  beforeAll(async () => {
    harness = suite.harness
    const user = await signUpAndIn(harness, 'twofa_victim')
    friend = await signUpAndIn(harness, 'twofa_friend')
    // The thread and its history come first, while the victim has no factor yet.
    const started = await user.client.rpc('start_direct_thread', {
      recipient_ids: [friend.userId]
    })
    threadId = started.data as string
    const hello = await user.client.from('direct_messages').insert({
      thread_id: threadId,
      sender_id: user.userId,
      kind: 'text',
      body: 'the secret history'
    })
    expect(hello.error).toBeNull()
    const enrollment = await enrollTwoFactor(user.client)
    await confirmTwoFactor(user.client, {
      factorId: enrollment.factorId,
      code: codeNow(enrollment.secret)
    })
    victim = { ...user, factorId: enrollment.factorId, secret: enrollment.secret }
  })

  describe('an aal1 session of a person with a verified factor', () => {
    it('reads and sends no message, edits no profile, uploads nothing, calls no rpc', async () => {
      const aal1 = await passwordSession(harness, victim)
      expect(await aalOf(aal1)).toBe('aal1')
      expect(await attempts(harness, aal1, victim, threadId, friend.userId)).toEqual({
        read: [],
        sent: { code: '42501' },
        started: { hint: 'insufficient_aal' },
        edited: 'unchanged',
        upload: 'refused',
        blocked: { hint: 'insufficient_aal' }
      })
    })

    it('changes neither password nor email with PUT /user, as GoTrue answers', async () => {
      const aal1 = await passwordSession(harness, victim)
      const password = await aal1.auth.updateUser({ password: 'taken-over-1' })
      expect(password.error).toMatchObject({ status: 401, code: 'insufficient_aal' })
      const email = await aal1.auth.updateUser({ email: 'attacker@example.com' })
      expect(email.error).toMatchObject({ status: 401, code: 'insufficient_aal' })
      // The metadata is not a credential: GoTrue lets an aal1 session change it.
      const metadata = await aal1.auth.updateUser({ data: { theme: 'dark' } })
      expect(metadata.error).toBeNull()
      const signIn = await testClient(
        harness.backend.url,
        harness.backend.anonKey
      ).auth.signInWithPassword({ email: victim.email, password: victim.password })
      expect(signIn.error).toBeNull()
    })

    it('changes no factor and makes no recovery codes', async () => {
      const aal1 = await passwordSession(harness, victim)
      const enroll = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'attacker' })
      expect(enroll.error).toMatchObject({ status: 403, code: 'insufficient_aal' })
      const unenroll = await aal1.auth.mfa.unenroll({ factorId: victim.factorId })
      expect(unenroll.error).toMatchObject({ status: 422, code: 'insufficient_aal' })
      const { data } = await aal1.auth.getSession()
      const codes = await fetch(`${harness.backend.url}/auth/v1/factors/recovery-codes`, {
        method: 'POST',
        headers: {
          apikey: harness.backend.anonKey,
          authorization: `Bearer ${data.session!.access_token}`
        }
      })
      expect(codes.status).toBe(403)
      expect(await codes.json()).toMatchObject({ code: 'insufficient_aal' })
    })
  })

  it('a password recovery by mail proves the mailbox, not the second factor', async () => {
    const recovering = testClient(harness.backend.url, harness.backend.anonKey)
    expect((await recovering.auth.resetPasswordForEmail(victim.email)).error).toBeNull()
    const { code } = await latestMail(harness.backend.url, victim.email)
    const verified = await recovering.auth.verifyOtp({
      email: victim.email,
      token: code,
      type: 'recovery'
    })
    expect(verified.error).toBeNull()
    expect(await aalOf(recovering)).toBe('aal1')
    const early = await recovering.auth.updateUser({ password: 'recovered-pass-1' })
    expect(early.error).toMatchObject({ status: 401, code: 'insufficient_aal' })
    const read = await recovering.from('direct_messages').select('body').eq('thread_id', threadId)
    expect(read.data).toEqual([])

    const raised = await recovering.auth.mfa.challengeAndVerify({
      factorId: victim.factorId,
      code: codeNow(victim.secret)
    })
    expect(raised.error).toBeNull()
    expect((await recovering.auth.updateUser({ password: 'recovered-pass-1' })).error).toBeNull()
    victim = { ...victim, password: 'recovered-pass-1' }
  })

  it('a live aal1 session joins no private room and hears no message', async () => {
    const aal1 = await passwordSession(harness, victim, { live: true })
    const aal2 = await passwordSession(harness, victim, { live: true })
    const verified = await aal2.auth.mfa.challengeAndVerify({
      factorId: victim.factorId,
      code: codeNow(victim.secret)
    })
    // supabase-js gives realtime a new token on SIGNED_IN and TOKEN_REFRESHED, not after the
    // code (the app's client asks for its token each time instead).
    await aal2.realtime.setAuth(verified.data!.access_token)
    try {
      const topic = `direct:${threadId}`
      expect(await room(aal1, topic, { private: true }).subscribe()).toBe('CHANNEL_ERROR')
      expect(await room(aal2, topic, { private: true }).subscribe()).toBe('SUBSCRIBED')
      const binding = { event: 'INSERT' as const, table: 'direct_messages' }
      const refused = record(aal1, [binding])
      const heard = record(aal2, [binding])
      await Promise.all([refused.subscribe(), heard.subscribe()])
      for (const body of ['first', 'second']) {
        const { error } = await aal2
          .from('direct_messages')
          .insert({ thread_id: threadId, sender_id: victim.userId, kind: 'text', body })
        expect(error).toBeNull()
        await heard.until(
          () => heard.changes.some((change) => (change.new as { body?: string }).body === body),
          `the aal2 session hears "${body}"`
        )
      }
      // Changes are delivered in order: once the second reached aal2, the first was decided.
      expect(refused.changes).toEqual([])
    } finally {
      await Promise.all([aal1.removeAllChannels(), aal2.removeAllChannels()])
    }
  })

  it('the same person after the code does all of it', async () => {
    const session = await passwordSession(harness, victim)
    const challenge = await session.auth.mfa.challengeAndVerify({
      factorId: victim.factorId,
      code: codeNow(victim.secret)
    })
    expect(challenge.error).toBeNull()
    expect(await aalOf(session)).toBe('aal2')
    expect(await attempts(harness, session, victim, threadId, friend.userId)).toEqual({
      read: expect.arrayContaining(['the secret history']),
      sent: 'sent',
      started: 'started',
      edited: 'edited',
      upload: 'uploaded',
      blocked: 'listed'
    })
    const changed = await session.auth.updateUser({ password: 'changed-with-code-1' })
    expect(changed.error).toBeNull()
    victim = { ...victim, password: 'changed-with-code-1' }
  })

  it('a person without a factor is never asked for one', async () => {
    const plain = await signUpAndIn(harness, 'twofa_none')
    const other = await signUpAndIn(harness, 'twofa_none_friend')
    const started = await plain.client.rpc('start_direct_thread', { recipient_ids: [other.userId] })
    await plain.client
      .from('direct_messages')
      .insert({ thread_id: started.data, sender_id: plain.userId, kind: 'text', body: 'hello' })
    const session = await passwordSession(harness, plain)
    expect(await aalOf(session)).toBe('aal1')
    const outcome = await attempts(harness, session, plain, started.data as string, friend.userId)
    expect(outcome).toEqual({
      read: ['hello'],
      sent: 'sent',
      started: 'started',
      edited: 'edited',
      upload: 'uploaded',
      blocked: 'listed'
    })
    expect((await session.auth.updateUser({ password: 'no-factor-pass-2' })).error).toBeNull()
  })
})
