// The open thread's bounded window, on a fake backend holding a long history: the store keeps at
// most a few pages however far the reader scrolls, re-reads dropped pages by keyset on the way
// back, and live messages, hearts, unsends and sends still work while the newest is not held.

import { describe, expect, it, vi } from 'vitest'
import { DIRECT_PAGE_SIZE, type DirectMessage } from '@shared/data/direct/types'
import type { PageCursor } from '@shared/data/keyset'
import { toPage } from '@shared/data/keyset'
import { createConnectivityStore } from '../../offline/connectivityStore'
import { fakeServices } from '../../testing/fakeServices'
import { makeDirectMessage } from '../../testing/factories'
import { createDirectStore } from './directStore'
import { THREAD_MAX_LOADED_MESSAGES } from './threadWindow'

const THREAD = 't1'
const ME = 'me'
const COUNT = 1_000

const message = (n: number): DirectMessage =>
  makeDirectMessage({
    id: `m${String(n).padStart(5, '0')}`,
    thread_id: THREAD,
    sender_id: n % 2 ? 'ana' : ME,
    body: `message ${n}`,
    created_at: new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString()
  })

const key = (m: { created_at: string; id: string }): string => `${m.created_at}|${m.id}`
const cursorOf = (m: DirectMessage): PageCursor => ({ created_at: m.created_at, id: m.id })

/** A backend's history (oldest first) read the way messages.ts reads it. */
function fakeHistory(count: number) {
  const history = Array.from({ length: count }, (_, i) => message(i + 1))
  return {
    history,
    older: async (_thread: string, cursor: PageCursor | null = null) => {
      const rows = history.filter((m) => !cursor || key(m) < key(cursor)).reverse()
      return toPage(rows.slice(0, DIRECT_PAGE_SIZE + 1), DIRECT_PAGE_SIZE, cursorOf)
    },
    newer: async (_thread: string, cursor: PageCursor) => {
      const rows = history.filter((m) => key(m) > key(cursor))
      return toPage(rows.slice(0, DIRECT_PAGE_SIZE + 1), DIRECT_PAGE_SIZE, cursorOf)
    }
  }
}

async function setup() {
  const services = fakeServices()
  const backend = fakeHistory(COUNT)
  services.direct.fetchHistory.mockImplementation(backend.older)
  services.direct.fetchNewerHistory.mockImplementation(backend.newer)
  let listener: Parameters<typeof services.direct.live>[0] | null = null
  services.direct.live.mockImplementation((l) => {
    listener = l
    return () => undefined
  })
  const store = createDirectStore({
    direct: services.direct,
    connectivity: createConnectivityStore(),
    searchPeople: services.people.searchPeople,
    notify: vi.fn()
  })
  store.getState().start(ME)
  await store.getState().openThread(THREAD)
  return { store, direct: services.direct, backend, live: () => listener! }
}

const ids = (messages: DirectMessage[]): string[] => messages.map((m) => m.id)
const bodies = (n: number[]): string[] => n.map((i) => message(i).id)
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

type Store = Awaited<ReturnType<typeof setup>>['store']

async function scrollToFirst(store: Store): Promise<number> {
  let largest = 0
  while (store.getState().open!.older) {
    await store.getState().loadOlder()
    largest = Math.max(largest, store.getState().open!.messages.length)
  }
  return largest
}

