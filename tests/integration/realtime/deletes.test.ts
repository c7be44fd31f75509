// Deletions through the app's own subscriptions (live-posts.ts, live-comments.ts), on PGlite and
// on PostgreSQL: a deleted post reaches every reader who could see it, with its primary key
// only, as hosted Realtime sends a DELETE, and never someone its author blocked (the local
// server checks the old row against the SELECT policies); an open post hears its new comments,
// read back with their author, and its deleted ones.

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addComment, commentById, deleteComment } from '../../../src/shared/data/comments'
import { subscribeToPostComments, type CommentRow } from '../../../src/shared/data/live-comments'
import { subscribeToPosts } from '../../../src/shared/data/live-posts'
import { blockPerson } from '../../../src/shared/data/safety'
import { type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { createPost, signUpUser, sleep, type User } from './support'

/** Resolves once every channel of `client` has joined (the app's subscriptions hide theirs). */
async function joined(client: SupabaseClient): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (client.getChannels().every((channel) => channel.state === 'joined')) return
    await sleep(25)
  }
  throw new Error('channels did not join')
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (check()) return
    await sleep(25)
  }
  throw new Error(`Timed out waiting for ${what}`)
}

describeEachBackend('realtime deletes', (suite) => {
  let harness: Harness
  let author: User
  let reader: User
  let blocked: User

  beforeAll(async () => {
    harness = suite.harness
    const { url, anonKey } = harness.backend
    ;[author, reader, blocked] = await Promise.all([
      signUpUser(url, anonKey, 'author'),
      signUpUser(url, anonKey, 'reader'),
      signUpUser(url, anonKey, 'blocked')
    ])
    await blockPerson(author.client, author.id, blocked.id)
  })
  afterAll(async () => {
    await Promise.all([author, reader, blocked].map((user) => user?.client.removeAllChannels()))
  })

  it('a deleted post reaches its readers by id, and not someone its author blocked', async () => {
    const heard = { reader: [] as string[], blocked: [] as string[] }
    const listen = (user: User, into: string[]) =>
      subscribeToPosts(user.client, {
        onInsert: () => undefined,
        onUpdate: () => undefined,
        onDelete: (postId) => into.push(postId),
        onResync: () => undefined
      })
    const stops = [listen(reader, heard.reader), listen(blocked, heard.blocked)]
    await Promise.all([joined(reader.client), joined(blocked.client)])
    const post = await createPost(author, harness.backend.url)
    const { error } = await author.client.from('posts').delete().eq('id', post)
    if (error) throw new Error(error.message)
    await until(() => heard.reader.length === 1, "the reader's delete")
    expect(heard.reader).toEqual([post])
    // Time for a wrongly delivered one to arrive.
    await sleep(300)
    expect(heard.blocked).toEqual([])
    await Promise.all(stops.map((stop) => stop()))
  })

  it('an open post hears a new comment (read back with its author) and a deleted one', async () => {
    const post = await createPost(author, harness.backend.url)
    const added: CommentRow[] = []
    const removed: string[] = []
    const stop = subscribeToPostComments(author.client, post, {
      onAdded: (row) => added.push(row),
      onRemoved: (id) => removed.push(id),
      onCount: () => undefined,
      onResync: () => undefined
    })
    await joined(author.client)
    const comment = await addComment(reader.client, { postId: post, userId: reader.id, body: 'hi' })
    await until(() => added.length === 1, 'the new comment')
    expect(added[0]).toMatchObject({ id: comment.id, post_id: post, body: 'hi' })
    const shown = await commentById(author.client, added[0].id)
    expect(shown?.profiles?.username).toBe(comment.profiles?.username)
    await deleteComment(reader.client, comment.id)
    await until(() => removed.includes(comment.id), 'the deleted comment')
    expect(await commentById(author.client, comment.id)).toBeNull()
    await stop()
  })
})
