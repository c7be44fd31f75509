// Realtime delivery under the content controls (supabase/migrations/20261126130000_content_
// controls.sql), on PGlite and on PostgreSQL: a comment hidden by the post author's words
// reaches the author live and never a third person, because the realtime server checks each
// change as the subscriber; stories (close friends ones included) are not streamed at all.

import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { createPost, record, signUpUser, sleep, type User } from './support'

describeEachBackend('realtime under content controls', (suite) => {
  let harness: Harness
  let author: User
  let writer: User
  let reader: User
  let post: string

  beforeAll(async () => {
    harness = suite.harness
    const { url, anonKey } = harness.backend
    ;[author, writer, reader] = await Promise.all([
      signUpUser(url, anonKey, 'author'),
      signUpUser(url, anonKey, 'writer'),
      signUpUser(url, anonKey, 'reader')
    ])
    post = await createPost(author, url)
    const { error } = await author.client
      .from('word_filters')
      .insert({ kind: 'hide_comments', word: 'boring' })
    if (error) throw new Error(error.message)
  })
  afterAll(async () => {
    await Promise.all([author, writer, reader].map((user) => user?.client.removeAllChannels()))
  })

  it('a hidden comment is delivered to the post author only', async () => {
    const binding = [{ event: 'INSERT' as const, table: 'comments', filter: `post_id=eq.${post}` }]
    const toAuthor = record(author.client, binding)
    const toReader = record(reader.client, binding)
    await Promise.all([toAuthor.subscribe(), toReader.subscribe()])
    for (const body of ['So BORING', 'Lovely']) {
      const { error } = await writer.client
        .from('comments')
        .insert({ post_id: post, user_id: writer.id, body })
      if (error) throw new Error(error.message)
    }
    await toAuthor.until(() => toAuthor.changes.length === 2, 'both comments')
    await toReader.until(() => toReader.changes.length === 1, 'the shown comment')
    // Time for a wrongly delivered hidden one to arrive after the shown one.
    await sleep(300)
    const row = (change: { new: unknown }): Record<string, unknown> =>
      change.new as Record<string, unknown>
    expect(toAuthor.changes.map((change) => row(change).body)).toEqual(['So BORING', 'Lovely'])
    expect(toReader.changes.map((change) => row(change).body)).toEqual(['Lovely'])
    // The change carries the row's columns; whether it is hidden is read as the author reads it.
    const { data, error } = await author.client
      .from('comments')
      .select('body, hidden')
      .eq('id', row(toAuthor.changes[0]).id as string)
      .single()
    if (error) throw new Error(error.message)
    expect(data).toEqual({ body: 'So BORING', hidden: true })
  })

  it('streams no stories, so a close friends story cannot leak through realtime', async () => {
    const { rows } = await harness.backend.db.query<{ count: number }>(
      `select count(*)::int as count from pg_publication_tables
       where pubname = 'supabase_realtime' and tablename in ('stories', 'story_views', 'close_friends')`
    )
    expect(rows[0].count).toBe(0)
  })
})