describe('direct store: the open thread holds a bounded window', () => {
  it('keeps at most a few pages while scrolling up, dropping the newest ones', async () => {
    const { store } = await setup()
    expect(ids(store.getState().open!.messages)).toEqual(bodies(range(961, 1000)))
    expect(await scrollToFirst(store)).toBeLessThanOrEqual(THREAD_MAX_LOADED_MESSAGES)
    const open = store.getState().open!
    expect(ids(open.messages)).toEqual(bodies(range(1, THREAD_MAX_LOADED_MESSAGES)))
    expect(open.older).toBeNull()
    expect(open.newer).toEqual(cursorOf(message(THREAD_MAX_LOADED_MESSAGES)))
  })

  it('re-reads dropped pages by keyset on the way back down, each once, in order', async () => {
    const { store, direct } = await setup()
    await scrollToFirst(store)
    const seen: string[] = ids(store.getState().open!.messages)
    while (store.getState().open!.newer) {
      await store.getState().loadNewer()
      const held = ids(store.getState().open!.messages)
      expect(held.length).toBeLessThanOrEqual(THREAD_MAX_LOADED_MESSAGES)
      seen.push(...held.filter((id) => !seen.includes(id)))
    }
    expect(seen).toEqual(bodies(range(1, COUNT)))
    const open = store.getState().open!
    expect(ids(open.messages)).toEqual(bodies(range(COUNT - THREAD_MAX_LOADED_MESSAGES + 1, COUNT)))
    expect(open.older).toEqual(cursorOf(message(COUNT - THREAD_MAX_LOADED_MESSAGES + 1)))
    // Back at the newest, the thread is marked read again.
    expect(direct.markRead).toHaveBeenCalledTimes(2)
  })

  it('counts a message that arrives while the newest is not held, and shows it on a jump', async () => {
    const { store, direct, backend, live } = await setup()
    for (let i = 0; i < 6; i++) await store.getState().loadOlder()
    expect(store.getState().open!.newer).not.toBeNull()
    const arrived = message(COUNT + 1)
    backend.history.push(arrived)
    live().onMessage({ id: arrived.id, thread_id: THREAD, sender_id: 'ana' })
    await vi.waitFor(() => expect(store.getState().open!.arrivedBelow).toBe(1))
    expect(direct.fetchMessage).not.toHaveBeenCalled()
    expect(ids(store.getState().open!.messages)).not.toContain(arrived.id)

    await store.getState().showLatest()
    const open = store.getState().open!
    expect(open.newer).toBeNull()
    expect(open.arrivedBelow).toBe(0)
    expect(ids(open.messages).at(-1)).toBe(arrived.id)
  })

  it('applies hearts and unsends to held messages while the newest is not held', async () => {
    const { store, live } = await setup()
    for (let i = 0; i < 6; i++) await store.getState().loadOlder()
    const [first, second] = store.getState().open!.messages
    live().onHeart({ message_id: first.id, user_id: 'ana' }, true)
    live().onUnsend({ id: second.id })
    const open = store.getState().open!
    expect(open.messages[0].hearts).toEqual(['ana'])
    expect(ids(open.messages)).not.toContain(second.id)
  })

  it('brings the newest page back before showing a message sent from far up', async () => {
    const { store, direct } = await setup()
    for (let i = 0; i < 6; i++) await store.getState().loadOlder()
    direct.send.mockImplementation(async (outgoing: { id: string }) =>
      makeDirectMessage({ id: outgoing.id, thread_id: THREAD, sender_id: ME, body: 'hello' })
    )
    await store.getState().sendText('hello')
    const open = store.getState().open!
    expect(open.newer).toBeNull()
    expect(ids(open.messages).slice(-2)).toEqual([
      message(COUNT).id,
      direct.send.mock.calls[0][0].id
    ])
  })

  it('keeps the window bounded while live messages arrive at the newest', async () => {
    const { store, direct, live } = await setup()
    for (let i = 0; i < 4; i++) await store.getState().loadOlder()
    while (store.getState().open!.newer) await store.getState().loadNewer()
    for (let n = COUNT + 1; n <= COUNT + 50; n++) {
      direct.fetchMessage.mockResolvedValueOnce(message(n))
      live().onMessage({ id: message(n).id, thread_id: THREAD, sender_id: 'ana' })
      await vi.waitFor(() => expect(ids(store.getState().open!.messages)).toContain(message(n).id))
    }
    expect(store.getState().open!.messages).toHaveLength(THREAD_MAX_LOADED_MESSAGES)
  })
})
