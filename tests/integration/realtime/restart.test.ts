// The backend restarting on the same port (the desktop supervisor does this after a crash):
// realtime-js reconnects and re-joins by itself, live changes flow again, and what happened
// while the channel was down is there to re-read through activity_page, which is how the app
// catches up after every re-join (the feed and the profile page re-read theirs likewise).

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../../src/backend/server'
import { fetchActivityPage, subscribeToActivity } from '../../../src/shared/data/activity'
import { subscribeToPosts } from '../../../src/shared/data/live-posts'
import { subscribeToProfileCounts } from '../../../src/shared/data/live-profiles'
import { postgresUrl, skipReason } from '../../support/database-suite'
import { createMigratedTestDatabase, DATABASE_KINDS, MIGRATIONS_DIR } from '../../support/databases'
import { pgliteSnapshot } from '../../support/prepared-databases'
import { createPost, like, record, signUpUser } from './support'

describe.each(DATABASE_KINDS)('realtime across a backend restart on %s', (kind) => {
  const reason = skipReason(kind)
  if (reason) {
    it.skip(reason, () => undefined)
    return
  }
  const cleanup: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step()
  })

  // Up to 90 s: two starts on one PGlite data folder take a while on a busy machine.
  it('re-joins by itself and can re-read what it missed', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'instaframe-realtime-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
    const databaseUrl =
      kind === 'postgres' ? await createMigratedTestDatabase(postgresUrl) : undefined
    // The first start on the empty folder takes the run's migrated snapshot (on PGlite); the
    // restart opens what it left, as the app does.
    const snapshot = databaseUrl ? undefined : await pgliteSnapshot()
    const start = (port: number): Promise<RunningBackend> =>
      startBackend({
        dataDir,
        port,
        databaseUrl,
        migrationsDir: MIGRATIONS_DIR,
        pgliteSnapshot: snapshot
      })

    let backend = await start(0)
    cleanup.push(() => backend.close())
    const { url, anonKey, port } = backend
    const alice = await signUpUser(url, anonKey, 'alice')
    const bob = await signUpUser(url, anonKey, 'bob')
    const carol = await signUpUser(url, anonKey, 'carol')
    cleanup.push(() => Promise.all([alice, bob, carol].map((u) => u.client.removeAllChannels())))
    const post = await createPost(alice, url)

    const inbox = record(alice.client, [
      { event: 'INSERT', table: 'notifications', filter: `recipient_id=eq.${alice.id}` }
    ])
    await inbox.subscribe()
    // The data layer's subscription: it must ask for a re-read after the re-join.
    let resyncs = 0
    subscribeToActivity(alice.client, alice.id, {
      onNotification: () => undefined,
      onResync: () => (resyncs += 1)
    })
    // So must the feed's and the profile page's, whose screens re-read on a resync too.
    let otherResyncs = 0
    subscribeToPosts(alice.client, {
      onInsert: () => undefined,
      onUpdate: () => undefined,
      onDelete: () => undefined,
      onResync: () => (otherResyncs += 1)
    })
    subscribeToProfileCounts(alice.client, alice.id, {
      onCounts: () => undefined,
      onResync: () => (otherResyncs += 1)
    })
    await like(bob, post)
    await inbox.until(() => inbox.changes.length === 1, 'the first notification')

    await backend.close()
    backend = await start(port)
    // Carol likes while Alice's channel is most likely still down (realtime-js waits before it
    // reconnects; on a fast start it may already be back, and then her like arrives live too).
    // Either way the re-read below must hold it.
    await like(carol, post)
    await inbox.joined(2, 15_000)

    await inbox.until(() => resyncs === 1, 'the resync request', 5_000)
    await inbox.until(() => otherResyncs === 2, "the feed's and profile's resyncs", 5_000)
    const { groups } = await fetchActivityPage(alice.client)
    expect(groups).toEqual([
      expect.objectContaining({ type: 'like', post_id: post, actor_count: 2, unread_count: 2 })
    ])

    // And live delivery works again on the re-joined channel.
    const dave = await signUpUser(url, anonKey, 'dave')
    await like(dave, post)
    await inbox.until(
      () =>
        inbox.changes.some((change) => (change.new as { actor_id?: string }).actor_id === dave.id),
      'a live notification after the re-join'
    )
  }, 90_000)
})
