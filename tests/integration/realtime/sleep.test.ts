// A laptop that sleeps: the connection to the backend goes silent without closing (a hosted
// project's socket dies in the network; here the backend process is stopped with SIGSTOP, so it
// neither answers nor closes). realtime-js notices the unanswered heartbeat, reconnects once the
// backend answers again, and re-joins; the data layer then asks for a re-read, which is how the
// app catches up on what happened meanwhile. Live delivery works again on the new connection.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { subscribeToActivity } from '../../../src/shared/data/activity'
import { startChildBackend, type ChildBackend } from '../../support/child-backend'
import { postgresUrl, skipReason } from '../../support/database-suite'
import { createMigratedTestDatabase, DATABASE_KINDS } from '../../support/databases'
import { migratedDataFolder } from '../../support/migrated-folder'
import { createPost, like, record, signUpUser } from './support'

/** realtime-js's heartbeat, short so a silent connection is noticed within a second. */
const HEARTBEAT_MS = 400
const ASLEEP_MS = 2_000

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms))

describe.each(DATABASE_KINDS)('realtime after the machine slept, on %s', (kind) => {
  const reason = skipReason(kind)
  if (reason) {
    it.skip(reason, () => undefined)
    return
  }
  const cleanup: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step()
  })

  it('notices the silent connection, re-joins and asks for a re-read', async () => {
    // On PGlite a migrated folder: the child's start is not what this test is about.
    const dataDir =
      kind === 'pglite'
        ? await migratedDataFolder()
        : await mkdtemp(join(tmpdir(), 'instaframe-sleep-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
    const env =
      kind === 'postgres' ? { DATABASE_URL: await createMigratedTestDatabase(postgresUrl) } : {}
    const backend: ChildBackend = await startChildBackend(dataDir, env)
    cleanup.push(async () => {
      backend.child.kill('SIGCONT')
      await backend.kill9()
    })
    const { url, anonKey } = backend
    const alice = await signUpUser(url, anonKey, 'alice', HEARTBEAT_MS)
    const bob = await signUpUser(url, anonKey, 'bob')
    cleanup.push(() => Promise.all([alice, bob].map((u) => u.client.removeAllChannels())))
    const post = await createPost(alice, url)

    const inbox = record(alice.client, [
      { event: 'INSERT', table: 'notifications', filter: `recipient_id=eq.${alice.id}` }
    ])
    await inbox.subscribe()
    let resyncs = 0
    subscribeToActivity(alice.client, alice.id, {
      onNotification: () => undefined,
      onResync: () => (resyncs += 1)
    })
    await like(bob, post)
    await inbox.until(() => inbox.changes.length === 1, 'the notification before the sleep')

    // Asleep: the backend neither answers nor closes anything.
    expect(backend.child.kill('SIGSTOP')).toBe(true)
    await pause(ASLEEP_MS)
    expect(inbox.statuses.at(-1)).not.toBe('SUBSCRIBED')
    backend.child.kill('SIGCONT')

    await inbox.joined(2, 15_000)
    await inbox.until(() => resyncs >= 1, 'the re-read request after the re-join', 10_000)

    const carol = await signUpUser(url, anonKey, 'carol')
    cleanup.push(() => carol.client.removeAllChannels())
    await like(carol, post)
    await inbox.until(
      () =>
        inbox.changes.some((change) => (change.new as { actor_id?: string }).actor_id === carol.id),
      'a live notification after waking'
    )
  }, 90_000)
})
