// The direct store with the real read cache (on fake-indexeddb): the inbox and threads opened
// before are readable offline, and a message sent offline keeps its pending mark through a
// reopen and is delivered once, with its first id.

import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import type { DirectMessage, DirectThread } from '@shared/data/direct/types'
import { databaseOpener } from '../../offline/cache/cacheDb'
import { createReadCache } from '../../offline/cache/readCache'
import { savedAnswers } from '../../offline/cache/savedAnswers'
import { createConnectivityStore } from '../../offline/connectivityStore'
import { fakeServices } from '../../testing/fakeServices'
import { SAVED_THREAD_MESSAGES } from './directOffline'
import { makeDirectMessage } from '../../testing/factories'
import { createDirectStore } from './directStore'

const ME = 'me'
const networkError = (): Error => new TypeError('Failed to fetch')

const thread: DirectThread = {
  id: 't1',
  name: null,
  is_group: false,
  last_message_at: '2026-11-26T10:00:00Z',
  state: 'accepted',
  last_read_at: null,
  unread: false,
  people: [{ id: 'ana', username: 'ana', full_name: null, avatar_url: null, last_read_at: null }],
  last_message: null
}

function message(n: number, change: Partial<DirectMessage> = {}): DirectMessage {
  return makeDirectMessage({
    id: `m${n}`,
    sender_id: n % 2 ? 'ana' : ME,
    body: `message ${n}`,
    created_at: new Date(Date.UTC(2026, 10, 26, 0, 0, n)).toISOString(),
    ...change
  })
}

/** A fresh app start (new store, same cache), as after a restart. */
function start(db: IDBFactory) {
  const services = fakeServices()
  const connectivity = createConnectivityStore()
  const cache = createReadCache({ db: databaseOpener(db) })
  const store = createDirectStore({
    direct: services.direct,
    connectivity,
    searchPeople: services.people.searchPeople,
    notify: vi.fn(),
    saved: savedAnswers(cache, () => ME)
  })
  store.getState().start(ME)
  return { store, direct: services.direct, connectivity, cache }
}

async function readOnline(db: IDBFactory, history: DirectMessage[]) {
  const online = start(db)
  online.direct.fetchThreads.mockResolvedValue({ threads: [thread], next: null })
  online.direct.fetchHistory.mockResolvedValue({
    items: [...history].reverse(),
    next: { created_at: history[0].created_at, id: history[0].id }
  })
  await online.store.getState().loadFolder('inbox')
  await online.store.getState().openThread('t1')
  await vi.waitFor(async () =>
    expect(await online.cache.read(ME, 'direct-thread:t1')).not.toBeNull()
  )
  await vi.waitFor(async () => expect(await online.cache.read(ME, 'direct:inbox')).not.toBeNull())
}

function offline(db: IDBFactory) {
  const app = start(db)
  app.direct.fetchThreads.mockRejectedValue(networkError())
  app.direct.fetchHistory.mockRejectedValue(networkError())
  app.direct.markRead.mockRejectedValue(networkError())
  return app
}

describe('direct store offline', () => {
  it('shows the inbox and a thread read before when the backend cannot be reached', async () => {
    const db = new IDBFactory()
    await readOnline(db, [message(1), message(2), message(3)])

    const { store } = offline(db)
    await store.getState().loadFolder('inbox')
    expect(store.getState().folderStatus.inbox).toBe('ready')
    expect(store.getState().folders.inbox.map((t) => t.id)).toEqual(['t1'])
    await store.getState().openThread('t1')
    expect(store.getState().open).toMatchObject({ status: 'ready' })
    expect(store.getState().open!.messages.map((m) => m.body)).toEqual([
      'message 1',
      'message 2',
      'message 3'
    ])
  })

  it('says a never-opened thread cannot be loaded offline', async () => {
    const { store } = offline(new IDBFactory())
    await store.getState().openThread('t2')
    expect(store.getState().open).toMatchObject({ id: 't2', status: 'error' })
    await store.getState().loadFolder('requests')
    expect(store.getState().folderStatus.requests).toBe('error')
  })

  it('keeps the newest messages of a long thread, with where older history starts', async () => {
    const db = new IDBFactory()
    const history = Array.from({ length: SAVED_THREAD_MESSAGES + 20 }, (_, i) => message(i + 1))
    await readOnline(db, history)
    const { cache } = start(db)
    const saved = await cache.read<{ messages: DirectMessage[]; older: { id: string } }>(
      ME,
      'direct-thread:t1'
    )
    expect(saved!.messages).toHaveLength(SAVED_THREAD_MESSAGES)
    expect(saved!.messages.at(-1)!.id).toBe(`m${SAVED_THREAD_MESSAGES + 20}`)
    expect(saved!.older.id).toBe(saved!.messages[0].id)
  })

  it('keeps a message sent offline pending through a reopen, and sends it once with its id', async () => {
    const db = new IDBFactory()
    await readOnline(db, [message(1)])
    const { store, direct, connectivity } = offline(db)
    await store.getState().openThread('t1')
    direct.send.mockRejectedValue(networkError())
    await store.getState().sendText('on the train')
    expect(connectivity.getState().status).toBe('offline')
    const firstId = direct.send.mock.calls[0][0].id

    await store.getState().openThread(null)
    await store.getState().openThread('t1')
    expect(store.getState().open!.messages.map((m) => [m.body, m.pending ?? false])).toEqual([
      ['message 1', false],
      ['on the train', true]
    ])

    direct.send.mockImplementation(async (outgoing: { id: string }) =>
      message(2, { id: outgoing.id, body: 'on the train' })
    )
    connectivity.getState().reportReachable()
    await vi.waitFor(() => expect(store.getState().open!.messages[1].pending).toBeUndefined())
    expect(direct.send.mock.calls.map((call) => call[0].id)).toEqual([firstId, firstId])
    expect(store.getState().open!.messages).toHaveLength(2)
  })
})
