// Suspension takes effect at once, whatever the token (migrations 20261129110000 and
// 20261129110100), through the real APIs on PGlite and PostgreSQL: a person whose access token
// still lives when a moderator suspends them can no longer write through REST, rpc, storage or
// a private realtime channel (even one that sent before), each with a readable refusal; what
// they did disappears for others; they still read (and export) their own data; and a moderator
// lifting the suspension restores both, with the same token.

import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { grantModerator } from '../../support/sql-actors'
import { readInformationRecords } from '../../../src/shared/data/export/information-records'
import { fetchSuspendedAccounts, liftSuspension } from '../../../src/shared/data/safety'
import { REALTIME_LIMITS } from '../../../src/backend/realtime/limits'
import { signUpAndIn, type SignedUpUser } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { PNG_1X1 } from '../../support/images'
import { room, type Room } from '../realtime/rooms'
import { createPost, realtimeClient, signUpUser, sleep, type User } from '../realtime/support'

const SUSPENDED = "Your account is suspended, so you can't make changes"

describeEachBackend('suspension through the APIs', (suite) => {
  let sus: User
  let ann: User
  let mod: SignedUpUser
  let annsPost: string
  let thread: string
  let typing: Room

  /** What `client` gets back for one write: its status, code and message. */
  async function refusal(
    request: PromiseLike<{ error: { code?: string; message: string } | null; status: number }>
  ): Promise<{ status: number; code?: string; message?: string }> {
    const { error, status } = await request
    return { status, code: error?.code, message: error?.message }
  }

  const writes = (client: SupabaseClient, me: string): Record<string, PromiseLike<never>> =>
    ({
      'edit the bio': client.from('profiles').update({ bio: 'still here' }).eq('id', me),
      save: client.from('saves').insert({ user_id: me, post_id: annsPost }),
      'add a word filter': client.from('word_filters').insert({ kind: 'mute', word: 'x' }),
      comment: client.from('comments').insert({ post_id: annsPost, user_id: me, body: 'again' }),
      'send a direct message': client
        .from('direct_messages')
        .insert({ thread_id: thread, sender_id: me, kind: 'text', body: 'psst' }),
      'follow (rpc)': client.rpc('follow_profile', { target: mod.userId })
    }) as unknown as Record<string, PromiseLike<never>>

  const annSees = async (): Promise<{ comments: number; likes: number; people: number }> => {
    const comments = await ann.client.from('comments').select('id').eq('user_id', sus.id)
    const likes = await ann.client.from('likes').select('id').eq('post_id', annsPost)
    const people = await ann.client.rpc('search_profiles', { query: 'sus_' })
    return {
      comments: comments.data?.length ?? -1,
      likes: likes.data?.length ?? -1,
      people: ((people.data ?? []) as { id: string }[]).filter((p) => p.id === sus.id).length
    }
  }

  beforeAll(async () => {
    const { url, anonKey, db } = suite.harness.backend
    ;[sus, ann] = await Promise.all([
      signUpUser(url, anonKey, 'sus'),
      signUpUser(url, anonKey, 'ann')
    ])
    mod = await signUpAndIn(suite.harness, 'mod')
    await grantModerator(db, mod.email)
    annsPost = await createPost(ann, url)
    await createPost(sus, url)
    for (const { error } of [
      await sus.client.from('comments').insert({ post_id: annsPost, user_id: sus.id, body: 'hi' }),
      await sus.client.rpc('set_post_like', { target_post_id: annsPost, should_like: true })
    ]) {
      if (error) throw new Error(error.message)
    }
    const started = await sus.client.rpc('start_direct_thread', { recipient_ids: [ann.id] })
    if (started.error) throw new Error(started.error.message)
    thread = started.data as string
    // Typing in the thread's private channel works before the suspension.
    typing = room(sus.client, `direct:${thread}`, { private: true, broadcast: { ack: true } })
    expect(await typing.subscribe()).toBe('SUBSCRIBED')
    expect(await typing.channel.send({ type: 'broadcast', event: 'typing', payload: {} })).toBe(
      'ok'
    )
    expect(await annSees()).toEqual({ comments: 1, likes: 1, people: 1 })
    // Ann reports sus; a moderator suspends them. Their token lives on.
    const reported = await ann.client.rpc('report_content', {
      target_type: 'profile',
      target_id: sus.id,
      reason: 'harassment'
    })
    if (reported.error) throw new Error(reported.error.message)
    const { data: reports } = await mod.client.rpc('moderation_reports')
    const report = (reports as { report_id: string }[])[0].report_id
    const resolved = await mod.client.rpc('moderation_resolve', { report, action: 'suspend' })
    if (resolved.error) throw new Error(resolved.error.message)
  })
  afterAll(async () => {
    await Promise.all([sus, ann].map((user) => user?.client.removeAllChannels()))
  })

  it('refuses every REST and rpc write of the live token with the readable message', async () => {
    for (const [what, request] of Object.entries(writes(sus.client, sus.id))) {
      expect(await refusal(request), what).toEqual({
        status: 403,
        code: '42501',
        message: SUSPENDED
      })
    }
  })

  it('refuses uploads, as hosted Storage refuses a write its policies do not allow', async () => {
    const { error } = await sus.client.storage
      .from('images')
      .upload(`posts/${sus.id}/${randomUUID()}.png`, PNG_1X1, { contentType: 'image/png' })
    expect(error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy'
    })
  })

  it('stops sending on a private channel, even one that sent before', async () => {
    // The channel's earlier answer is asked again once it is older than this.
    await sleep(REALTIME_LIMITS.writeDecisionMs + 100)
    expect(await typing.channel.send({ type: 'broadcast', event: 'typing', payload: {} })).toBe(
      'error'
    )
    // A channel joined after it, from another client with the same token.
    const { url, anonKey } = suite.harness.backend
    const again = realtimeClient(url, anonKey)
    await again.realtime.setAuth(sus.accessToken)
    const fresh = room(again, `direct:${thread}`, { private: true, broadcast: { ack: true } })
    expect(await fresh.subscribe()).toBe('SUBSCRIBED')
    expect(await fresh.channel.send({ type: 'broadcast', event: 'typing', payload: {} })).toBe(
      'error'
    )
    expect(await fresh.channel.track({ here: true })).toBe('error')
    await again.removeAllChannels()
  })

  it('hides what they did from others, and still lets them read and export it', async () => {
    expect(await annSees()).toEqual({ comments: 0, likes: 0, people: 0 })
    const records = await readInformationRecords(sus.client, sus.id)
    expect(records.posts).toHaveLength(1)
    expect(records.comments).toHaveLength(1)
    expect(records.likes).toHaveLength(1)
  })

  it('a moderator lifting it restores their content and their writes, same token', async () => {
    // The Moderation view's list: moderators read suspended accounts; nobody else does.
    expect((await fetchSuspendedAccounts(mod.client)).map((person) => person.id)).toEqual([sus.id])
    expect(await fetchSuspendedAccounts(ann.client)).toEqual([])
    await expect(liftSuspension(ann.client, sus.id)).rejects.toThrow('Only moderators can do this')
    await liftSuspension(mod.client, sus.id)
    expect(await fetchSuspendedAccounts(mod.client)).toEqual([])
    expect(await annSees()).toEqual({ comments: 1, likes: 1, people: 1 })
    const { error } = await sus.client.from('profiles').update({ bio: 'back' }).eq('id', sus.id)
    expect(error).toBeNull()
    await sleep(REALTIME_LIMITS.writeDecisionMs + 100)
    expect(await typing.channel.send({ type: 'broadcast', event: 'typing', payload: {} })).toBe(
      'ok'
    )
  })
})
